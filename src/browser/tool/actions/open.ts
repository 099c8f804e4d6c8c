/** open: a URL in a new tab, returned once the navigation committed. */
import { checkToolTarget, DOWNLOAD_NOTE, navigateTab, watch } from '../navigation.js';
import { renderHappenings, tabInfo, TIMEOUT_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

export const open = defineAction({
  name: 'open',
  description:
    'Open a URL in a new tab and make it current. Returns once the page committed, even if it never finishes loading (act kind "wait" then waits for what you need). ' +
    'A URL that is a file reports the download instead (no tab stays open); a cancelled open closes its tab at once.',
  params: {
    url: { type: 'string', description: 'http(s) URL to open', required: true },
    timeoutMs: TIMEOUT_PARAM,
  },
  positional: ['url'],
  async run(input, { browser, signal }) {
    const target = await checkToolTarget(browser, input.url);
    if (!target.ok) return badInput(target.error, target.hint);
    const tab = await browser.newTab();
    const events = watch(tab);
    const outcome = await navigateTab(browser, tab, target.href, input.timeoutMs, signal);
    if (!outcome.ok) {
      await browser.closeTab(tab);
      if (outcome.interrupted) return { ...fail(outcome.error, `the tab it opened (${tab.id}) was closed; other tabs are as they were`, 'INTERRUPTED'), closed: tab.id };
      if (outcome.download) return { ok: true, download: outcome.download, ...events.since(), downloads: [], untrusted: ['dialogs'] };
      return { ...fail(outcome.error, outcome.hint ?? 'check the URL, or give it more time with timeoutMs'), ...events.since() };
    }
    return {
      ok: true,
      tab: await tabInfo(browser, tab),
      status: outcome.status,
      ...(outcome.interstitial ? { interstitial: outcome.interstitial } : {}),
      ...events.since(),
      untrusted: ['tab.title', 'dialogs'],
    };
  },
  render: (result) => {
    if ('download' in result) return [`${result.download}: ${DOWNLOAD_NOTE}; no tab opened`, ...renderHappenings(result)].join('\n');
    return [
      `opened ${result.tab.id}: ${result.tab.url} "${result.tab.title}" (HTTP ${result.status ?? '?'})`,
      ...(result.interstitial ? [`the page still shows a browser check ("${result.interstitial}")`] : []),
      ...renderHappenings(result),
    ].join('\n');
  },
});
