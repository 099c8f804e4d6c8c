/** navigate: the current tab to a URL; the new page's efficient snapshot comes back inline. */
import { checkToolTarget, DOWNLOAD_NOTE, navigateTab, watch } from '../navigation.js';
import { isFailure, pickTab, renderHappenings, renderSnapshotData, TAB_PARAM, takeSnapshot, TIMEOUT_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

export const navigate = defineAction({
  name: 'navigate',
  description:
    "Load a URL in the current tab (a new tab when none is open) and return the new page's efficient snapshot. A URL that is a file reports the download instead, and the tab stays where it was.",
  params: {
    url: { type: 'string', description: 'http(s) URL to load', required: true },
    timeoutMs: TIMEOUT_PARAM,
    tab: TAB_PARAM,
  },
  positional: ['url'],
  async run(input, { browser, signal }) {
    const target = await checkToolTarget(browser, input.url);
    if (!target.ok) return badInput(target.error, target.hint);
    const existing = input.tab || browser.current() ? pickTab(browser, input.tab) : await browser.newTab();
    if (isFailure(existing)) return existing;
    const tab = existing;
    const events = watch(tab);
    const outcome = await navigateTab(browser, tab, target.href, input.timeoutMs, signal);
    if (!outcome.ok && outcome.download) {
      const happened = events.since();
      return { ok: true, tab: tab.id, url: tab.page.url(), download: outcome.download, status: null, ...happened, downloads: [], untrusted: ['dialogs'] };
    }
    if (!outcome.ok) return { ...fail(outcome.error, outcome.hint ?? 'check the URL, or give it more time with timeoutMs', outcome.interrupted ? 'INTERRUPTED' : undefined), ...events.since() };
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
  render: (result) => {
    if ('download' in result) return [`${result.download}: ${DOWNLOAD_NOTE}; ${result.tab} still shows ${result.url}`, ...renderHappenings(result)].join('\n');
    return [`HTTP ${result.status ?? '?'}`, ...renderHappenings(result), renderSnapshotData(result)].join('\n');
  },
});
