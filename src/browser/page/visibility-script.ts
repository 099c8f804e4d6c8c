/**
 * What of a page is rendered, decided in the page where styles are computed, before its
 * DOM is read (session/page-load.ts). Text a person cannot see is a channel for
 * instructions to the model, so it is marked for the reader (read/extract/non-content.ts)
 * to drop: not rendered (display:none, visibility:hidden, opacity:0, content-visibility),
 * aria-hidden (unless a twin for screen readers follows), too small to read (font-size under 2px, a box under 2px that clips its
 * content, clip / clip-path to nothing), off-screen (left of or above the page, or right
 * of the viewport outside a scrolling box; outside the viewport when fixed), or drawn in
 * the colour of the background an ancestor declares (unless an image lies under it).
 * Images and links are judged by their box (an image sized under 2px by its attributes
 * is a tracking pixel, though an image not loaded shows its alt). The exception: a collapsed panel a visible control
 * opens (panels-script.ts: found by aria-controls and the like, or by the shape of an
 * accordion, a tab set or a carousel) is marked as a panel and read, unless its text is hidden in
 * another way within it (a wrapper holding all the panel's text may be transparent: it
 * fades in as the panel opens).
 *
 * Serialised into the page (markedDomSource), so the functions below use only each
 * other, panels-script.ts's and the page's globals. Marks: HIDDEN="1" on the outermost element with nothing
 * shown, HIDDEN="text" on an element whose own text is hidden but not all it holds,
 * PANEL="1" on kept panels, MARKED="1" on <html> once the whole page was judged. A page
 * too big to judge within the budget is read unmarked, as raw HTML is.
 */
import { PANEL_HELPERS, type PanelFinder, type PanelJudge } from './panels-script.js';

export const HIDDEN_MARK = 'data-scout-hidden';
export const PANEL_MARK = 'data-scout-panel';
export const MARKED = 'data-scout-marked';

interface Ctx {
  clipped: boolean;
  fixed: boolean;
  scroller: boolean;
}

interface State {
  styles: Map<Element, CSSStyleDeclaration>;
  ctxs: Map<Element, Ctx>;
  backgrounds: Map<Element, number[] | null>;
  colors: Map<string, number[] | null>;
  /** Per element inside a panel: whether it holds all of its panel's text. */
  whole: Map<Element, boolean>;
  /** The boxes of the page's images, videos and canvases, once a text in its background's colour asks. */
  media?: DOMRect[];
  range: Range;
  vw: number;
  vh: number;
  sx: number;
  sy: number;
  docH: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface VisibilityReport {
  complete: boolean;
  hidden: number;
  panels: number;
  ms: number;
}

function styleOf(st: State, el: Element): CSSStyleDeclaration {
  let s = st.styles.get(el);
  if (!s) {
    s = getComputedStyle(el);
    st.styles.set(el, s);
  }
  return s;
}

/** clip: rect() of no area on a positioned box, or a clip-path that keeps nothing. */
function clipsToNothing(s: CSSStyleDeclaration, position: string): boolean {
  const rect = position === 'absolute' || position === 'fixed' ? /^rect\(([^)]*)\)$/.exec(s.clip) : null;
  if (rect) {
    const [top, right, bottom, left] = (rect[1] ?? '').split(/[\s,]+/).map(parseFloat);
    if ([top, right, bottom, left].every((n) => Number.isFinite(n)) && ((bottom as number) <= (top as number) || (right as number) <= (left as number))) return true;
  }
  return /^(?:inset\((?:[5-9]\d(?:\.\d+)?|100)%|(?:circle|ellipse)\(0(?:px|%)?[\s)])/.test(s.clipPath);
}

/** Whether el or an ancestor clips it away, is fixed, or scrolls (memoised up the tree). */
function contextOf(st: State, el: Element): Ctx {
  const chain: Element[] = [];
  let node: Element | null = el;
  while (node && !st.ctxs.has(node)) {
    chain.push(node);
    node = node.parentElement;
  }
  let ctx: Ctx = (node && st.ctxs.get(node)) || { clipped: false, fixed: false, scroller: false };
  for (let i = chain.length - 1; i >= 0; i--) {
    const x = chain[i] as Element;
    const s = styleOf(st, x);
    const position = s.position;
    let clipped = ctx.clipped || clipsToNothing(s, position);
    let scroller = ctx.scroller;
    const overflow = s.overflow;
    if (!clipped && (overflow !== 'visible' || /paint|strict|content/.test(s.contain))) {
      const r = x.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) clipped = true;
      else if (/auto|scroll/.test(s.overflowX)) scroller = true;
    }
    ctx = { clipped, fixed: ctx.fixed || position === 'fixed', scroller };
    st.ctxs.set(x, ctx);
  }
  return ctx;
}

