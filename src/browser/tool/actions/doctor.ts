/**
 * doctor: is there a Chrome, does it start, with which settings, and which
 * tabs it has; in the persistent browser also whether its state file still
 * describes it. `scout browser doctor` adds what it found of the state file
 * before asking (commands/browser.ts: none, stale and removed, not answering).
 */
import { readState } from '../persistent/state.js';
import { tabInfo, type TabInfo } from './common.js';
import { defineAction } from './define.js';

export interface StateReport {
  file: string;
  /** none: no persistent browser; removed: a stale file of an exited process was removed; running: it answered. */
  status: 'none' | 'removed' | 'unreadable' | 'running';
  pid?: number;
  /** The file's permission bits (0600 expected). */
  mode?: string;
  /** Whether the file names this process and its browser's endpoint. */
  matches?: boolean;
}

export const doctor = defineAction({
  name: 'doctor',
  description:
    'Check that Chrome starts (or that --cdp-url answers) and report its version, the launch settings and the open tabs; from the shell also the persistent browser\'s state file.',
  params: {},
  async run(_input, { browser, persistent }) {
    const started = Date.now();
    const chrome = await browser.browser();
    const version = await chrome.version();
    const tabs: TabInfo[] = await Promise.all(browser.list().map((tab) => tabInfo(browser, tab)));
    const recorded = persistent ? readState(persistent.stateFile) : undefined;
    const state: StateReport | undefined = persistent
      ? { file: persistent.stateFile, status: 'running', pid: persistent.pid, matches: recorded?.pid === persistent.pid && recorded.wsEndpoint === browser.wsEndpoint }
      : undefined;
    const { launch } = browser.options;
    return {
      ok: true,
      version,
      browserConnected: chrome.connected,
      connected: Boolean(launch.cdpUrl),
      stealth: launch.stealth,
      headless: !launch.headful,
      allowPrivateNetwork: browser.options.allowPrivateNetwork,
      persistent: Boolean(persistent),
      tabs,
      state,
      ms: Date.now() - started,
      untrusted: ['tabs'],
    };
  },
  render: (r) =>
    [
      `chrome: ${r.version}${r.connected ? ' (connected via --cdp-url)' : ''}, ${r.browserConnected ? 'answering' : 'NOT answering'}, ready in ${r.ms} ms`,
      `stealth: ${r.stealth ? 'on' : 'off'}; ${r.headless ? 'headless' : 'headful'}; private network ${r.allowPrivateNetwork ? 'allowed' : 'refused'}`,
      `persistent browser: ${r.persistent ? `yes (scout browser start, pid ${r.state?.pid})` : 'no'}`,
      ...(r.state ? [renderState(r.state)] : []),
      `tabs: ${r.tabs.length ? r.tabs.map((t) => `${t.current ? '*' : ''}${t.id} ${t.url}`).join(', ') : 'none'}`,
    ].join('\n'),
});

function renderState(state: StateReport): string {
  if (state.status === 'none') return `state file: none at ${state.file}`;
  if (state.status === 'removed') return `state file: removed a stale one at ${state.file} (pid ${state.pid} had exited)`;
  if (state.status === 'unreadable') return `state file: ${state.file} is unreadable (ignored; \`scout browser start\` writes a new one)`;
  const problems = [...(state.matches === false ? ['does NOT describe this browser'] : []), ...(state.mode && state.mode !== '0600' ? [`mode ${state.mode}, expected 0600`] : [])];
  return `state file: ${state.file}${state.mode ? ` (mode ${state.mode})` : ''}${problems.length ? `: ${problems.join('; ')}` : ', describes this browser'}`;
}
