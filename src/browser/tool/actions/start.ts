/** start: launch the browser now; in `scout browser start` it is the persistent one later calls reuse. */
import { defineAction } from './define.js';

export const start = defineAction({
  name: 'start',
  description: 'Launch the browser now and keep it. From the shell, `scout browser start` keeps one running for later `scout browser` calls.',
  params: {},
  async run(_input, { browser, persistent }) {
    const already = browser.running;
    await browser.browser();
    return {
      ok: true,
      started: !already,
      persistent: Boolean(persistent),
      ...(persistent ? { pid: persistent.pid, stateFile: persistent.stateFile } : {}),
      wsEndpoint: browser.wsEndpoint ?? '',
    };
  },
  render: (r) =>
    `${r.started ? 'started' : 'already running'}: ${r.wsEndpoint}${r.persistent ? `\npersistent browser, pid ${r.pid}; state in ${r.stateFile}; stop it with \`scout browser stop\`` : ''}`,
});