/** A box a person can see: big enough, and where scrolling can bring it. */
function onScreen(st: State, r: Box, ctx: Ctx, min: number): boolean {
  if (r.right - r.left < min || r.bottom - r.top < min) return false;
  if (ctx.fixed) return r.right > 0 && r.bottom > 0 && r.left < st.vw && r.top < st.vh;
  if (r.right + st.sx <= 0 || r.bottom + st.sy <= 0 || r.top + st.sy >= st.docH) return false;
  return ctx.scroller || r.left + st.sx < st.vw;
}

/** A computed colour as [r, g, b, a] (memoised: pages use few colours), or null. */
function rgbaOf(st: State, color: string): number[] | null {
  const known = st.colors.get(color);
  if (known !== undefined) return known;
  const m = /^rgba?\(([^)]*)\)$/.exec(color.trim());
  const parts = (m?.[1] ?? '').split(/[\s,/]+/).filter(Boolean).map(parseFloat);
  const rgba = parts.length >= 3 ? [parts[0] as number, parts[1] as number, parts[2] as number, parts[3] ?? 1] : null;
  st.colors.set(color, rgba);
  return rgba;
}

/** The opaque background colour an ancestor declares; null when unknown (none, an image, a translucent layer). */
function backgroundOf(st: State, el: Element | null): number[] | null {
  if (!el) return null;
  const known = st.backgrounds.get(el);
  if (known !== undefined) return known;
  const s = styleOf(st, el);
  const own = rgbaOf(st, s.backgroundColor);
  const image = s.backgroundImage !== 'none';
  let bg: number[] | null;
  if (!image && (!own || (own[3] ?? 0) === 0)) bg = backgroundOf(st, el.parentElement);
  else bg = !image && (own?.[3] ?? 0) >= 0.99 && s.backgroundClip !== 'text' ? own : null;
  st.backgrounds.set(el, bg);
  return bg;
}

/** Whether most of box lies over an image, a video, a canvas or an inline background image: the colour under it is not the declared one. */
function overImage(st: State, box: Box): boolean {
  st.media ??= [...document.body.querySelectorAll('img, picture, video, canvas, [style*="url("]')].slice(0, 2000).map((m) => m.getBoundingClientRect());
  const area = Math.max(1, (box.right - box.left) * (box.bottom - box.top));
  return st.media.some((m) => Math.max(0, Math.min(m.right, box.right) - Math.max(m.left, box.left)) * Math.max(0, Math.min(m.bottom, box.bottom) - Math.max(m.top, box.top)) >= area / 2);
}

/** Text painted in its background's colour (or transparent), with no shadow or stroke to show it, nor an image under its box (when known). */
function sameAsBackground(st: State, el: Element, s: CSSStyleDeclaration, box?: Box): boolean {
  const fill = rgbaOf(st, s.webkitTextFillColor || s.color);
  const bg = fill ? backgroundOf(st, el) : null;
  if (!fill || !bg) return false;
  const distance = Math.abs((fill[0] as number) - (bg[0] as number)) + Math.abs((fill[1] as number) - (bg[1] as number)) + Math.abs((fill[2] as number) - (bg[2] as number));
  if ((fill[3] ?? 1) >= 0.05 && distance >= 12) return false;
  return s.textShadow === 'none' && !(parseFloat(s.webkitTextStrokeWidth) > 0) && !((fill[3] ?? 1) >= 0.05 && box && overImage(st, box));
}

/** The bounds of el's own text, or null when it takes no room. */
function textBox(st: State, texts: readonly Text[]): Box | null {
  let box: Box | null = null;
  for (const text of texts) {
    st.range.selectNodeContents(text);
    const r = st.range.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) } : r;
  }
  return box;
}

