/** errors: uncaught exceptions and console errors of every tab (the last 200). */
import { errorHaystack, MAX_ERRORS, readLog } from '../logs.js';
import { defineAction, untrustedBlock } from './define.js';
import { LOG_PARAMS } from './requests.js';

export const errors = defineAction({
  name: 'errors',
  description: `The page-error log: the last ${MAX_ERRORS} uncaught exceptions and console errors. filter matches message or URL.`,
  params: { ...LOG_PARAMS, limit: { ...LOG_PARAMS.limit, max: MAX_ERRORS } },
  async run(input, { browser }) {
    return { ok: true, ...readLog(browser.logs.errors, errorHaystack, input), untrusted: ['entries'] };
  },
  render: (result) => {
    const head = `${result.returned} of ${result.total} errors${result.dropped ? ` (${result.dropped} older ones dropped)` : ''}`;
    if (result.entries.length === 0) return head;
    return `${head}\n${untrustedBlock('page errors', result.entries.map((e) => `${e.tab} ${e.kind} ${e.url}: ${e.message}`).join('\n'))}`;
  },
});
