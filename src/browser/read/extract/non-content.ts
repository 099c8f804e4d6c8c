/**
 * Removing what is never page content, whatever the page type: non-text elements
 * (scripts, media, form controls), comments, <noscript> and hidden elements (though
 * not the accordion answers and tabs a page collapses until clicked). A DOM read from
 * the browser carries the page's own verdict (page/visibility-script.ts): what it marks
 * hidden goes and its panels stay; raw HTML (bench, tests) is judged by its markup.
 */
import type { CheerioAPI } from 'cheerio';
import { HIDDEN_MARK, MARKED, PANEL_MARK } from '../../page/visibility-script.js';
import { boundedText, descendants, hintsOf, hintWords, isElement, rawText, remove, type AnyNode, type Element } from './dom.js';
import { collapseWhitespace } from './text-measure.js';

const NON_TEXT_TAGS = new Set([
  'script', 'style', 'template', 'svg', 'iframe', 'frame', 'frameset', 'meta', 'link', 'object',
  'embed', 'canvas', 'audio', 'video', 'source', 'track', 'map', 'input', 'select', 'textarea', 'button',
  'option', 'datalist', 'head', 'title', 'base', 'math',
]);
const NON_TEXT = [...NON_TEXT_TAGS].join(',');

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/**
 * Non-text and hidden elements go whatever the page type. Two exceptions for pages
 * that reveal their content with script: a <noscript> fallback is read, and hidden
 * elements are kept, when the rest of the page has almost no text (not when `strict`:
 * links must be visible ones).
 */
export function removeNonContent($: CheerioAPI, options: { strict?: boolean } = {}): { keptHidden: boolean } {
  if ($('html:first').attr(MARKED) === '1') {
    removeMarked($);
    return { keptHidden: false };
  }
  const fields = fieldCounts($);
  const titles = panelTitles($, isHidden);
  const controlled = new Set(titles.values());
  dropConsentPrompts($);
  $(NON_TEXT).remove();
  const noscripts = $('noscript');
  const textOutside = () => collapseWhitespace($('body:first').text()).length;
  const fallback = noscripts.length > 0 && (noscripts.remove(), textOutside()) < SCRIPTED_PAGE_CHARS;
  if (fallback && options.strict !== true) restore($, noscripts);
  const root = $.root()[0];
  if (!root) return { keptHidden: false };
  const hidden: Element[] = [];
  const panels = new Set<Element>();
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      remove(node);
      continue;
    }
    if (!isElement(node)) continue;
    const panel = isHidden(node) && isCollapsedPanel(node, fields.get(node) ?? 0, controlled.has(node));
    if (panel) panels.add(node);
    if (isHidden(node) && !panel) hidden.push(node);
    // Not push(...children): a page with a few hundred thousand siblings overflows the call stack.
    else for (const child of node.children) stack.push(child);
  }
  for (const [title, panel] of titles) if (!panels.has(panel)) remove(title);
  const hiddenChars = hidden.reduce((n, el) => n + collapseWhitespace(rawText(el)).length, 0);
  const keptHidden = options.strict !== true && hiddenChars > 0 && textOutside() - hiddenChars < SCRIPTED_PAGE_CHARS;
  if (!keptHidden) for (const el of hidden) remove(el);
  return { keptHidden };
}

/**
 * A DOM the browser marked: what it found not rendered goes (an element whole, or only its
 * own text), <noscript> too (scripts ran), and the panels it kept keep their titles. So
 * does what a hiding class marks, in case the stylesheet that hides it never arrived.
 */
