/** requests: the network log (the last 500 requests of every tab). */
import { DEFAULT_LOG_LIMIT, MAX_REQUESTS, readLog, requestHaystack } from '../logs.js';
import { defineAction, type ParamSpecs } from './define.js';

export const LOG_PARAMS = {
  filter: { type: 'string', description: 'keep entries containing this (case-insensitive)' },
  limit: { type: 'integer', description: `how many of the newest entries (default ${DEFAULT_LOG_LIMIT})`, min: 1, max: MAX_REQUESTS },
  clear: { type: 'boolean', description: 'empty the log after reading it' },
} as const satisfies ParamSpecs;

export const requests = defineAction({
  name: 'requests',
  description: `The network log: the last ${MAX_REQUESTS} requests (method, URL, resource type, status or failure). filter matches URL or resource type.`,
  params: LOG_PARAMS,
  async run(input, { browser }) {
    return { ok: true, ...readLog(browser.logs.requests, requestHaystack, input), untrusted: ['entries'] };
  },
  render: (result) =>
    [
      `${result.returned} of ${result.total} requests${result.dropped ? ` (${result.dropped} older ones dropped)` : ''}`,
      ...result.entries.map((r) => `${r.tab} ${r.method} ${r.status ?? r.failure ?? '…'} ${r.resourceType} ${r.url}`),
    ].join('\n'),
});
