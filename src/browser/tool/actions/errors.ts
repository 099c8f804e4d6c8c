/** errors: uncaught exceptions and console errors of every tab, or of one (the last 200). */
import { errorHaystack, MAX_ERRORS, readLog } from '../logs.js';
import { defineAction, untrustedBlock } from './define.js';
import { LOG_PARAMS, unknownLogTab } from './requests.js';

export const errors = defineAction({
  name: 'errors',
  description: `The page-error log: the last ${MAX_ERRORS} uncaught exceptions and console errors of every tab, or of targetId's. filter matches message or URL.`,
  params: { ...LOG_PARAMS, limit: { ...LOG_PARAMS.limit, max: MAX_ERRORS } },
  async run(input, { browser }) {
    const unknown = unknownLogTab(browser, browser.logs.errors, input.tab);
    if (unknown) return unknown;
    return { ok: true, ...(input.tab ? { tab: input.tab } : {}), ...readLog(browser.logs.errors, errorHaystack, input), untrusted: ['entries'] };
  },
  render: (result) => {
    const head = `${result.returned} of ${result.total} errors${result.tab ? ` of ${result.tab}` : ''}${result.dropped ? ` (${result.dropped} older ones dropped)` : ''}`;
    if (result.entries.length === 0) return head;
    return `${head}\n${untrustedBlock('page errors', result.entries.map((e) => `${e.tab} ${e.kind} ${e.url}: ${e.message}`).join('\n'))}`;
  },
});