/** Whether el's own content (texts, else its box) is rendered where a person sees it. */
function rendered(st: State, el: Element, texts: readonly Text[] | null): boolean {
  let box: Element = el;
  while (box.parentElement && styleOf(st, box).display === 'contents') box = box.parentElement;
  if (!box.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || unspoken(el)) return false;
  const s = styleOf(st, el);
  if (texts && parseFloat(s.fontSize) < 2) return false;
  const ctx = contextOf(st, box);
  if (ctx.clipped) return false;
  const bounds = texts ? textBox(st, texts) : box.getBoundingClientRect();
  if (!bounds || !onScreen(st, bounds, ctx, texts ? 1 : 2)) return false;
  return texts ? !sameAsBackground(st, el, s, bounds) : !pixelSized(el);
}

/**
 * Inside aria-hidden, unless a twin for screen readers follows it: a shop's struck-through
 * old price shown on screen, with "Original price was: $30.00" for screen readers after it.
 */
function unspoken(el: Element): boolean {
  const hidden = el.closest('[aria-hidden="true"]');
  if (!hidden) return false;
  for (let n = hidden.nextSibling; n; n = n.nextSibling) {
    if (n instanceof Element) return !/(?:^|\s)(?:sr-only|screen-reader-text|visually-?hidden)(?:\s|$)/.test(n.getAttribute('class') ?? '');
    if (n.nodeType === Node.TEXT_NODE && /\S/.test(n.nodeValue ?? '')) return true;
  }
  return true;
}

/** An image sized under 2px by its attributes or inline style (a tracking pixel): an image not loaded is drawn as its alt instead. */
function pixelSized(el: Element): boolean {
  if (el.localName !== 'img') return false;
  const sizes = [el.getAttribute('width'), el.getAttribute('height'), (el as HTMLElement).style.width, (el as HTMLElement).style.height];
  return sizes.some((size) => size !== null && size !== '' && parseFloat(size) < 2);
}

/** Whether x, inside panel, holds all the panel's text (a wrapper the panel fades in as it opens). */
function holdsPanel(st: State, x: Element, panel: Element): boolean {
  let whole = st.whole.get(x);
  if (whole === undefined) {
    const size = (el: Element) => (el.textContent ?? '').replace(/\s+/g, '').length;
    whole = size(x) === size(panel);
    st.whole.set(x, whole);
  }
  return whole;
}

/** Inside a collapsed panel, text hidden by something other than the collapse (between it and the panel) stays hidden. */
function shownInPanel(st: State, el: Element, panel: Element, texts: readonly Text[] | null): boolean {
  const s = styleOf(st, el);
  if (s.visibility !== 'visible' && styleOf(st, panel).visibility === 'visible') return false;
  if (texts && (parseFloat(s.fontSize) < 2 || sameAsBackground(st, el, s))) return false;
  for (let x: Element | null = el; x && x !== panel; x = x.parentElement) {
    const xs = styleOf(st, x);
    if (xs.display === 'none' || x.getAttribute('aria-hidden') === 'true' || clipsToNothing(xs, xs.position)) return false;
    if (parseFloat(xs.opacity) === 0 && !holdsPanel(st, x, panel)) return false;
  }
  return true;
}

/** Text owners (with their non-blank text nodes), images and links under body, in document order. */
function collect(body: HTMLElement): { owners: Map<Element, Text[]>; images: Element[]; links: Element[] } {
  const skip = /^(?:script|style|noscript|template|title|select|option|optgroup|datalist|textarea)$/;
  const owners = new Map<Element, Text[]>();
  const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const owner = n.parentElement;
    if (!owner || !/\S/.test(n.data) || skip.test(owner.localName) || !(owner instanceof HTMLElement)) continue;
    const list = owners.get(owner);
    if (list) list.push(n);
    else owners.set(owner, [n]);
  }
  // An image with no alt, or a link with no text or label, gives the reader nothing to read: it is left as it is,
  // for a picture blocked from loading or an overlay link drawn by a stylesheet that never came has no box.
  const labelled = (el: Element) => /\S/.test(el.textContent ?? '') || /\S/.test(el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '') || el.querySelector('img[alt]:not([alt=""])') !== null;
  const html = (list: NodeListOf<Element>) => [...list].filter((el) => el instanceof HTMLElement);
  return { owners, images: html(body.querySelectorAll('img[alt]:not([alt=""])')), links: html(body.querySelectorAll('a[href]')).filter(labelled) };
}

