/** text: the visible text (innerText) of an element: selector, else article, main, body. */
import { capture } from '../capture.js';
import { isFailure, pickTab, TAB_PARAM } from './common.js';
import { badInput, defineAction, untrustedBlock } from './define.js';

export const MAX_TEXT_CHARS = 40_000;

const READ = `(selector, maxChars) => {
  let element = null;
  if (selector) {
    try { element = document.querySelector(selector); } catch (e) { return { error: 'invalid selector: ' + e.message }; }
    if (!element) return { error: 'no element matches ' + selector };
  } else {
    element = document.querySelector('article') || document.querySelector('main') || document.body;
  }
  if (!element) return { error: 'the page has no body yet' };
  const all = element.innerText || element.textContent || '';
  const which = selector || element.tagName.toLowerCase();
  return { source: which, text: all.slice(0, maxChars), truncated: all.length > maxChars, chars: all.length };
}`;

interface Read {
  error?: string;
  source: string;
  text: string;
  truncated: boolean;
  chars: number;
}

export const text = defineAction({
  name: 'text',
  description: `The text of the page as a reader sees it (innerText) of selector, else the article, main or body; at most maxChars (default and cap ${MAX_TEXT_CHARS}).`,
  params: {
    selector: { type: 'string', description: 'CSS selector of the element to read' },
    maxChars: { type: 'integer', description: `at most this many characters (default ${MAX_TEXT_CHARS})`, min: 1, max: MAX_TEXT_CHARS },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    const expression = `(${READ})(${JSON.stringify(input.selector ?? '')}, ${input.maxChars ?? MAX_TEXT_CHARS})`;
    const read = await capture(tab, 'text read', () => tab.page.evaluate(expression) as Promise<Read>);
    if (read.error) return badInput(read.error, 'take a snapshot to see what the page holds');
    return { ok: true, tab: tab.id, url: tab.page.url(), source: read.source, text: read.text, chars: read.chars, truncated: read.truncated, untrusted: ['text'] };
  },
  render: (result) => `${result.tab} ${result.url} (${result.source}, ${result.chars} chars${result.truncated ? ', truncated' : ''})\n${untrustedBlock('text', result.text)}`,
});
