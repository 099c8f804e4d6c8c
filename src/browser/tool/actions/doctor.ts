/** doctor: is there a Chrome, does it start, and with which settings. */
import { defineAction } from './define.js';

export const doctor = defineAction({
  name: 'doctor',
  description: 'Check that Chrome starts (or that --cdp-url answers) and report its version and the launch settings.',
  params: {},
  async run(_input, { browser, persistent }) {
    const started = Date.now();
    const version = await (await browser.browser()).version();
    const { launch } = browser.options;
    return {
      ok: true,
      version,
      connected: Boolean(launch.cdpUrl),
      stealth: launch.stealth,
      headless: !launch.headful,
      allowPrivateNetwork: browser.options.allowPrivateNetwork,
      persistent: Boolean(persistent),
      ms: Date.now() - started,
    };
  },
  render: (r) =>
    [
      `chrome: ${r.version}${r.connected ? ' (connected via --cdp-url)' : ''}, ready in ${r.ms} ms`,
      `stealth: ${r.stealth ? 'on' : 'off'}; ${r.headless ? 'headless' : 'headful'}; private network ${r.allowPrivateNetwork ? 'allowed' : 'refused'}`,
      `persistent browser: ${r.persistent ? 'yes (scout browser start)' : 'no'}`,
    ].join('\n'),
});