function removeMarked($: CheerioAPI): void {
  const fields = fieldCounts($);
  panelTitles($, (panel) => panel.attribs[PANEL_MARK] === '1');
  dropConsentPrompts($);
  $(`${NON_TEXT},noscript`).remove();
  const stack: AnyNode[] = [...($.root()[0]?.children ?? [])];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') remove(node);
    if (!isElement(node)) continue;
    const mark = node.attribs[HIDDEN_MARK];
    const unstyled = mark === undefined && node.attribs[PANEL_MARK] !== '1' && hiddenByClass(node) && !isCollapsedPanel(node, fields.get(node) ?? 0, false);
    if (mark === '1' && !/\S/.test(rawText(node))) silence(node);
    else if (mark === '1' || unstyled) remove(node);
    else {
      for (const child of [...node.children]) {
        if (mark === 'text' && child.type === 'text') remove(child);
        else stack.push(child);
      }
    }
  }
}

/** A consent prompt is a few sentences and its buttons. */
const CONSENT_MAX_CHARS = 600;
/** Raw text (scripts, styles and buttons in) beyond which a box is no prompt, so not copied to read. */
const PROMPT_MAX_RAW = 8 * CONSENT_MAX_CHARS;
const COOKIE_WORD = /\bcookies?\b/i;
/** What a consent prompt asks (a recipe box's "Cookies" does not). */
const CONSENT_WORD = /\b(?:consent|preferences|accept|allow|opt[\s-]in|privacy)\b/i;

/**
 * A consent prompt, whatever its class names: the nearest box around a button that says
 * something besides its buttons, when that is a few sentences on cookies and consent (a
 * banner, or the stand-in for an embed that the reader's consent would load: "This content
 * isn't visible due to your cookie preferences"). Read before the buttons go, since they are
 * what tells it from prose about cookies.
 */
function dropConsentPrompts($: CheerioAPI): void {
  const prompts = new Set<Element>();
  for (const button of descendants($.root()[0] as unknown as Element).filter((el) => el.name === 'button')) {
    // The nearest box with text of its own, unless a box on the way is too long to be a prompt.
    let text: string | undefined = '';
    let box = button.parent;
    for (; box && isElement(box) && box.name !== 'body'; box = box.parent) if ((text = boundedText(box, PROMPT_MAX_RAW, NON_TEXT_TAGS)) !== '') break;
    if (!box || !isElement(box) || box.name === 'body' || box.name === 'main' || text === undefined) continue;
    if (text.length <= CONSENT_MAX_CHARS && COOKIE_WORD.test(text) && CONSENT_WORD.test(text)) prompts.add(box);
  }
  for (const box of prompts) remove(box);
}

/**
 * A hidden element with no text (a gallery of pictures that were not loaded) stays as the
 * page's structure, which the reader weighs, but says nothing: no alt, title or label.
 */
function silence(el: Element): void {
  for (const x of [el, ...descendants(el)]) {
    delete x.attribs['alt'];
    delete x.attribs['title'];
    delete x.attribs['aria-label'];
  }
}

/** Below this many characters of visible text a page is taken to be drawn by script. */
const SCRIPTED_PAGE_CHARS = 500;

/** Put the removed <noscript> contents back, parsed, into the body. */
function restore($: CheerioAPI, noscripts: ReturnType<CheerioAPI>): void {
  const body = $('body:first');
  noscripts.each((_, el) => {
    const inner = $(el).html() ?? '';
    body.append(inner.includes('&lt;') && !inner.includes('<') ? $(el).text() : inner);
  });
  body.find(NON_TEXT).remove();
}

/** Class/id words of panels a page collapses until clicked: accordions, tabs, FAQ answers, carousel slides. */
const PANEL_HINT = hintWords([
  'accordions?', 'collaps(?:e|ed|ible)', 'panel', 'tabpanel', 'tab-?pane', 'faq', 'answer', 'toggle', 'expand\\w*',
  'disclosure', 'slide',
]);
const PANEL_ROLES = new Set(['tabpanel', 'region']);
const CLONE_HINT = hintWords(['cloned?']);
/** Above this share of link text a collapsed element is a menu or a dropdown, not a panel of content. */
const PANEL_MAX_LINK_SHARE = 0.5;
/** A panel of content has at least this much text per form field in it. */
const CHARS_PER_FIELD = 100;

