/** tabs: the open tabs, the current one marked. */
import { tabInfo, type TabInfo } from './common.js';
import { defineAction } from './define.js';

export function renderTabs(tabs: TabInfo[]): string {
  if (tabs.length === 0) return 'no tabs open';
  return tabs.map((t) => `${t.current ? '*' : ' '} ${t.id} ${t.url} "${t.title}"`).join('\n');
}

export const tabs = defineAction({
  name: 'tabs',
  description: 'List the open tabs (id, URL, title); the current one is marked.',
  params: {},
  async run(_input, { browser }) {
    const list = await Promise.all(browser.list().map((tab) => tabInfo(browser, tab)));
    return { ok: true, tabs: list, untrusted: ['tabs'] };
  },
  render: (result) => renderTabs(result.tabs),
});
