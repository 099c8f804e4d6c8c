/** status: whether a browser runs, persistent or not, and its tabs. */
import { defineAction } from './define.js';

export const status = defineAction({
  name: 'status',
  description: 'Whether the browser runs (and is the persistent one of `scout browser start`), its endpoint and tabs.',
  params: {},
  async run(_input, { browser, persistent }) {
    return {
      ok: true,
      running: browser.running,
      persistent: Boolean(persistent),
      ...(persistent ? { pid: persistent.pid, stateFile: persistent.stateFile, startedAt: persistent.startedAt } : {}),
      ...(browser.wsEndpoint ? { wsEndpoint: browser.wsEndpoint } : {}),
      tabs: browser.list().map((t) => t.id),
      current: browser.current()?.id ?? null,
    };
  },
  render: (r) => {
    if (!r.running && !r.persistent) return 'no persistent browser (start one with `scout browser start`)';
    const head = r.persistent ? `persistent browser running (pid ${r.pid}, since ${r.startedAt})` : 'browser running';
    return [head, ...(r.wsEndpoint ? [`endpoint: ${r.wsEndpoint}`] : []), `tabs: ${r.tabs.length ? r.tabs.join(', ') : 'none'}${r.current ? ` (current ${r.current})` : ''}`].join('\n');
  },
});