/**
 * An accordion answer, a tab or a carousel slide is hidden only until clicked: its text
 * is the page's content; so is the target of a button's aria-controls, whatever its class
 * (as the browser judges it, page/visibility-script.ts). Collapsed menus (mostly links) and panels of form fields
 * (filters, settings: a field every few words) stay hidden, and so do a carousel's cloned
 * slides, which only repeat the real ones.
 */
function isCollapsedPanel(el: Element, fields: number, controlled: boolean): boolean {
  const hints = hintsOf(el);
  if (isOverlay(el) || CLONE_HINT.test(hints)) return false;
  if (!controlled && !PANEL_ROLES.has(el.attribs['role'] ?? '') && !PANEL_HINT.test(hints)) return false;
  const chars = collapseWhitespace(rawText(el)).length;
  const linkChars = descendants(el).filter((d) => d.name === 'a').reduce((n, a) => n + collapseWhitespace(rawText(a)).length, 0);
  return chars > fields * CHARS_PER_FIELD && linkChars <= PANEL_MAX_LINK_SHARE * chars;
}

/** How many form fields each element holds, counted before the fields go. */
function fieldCounts($: CheerioAPI): Map<Element, number> {
  const counts = new Map<Element, number>();
  for (const field of $('input, select, textarea').toArray()) {
    for (let node = field.parent; node && isElement(node); node = node.parent) counts.set(node, (counts.get(node) ?? 0) + 1);
  }
  return counts;
}

/**
 * The button that opens a hidden panel is the panel's title ("Can I take a bicycle?"):
 * it becomes a line of text, kept if the panel is kept (see isCollapsedPanel), where other
 * buttons go.
 */
function panelTitles($: CheerioAPI, collapsed: (panel: Element) => boolean): Map<Element, Element> {
  const titles = new Map<Element, Element>();
  const buttons = $('button[aria-controls]').toArray();
  if (buttons.length === 0) return titles;
  const byId = new Map($('[id]').toArray().map((el) => [el.attribs['id'], el]));
  for (const button of buttons) {
    const panel = byId.get(button.attribs['aria-controls']);
    if (!panel || !collapsed(panel)) continue;
    button.name = 'p';
    titles.set(button, panel);
  }
  return titles;
}

const SPOKEN_HINT = hintWords(['sr-only', 'screen-reader-text', 'visually-hidden', 'visuallyhidden']);

/**
 * Text kept from screen readers is on screen: it goes as the page's duplicate (a mobile copy,
 * an icon's label) unless a twin for screen readers follows it, which goes instead (a shop's
 * struck-through old price and its "Original price was: $30.00").
 */
function isShownWithSpokenTwin(el: Element): boolean {
  for (let n = el.next; n; n = n.next) {
    if (isElement(n)) return SPOKEN_HINT.test(hintsOf(n));
    if (n.type === 'text' && n.data.trim() !== '') return false;
  }
  return false;
}

/** Utility classes that hide an element, unless another of its classes shows it at some width (`d-none d-md-block`, `hidden md:flex`). */
const HIDING_CLASS = /^(?:hide|hidden|d-none|is-hidden|u-hidden|js-hidden|display-none)$/;
const SHOWING_CLASS = /^(?:d-(?:sm|md|lg|xl|xxl)-\w+|[a-z0-9]+:\w+|show|shown|visible|active|open|is-open|is-active|in)$/;

function hiddenByClass(el: Element): boolean {
  const classes = (el.attribs['class'] ?? '').split(/\s+/);
  return classes.some((c) => HIDING_CLASS.test(c)) && !classes.some((c) => SHOWING_CLASS.test(c));
}

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a || isOverlay(el) || hiddenByClass(el)) return true;
  if (a['aria-hidden'] === 'true' && !isShownWithSpokenTwin(el)) return true;
  if (a['type'] === 'hidden') return true;
  const style = a['style'];
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/** Popovers and closed dialogs are not rendered until script opens them. */
function isOverlay(el: Element): boolean {
  return 'popover' in el.attribs || (el.name === 'dialog' && !('open' in el.attribs));
}

