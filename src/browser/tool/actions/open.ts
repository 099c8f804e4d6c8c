/** open: a URL in a new tab, returned once the navigation committed. */
import { checkToolTarget, navigateTab, watch } from '../navigation.js';
import { renderHappenings, tabInfo, TIMEOUT_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

export const open = defineAction({
  name: 'open',
  description: 'Open a URL in a new tab and make it current. Returns once the page committed, even if it never finishes loading.',
  params: {
    url: { type: 'string', description: 'http(s) URL to open', required: true },
    timeoutMs: TIMEOUT_PARAM,
  },
  positional: ['url'],
  async run(input, { browser }) {
    const target = await checkToolTarget(browser, input.url);
    if (!target.ok) return badInput(target.error, target.hint);
    const tab = await browser.newTab();
    const events = watch(tab);
    const outcome = await navigateTab(browser, tab, target.href, input.timeoutMs);
    if (!outcome.ok) {
      await browser.closeTab(tab);
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
  render: (result) =>
    [
      `opened ${result.tab.id}: ${result.tab.url} "${result.tab.title}" (HTTP ${result.status ?? '?'})`,
      ...(result.interstitial ? [`the page still shows a browser check ("${result.interstitial}")`] : []),
      ...renderHappenings(result),
    ].join('\n'),
});
