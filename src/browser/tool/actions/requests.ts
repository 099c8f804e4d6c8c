/** requests: the network log (the last 500 requests of every tab, or of one). */
import { DEFAULT_LOG_LIMIT, MAX_REQUESTS, readLog, requestHaystack, type RingBuffer } from '../logs.js';
import type { ToolBrowser } from '../tool-browser.js';
import { TAB_PARAM } from './common.js';
import { badInput, defineAction, type ActionFailure, type ParamSpecs } from './define.js';

export const LOG_PARAMS = {
  tab: { ...TAB_PARAM, description: "only this tab's entries (t1, t2, ...), and clear empties only them; default every tab" },
  filter: { type: 'string', description: 'keep entries containing this (case-insensitive)' },
  limit: { type: 'integer', description: `how many of the newest entries (default ${DEFAULT_LOG_LIMIT})`, min: 1, max: MAX_REQUESTS },
  clear: { type: 'boolean', description: 'empty the log after reading it' },
} as const satisfies ParamSpecs;

/** A tab filter must name a tab that is open or left entries in the log: a typo would otherwise read as "nothing happened". */
export function unknownLogTab(browser: ToolBrowser, log: RingBuffer<{ tab: string }>, tab: string | undefined): ActionFailure | undefined {
  if (tab === undefined || browser.get(tab) || log.all().some((entry) => entry.tab === tab)) return undefined;
  const open = browser.list().map((t) => t.id);
  return badInput(`no tab ${tab} and no log entries of one`, open.length ? `open tabs: ${open.join(', ')}` : 'open one with `open <url>`');
}

export const requests = defineAction({
  name: 'requests',
  description: `The network log: the last ${MAX_REQUESTS} requests (method, URL, resource type, status or failure) of every tab, or of targetId's. filter matches URL or resource type.`,
  params: LOG_PARAMS,
  async run(input, { browser }) {
    const unknown = unknownLogTab(browser, browser.logs.requests, input.tab);
    if (unknown) return unknown;
    return { ok: true, ...(input.tab ? { tab: input.tab } : {}), ...readLog(browser.logs.requests, requestHaystack, input), untrusted: ['entries'] };
  },
  render: (result) =>
    [
      `${result.returned} of ${result.total} requests${result.tab ? ` of ${result.tab}` : ''}${result.dropped ? ` (${result.dropped} older ones dropped)` : ''}`,
      ...result.entries.map((r) => `${r.tab} ${r.method} ${r.status ?? r.failure ?? '…'} ${r.resourceType} ${r.url}`),
    ].join('\n'),
});
