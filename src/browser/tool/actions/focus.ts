/** focus: make another tab the current one. */
import { isFailure, pickTab, TAB_PARAM, tabInfo } from './common.js';
import { defineAction } from './define.js';

export const focus = defineAction({
  name: 'focus',
  description: 'Make a tab the current one; later actions act on it.',
  params: { tab: { ...TAB_PARAM, description: 'tab id (t1, t2, ...) as open and tabs report it (targetId and tab name the same parameter)', required: true } },
  positional: ['tab'],
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    browser.focus(tab);
    await tab.page.bringToFront().catch(() => {});
    return { ok: true, tab: await tabInfo(browser, tab) };
  },
  render: (result) => `current tab: ${result.tab.id} ${result.tab.url}`,
});
