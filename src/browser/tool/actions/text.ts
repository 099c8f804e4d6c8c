/**
 * text: the text of an element as a person sees it: selector, else article, main, body.
 * innerText alone keeps text a person cannot see (opacity 0, off-screen, white on white,
 * a 1px box): a channel for instructions to whoever reads the result. The page is marked
 * as the research reader marks it (page/visibility-script.ts) and what is marked hidden
 * is left out.
 */
import { HIDDEN_MARK, markedPageSource } from '../../page/visibility-script.js';
import { capture } from '../capture.js';
import { isFailure, pickTab, TAB_PARAM } from './common.js';
import { badInput, defineAction, untrustedBlock } from './define.js';

export const MAX_TEXT_CHARS = 40_000;
/** Judging what is hidden gets this long; a page too big to judge within it is read as innerText has it. */
const MARK_BUDGET_MS = 3_000;

/** Hidden elements out of the layout while innerText is read; an element hiding only its own text keeps its children. */
const HIDE_MARKED = `[${HIDDEN_MARK}="1"] { display: none !important; } [${HIDDEN_MARK}="text"] { visibility: hidden !important; } [${HIDDEN_MARK}="text"] > * { visibility: visible !important; }`;

const READ = `((selector, maxChars) => {
  let element = null;
  if (selector) {
    try { element = document.querySelector(selector); } catch (e) { return { error: 'invalid selector: ' + e.message }; }
    if (!element) return { error: 'no element matches ' + selector };
  } else {
    element = document.querySelector('article') || document.querySelector('main') || document.body;
  }
  if (!element) return { error: 'the page has no body yet' };
  const style = document.createElement('style');
  style.textContent = ${JSON.stringify(HIDE_MARKED)};
  document.documentElement.append(style);
  let all = '';
  try { all = element.innerText || ''; } finally { style.remove(); }
  const which = selector || element.tagName.toLowerCase();
  const marked = '[${HIDDEN_MARK}]';
  const hidden = element.querySelectorAll(marked).length + (element.matches(marked) ? 1 : 0);
  return { source: which, text: all.slice(0, maxChars), truncated: all.length > maxChars, chars: all.length, hidden };
})`;

interface Read {
  error?: string;
  source: string;
  text: string;
  truncated: boolean;
  chars: number;
  /** Hidden elements left out of the element read (0 when the page could not be judged in time). */
  hidden: number;
}

export const text = defineAction({
  name: 'text',
  description: `The text of the page as a person sees it (innerText, less text hidden from view) of selector, else the article, main or body; at most maxChars (default and cap ${MAX_TEXT_CHARS}).`,
  params: {
    selector: { type: 'string', description: 'CSS selector of the element to read' },
    maxChars: { type: 'integer', description: `at most this many characters (default ${MAX_TEXT_CHARS})`, min: 1, max: MAX_TEXT_CHARS },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    const expression = markedPageSource(MARK_BUDGET_MS, `${READ}(${JSON.stringify(input.selector ?? '')}, ${input.maxChars ?? MAX_TEXT_CHARS})`);
    const read = await capture(tab, 'text read', () => tab.page.evaluate(expression) as Promise<Read>);
    if (read.error) return badInput(read.error, 'take a snapshot to see what the page holds');
    return { ok: true, tab: tab.id, url: tab.page.url(), source: read.source, text: read.text, chars: read.chars, truncated: read.truncated, hidden: read.hidden, untrusted: ['text'] };
  },
  render: (result) => `${result.tab} ${result.url} (${result.source}, ${result.chars} chars${result.truncated ? ', truncated' : ''}${result.hidden ? `, ${result.hidden} hidden elements left out` : ''})\n${untrustedBlock('text', result.text)}`,
});
