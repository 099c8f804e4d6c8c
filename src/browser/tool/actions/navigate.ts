/** navigate: the current tab to a URL; the new page's efficient snapshot comes back inline. */
import { checkToolTarget, navigateTab, watch } from '../navigation.js';
import { isFailure, pickTab, renderHappenings, renderSnapshotData, TAB_PARAM, takeSnapshot, TIMEOUT_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

export const navigate = defineAction({
  name: 'navigate',
  description: 'Load a URL in the current tab (a new tab when none is open) and return the new page\'s efficient snapshot.',
  params: {
    url: { type: 'string', description: 'http(s) URL to load', required: true },
    timeoutMs: TIMEOUT_PARAM,
    tab: TAB_PARAM,
  },
  positional: ['url'],
  async run(input, { browser }) {
    const target = await checkToolTarget(browser, input.url);
    if (!target.ok) return badInput(target.error, target.hint);
    const existing = input.tab || browser.current() ? pickTab(browser, input.tab) : await browser.newTab();
    if (isFailure(existing)) return existing;
    const tab = existing;
    const events = watch(tab);
    const outcome = await navigateTab(browser, tab, target.href, input.timeoutMs);
    if (!outcome.ok) return { ...fail(outcome.error, outcome.hint ?? 'check the URL, or give it more time with timeoutMs'), ...events.since() };
    const snapshot = await takeSnapshot(tab, { mode: 'efficient' });
    return {
      ok: true,
      ...snapshot,
      status: outcome.status,
      ...(outcome.interstitial ? { interstitial: outcome.interstitial } : {}),
      ...events.since(),
      untrusted: ['snapshot', 'title', 'dialogs'],
    };
  },
  render: (result) => [`HTTP ${result.status ?? '?'}`, ...renderHappenings(result), renderSnapshotData(result)].join('\n'),
});
