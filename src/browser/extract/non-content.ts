/**
 * Removing what is never page content, whatever the page type: non-text elements
 * (scripts, media, form controls), comments, <noscript> and hidden elements.
 */
import type { CheerioAPI } from 'cheerio';
import { isElement, rawText, remove, type AnyNode, type Element } from './dom.js';
import { collapseWhitespace } from './text-measure.js';

const NON_TEXT = [
  'script', 'style', 'template', 'svg', 'iframe', 'frame', 'frameset', 'meta', 'link', 'object',
  'embed', 'canvas', 'audio', 'video', 'source', 'track', 'map', 'input', 'select', 'textarea', 'button',
  'option', 'datalist', 'head', 'title', 'base', 'math',
].join(',');

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/**
 * Non-text and hidden elements go whatever the page type. Two exceptions for pages
 * that reveal their content with script: a <noscript> fallback is read, and hidden
 * elements are kept, when the rest of the page has almost no text (not when `strict`:
 * links must be visible ones).
 */
export function removeNonContent($: CheerioAPI, options: { strict?: boolean } = {}): { keptHidden: boolean } {
  $(NON_TEXT).remove();
  const noscripts = $('noscript');
  const textOutside = () => collapseWhitespace($('body').text()).length;
  const fallback = noscripts.length > 0 && (noscripts.remove(), textOutside()) < SCRIPTED_PAGE_CHARS;
  if (fallback && options.strict !== true) restore($, noscripts);
  const root = $.root()[0];
  if (!root) return { keptHidden: false };
  const hidden: Element[] = [];
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      remove(node);
      continue;
    }
    if (!isElement(node)) continue;
    if (isHidden(node)) hidden.push(node);
    // Not push(...children): a page with a few hundred thousand siblings overflows the call stack.
    else for (const child of node.children) stack.push(child);
  }
  const hiddenChars = hidden.reduce((n, el) => n + collapseWhitespace(rawText(el)).length, 0);
  const keptHidden = options.strict !== true && hiddenChars > 0 && textOutside() - hiddenChars < SCRIPTED_PAGE_CHARS;
  if (!keptHidden) for (const el of hidden) remove(el);
  return { keptHidden };
}

/** Below this many characters of visible text a page is taken to be drawn by script. */
const SCRIPTED_PAGE_CHARS = 500;

/** Put the removed <noscript> contents back, parsed, into the body. */
function restore($: CheerioAPI, noscripts: ReturnType<CheerioAPI>): void {
  const body = $('body');
  noscripts.each((_, el) => {
    const inner = $(el).html() ?? '';
    body.append(inner.includes('&lt;') && !inner.includes('<') ? $(el).text() : inner);
  });
  body.find(NON_TEXT).remove();
}

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a || a['aria-hidden'] === 'true') return true;
  if (a['type'] === 'hidden') return true;
  const style = a['style'];
  return style !== undefined && HIDDEN_STYLE.test(style);
}