/** Judge every text, image and link of the page and mark what is hidden; nothing is marked when the budget runs out. */
export function markVisibility(budgetMs: number, marks: { hidden: string; panel: string; marked: string }, find: PanelFinder): VisibilityReport {
  const started = performance.now();
  const report = (complete: boolean, hidden = 0, panels = 0) => ({ complete, hidden, panels, ms: Math.round(performance.now() - started) });
  const body = document.body;
  if (!body) return report(false);
  const root = document.documentElement;
  const st: State = { styles: new Map(), ctxs: new Map(), backgrounds: new Map(), colors: new Map(), whole: new Map(), range: document.createRange(), vw: innerWidth, vh: innerHeight, sx: scrollX, sy: scrollY, docH: Math.max(root.scrollHeight, innerHeight) };
  const panelJudge: PanelJudge = { style: (el) => styleOf(st, el), shown: (el) => rendered(st, el, null) };
  const panels = new Set<Element>();
  find.referencedPanels(body, panelJudge, panels);
  const structural = { panels: new Map<Element, boolean>(), sets: new Map<Element, boolean>(), rows: new Map<Element, DOMRect[] | null>() };
  const { owners, images, links } = collect(body);
  const shown = new Set<Element>();
  const keptPanels = new Set<Element>();
  const hidden: Element[] = [];
  const show = (el: Element) => {
    for (let x: Element | null = el; x && !shown.has(x); x = x.parentElement) shown.add(x);
  };
  const judge = (el: Element, texts: readonly Text[] | null) => {
    if (rendered(st, el, texts)) return show(el);
    const panel = find.panelFor(panelJudge, el, panels, structural);
    if (panel && shownInPanel(st, el, panel, texts)) {
      keptPanels.add(panel);
      return show(el);
    }
    hidden.push(el);
  };
  let count = 0;
  const over = () => ++count % 64 === 0 && performance.now() - started > budgetMs;
  for (const [el, texts] of owners) {
    if (over()) return report(false);
    judge(el, texts);
  }
  for (const el of [...images, ...links]) {
    if (over()) return report(false);
    if (!shown.has(el)) judge(el, null);
  }
  const tops = new Map<Element, string>();
  for (const el of hidden) {
    if (shown.has(el)) {
      tops.set(el, 'text');
      continue;
    }
    let top = el;
    while (top.parentElement && top.parentElement !== body && !shown.has(top.parentElement)) top = top.parentElement;
    tops.set(top, '1');
  }
  for (const [el, how] of tops) el.setAttribute(marks.hidden, how);
  for (const panel of keptPanels) panel.setAttribute(marks.panel, '1');
  root.setAttribute(marks.marked, '1');
  return report(true, tops.size, keptPanels.size);
}

const HELPERS = [styleOf, clipsToNothing, contextOf, onScreen, rgbaOf, backgroundOf, overImage, sameAsBackground, textBox, unspoken, rendered, pixelSized, holdsPanel, shownInPanel, collect, markVisibility, ...PANEL_HELPERS];

/**
 * A script for page.evaluate: mark the page (within budgetMs), evaluate `read` (an
 * expression that may use `visibility` and `marks`) on the marked page, and take the
 * marks off again, also when `read` throws, so the live page is as it was. A failed
 * marking leaves the page unmarked.
 */
export function markedPageSource(budgetMs: number, read: string): string {
  const marks = { hidden: HIDDEN_MARK, panel: PANEL_MARK, marked: MARKED };
  // Bundlers that keep function names (tsx) call a __name helper the page lacks.
  return `(() => { const __name = (f) => f; ${HELPERS.map(String).join('\n')}
    const marks = ${JSON.stringify(marks)};
    let visibility = null;
    try { visibility = markVisibility(${Math.max(0, Math.round(budgetMs))}, marks, { referencedPanels, panelFor }); } catch (e) { visibility = { complete: false, hidden: 0, panels: 0, ms: 0, error: String(e) }; }
    try {
      return (${read});
    } finally {
      for (const el of document.querySelectorAll('[' + marks.hidden + '],[' + marks.panel + '],[' + marks.marked + ']')) {
        el.removeAttribute(marks.hidden); el.removeAttribute(marks.panel); el.removeAttribute(marks.marked);
      }
    }
  })()`;
}

/** The marked page's DOM as the reader reads it (session/page-load.ts). */
export const markedDomSource = (budgetMs: number): string =>
  markedPageSource(budgetMs, "{ html: document.documentElement ? document.documentElement.outerHTML : '', title: document.title, url: location.href, visibility }");
