/** close: close a tab (default the current one). */
import { isFailure, pickTab, TAB_PARAM } from './common.js';
import { defineAction } from './define.js';

export const close = defineAction({
  name: 'close',
  description: 'Close a tab (default the current one); the last remaining tab becomes current.',
  params: { tab: TAB_PARAM },
  positional: ['tab'],
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab, { crashedOk: true });
    if (isFailure(tab)) return tab;
    await browser.closeTab(tab);
    return { ok: true, closed: tab.id, current: browser.current()?.id ?? null };
  },
  render: (result) => `closed ${result.closed}${result.current ? `; current tab: ${result.current}` : '; no tabs open'}`,
});
