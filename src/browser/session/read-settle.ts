/**
 * Reading a page only once its content is there. The load event says little of a page
 * whose article a script inserts later, and on a busy machine that script runs late: so
 * the text a person sees on screen is measured until its length holds still (a page with
 * next to no text is given longer), within the page's time bound. A read that still comes back
 * empty, or far shorter than the page's own response HTML, is tried once more, and then
 * the response HTML (the document as it came before scripts ran, from Chromium's own
 * network buffer) is read instead. The text counted is the lesser of what was on screen
 * and what the HTML read holds, as a script may replace the page between the two.
 */
import type { HTTPResponse, Page } from 'puppeteer-core';
import { sleep } from '../../util/timing.js';
import { answerWithin } from '../page/timing.js';
import type { ReadNote } from '../types.js';
import { responseText } from './main-response.js';
import type { DomRead } from './page-load.js';

export interface SettleOptions {
  /** When the page's time bound runs out (epoch ms): no wait goes past it. */
  deadline: number;
  /** Bound on each look at the page. */
  evaluateTimeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The main document's response (main-response.ts), for a read that comes back short. */
  response?: () => HTTPResponse | undefined;
}

const SAMPLE_MS = 200;
/** Text on screen below this many characters is not yet taken for the page's content. */
const CONTENT_CHARS = 200;
/** How long a page with next to no text is watched for more before it is taken as it is. */
const SPARSE_WAIT_MS = 3_000;
/** How long a document the parser has not finished is waited for before its text is taken as settled. */
const PARSE_WAIT_MS = 3_000;
/** No settling wait is longer than this, whatever the page's bound. */
const MAX_SETTLE_MS = 10_000;
/** The wait ends this long before the page's bound, for the read itself. */
const READ_RESERVE_MS = 2_000;
/** A read with less than this share of the response HTML's text is far short of it... */
const SHORT_SHARE = 0.2;
/** ...when the response has at least this much text. */
const RESPONSE_CHARS = 500;
/** A second read is tried only with this much of the page's time bound left. */
const MIN_RETRY_MS = 1_000;

const SCRIPTS_AND_TAGS = /<(script|style|template|svg)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>/gi;
const NOSCRIPT = /<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi;

function textChars(html: string): number {
  return html.replace(SCRIPTS_AND_TAGS, ' ').replace(/&[#\w]+;/g, 'x').replace(/\s+/g, '').length;
}

/**
 * Characters of text in HTML, roughly: what is left without scripts, styles, tags and
 * spaces. A <noscript> fallback counts when it holds a page's worth of text (a forum
 * serves its posts there to readers without scripts), not for an "enable JavaScript" line.
 */
export function htmlTextChars(html: string): number {
  const at = html.search(/<body[\s>]/i);
  const body = at >= 0 ? html.slice(at) : html;
  const fallback = textChars([...body.matchAll(NOSCRIPT)].map((m) => m[1] ?? '').join(' '));
  return textChars(body.replace(NOSCRIPT, ' ')) + (fallback >= RESPONSE_CHARS ? fallback : 0);
}

interface Seen {
  /** Characters of text a person sees, spaces aside. */
  chars: number;
  /** The document is still arriving. */
  loading: boolean;
  /** The parser has not reached the document's end (it may wait on a script): the DOM is the part before. */
  parsing: boolean;
  complete: boolean;
}

/**
 * Characters of text a person sees (spaces aside): text under an element that is not
 * displayed, invisible or transparent is not counted, as the read drops it (see
 * page/visibility-script.ts). A page that fades its content in once its scripts ran
 * shows nothing until then, though its innerText is all there.
 */
async function textOnScreen(page: Page, timeoutMs: number): Promise<Seen> {
  const seen = page.evaluate(() => {
    const shown = new Map<Element, boolean>();
    let chars = 0;
    const walker = document.body ? document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT) : undefined;
    for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
      const owner = node.parentElement;
      if (!owner) continue;
      let visible = shown.get(owner);
      if (visible === undefined) {
        visible = !/^(?:script|style|noscript|template)$/i.test(owner.localName) && owner.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
        shown.set(owner, visible);
      }
      if (visible) chars += (node.nodeValue ?? '').replace(/\s+/g, '').length;
    }
    // A document whose parser waits on a slow script has all arrived all the same.
    const arrived = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ?? 0;
    const parsing = document.readyState === 'loading';
    return { chars, loading: parsing && !(arrived > 0), parsing, complete: document.readyState === 'complete' };
  });
  return answerWithin(seen, timeoutMs, 'the page');
}

/**
 * Wait until the text on screen holds still: the same length twice SAMPLE_MS apart with
 * CONTENT_CHARS or more (at once when the load event came and there is that much), or for
 * SPARSE_WAIT_MS unchanged below that; a document the parser has not finished is given
 * PARSE_WAIT_MS first (its text holds still while a script holds the parser). Returns the
 * last look; a page that stops answering ends the wait (the read reports it).
 */
export async function waitForContent(page: Page, options: SettleOptions): Promise<Seen> {
  const began = Date.now();
  const end = Math.min(options.deadline - READ_RESERVE_MS, began + MAX_SETTLE_MS);
  let last: Seen = { chars: -1, loading: true, parsing: true, complete: false };
  let since = began;
  for (;;) {
    const seen = await textOnScreen(page, options.evaluateTimeoutMs).catch(() => undefined);
    if (seen === undefined) return { ...last, chars: Math.max(0, last.chars) };
    const now = Date.now();
    const { chars } = seen;
    // A loaded page already showing its text is read at once: the usual case costs one look.
    if (last.chars < 0 && seen.complete && chars >= CONTENT_CHARS) return seen;
    const parsed = !seen.parsing || now - began >= PARSE_WAIT_MS;
    if (chars !== last.chars) since = now;
    else if (parsed && (chars >= CONTENT_CHARS || now - since >= SPARSE_WAIT_MS)) return seen;
    last = seen;
    if (now + SAMPLE_MS > end || options.signal?.aborted) return seen;
    await sleep(SAMPLE_MS, options.signal).catch(() => undefined);
  }
}

/** Empty, or far shorter than the response HTML says the page is. */
function isShort(chars: number, responseChars: number): boolean {
  return chars === 0 || (responseChars >= RESPONSE_CHARS && chars < SHORT_SHARE * responseChars);
}

/**
 * The page as read: the text on screen when it settled, or less when the HTML read a moment
 * later holds less (a script that swaps the page for an error notice once its own requests
 * fail can do so between the two).
 */
async function settledRead(page: Page, options: SettleOptions, read: (page: Page) => Promise<DomRead>): Promise<{ seen: Seen; dom: DomRead }> {
  const seen = await waitForContent(page, options);
  const dom = await read(page);
  return { seen: { ...seen, chars: Math.min(seen.chars, htmlTextChars(dom.html)) }, dom };
}

/** Read the page once its content settled; read it again once should it come back short, and then from its response HTML. */
export async function readWhenSettled(page: Page, options: SettleOptions, read: (page: Page) => Promise<DomRead>): Promise<DomRead & { read: ReadNote }> {
  const started = Date.now();
  const left = () => options.deadline - Date.now();
  let { seen, dom } = await settledRead(page, options, read);
  let response: { html: string; chars: number } | undefined;
  // Asked once the document has arrived (before, asking would only wait), and then kept.
  const responseChars = async () => {
    if (response === undefined && !seen.loading && left() > READ_RESERVE_MS) {
      const html = await responseText(options.response?.(), Math.min(options.evaluateTimeoutMs, left()));
      response = { html, chars: htmlTextChars(html) };
    }
    return response?.chars ?? 0;
  };
  const note: ReadNote = { settleMs: Date.now() - started, chars: seen.chars };
  // A parser still held up (by a script that does not come) left the DOM without the document's rest: the response has it all.
  if (seen.parsing && (await responseChars()) > seen.chars && response) return { ...dom, html: response.html, read: { ...note, short: 1, fallback: 'response' } };
  if (!isShort(seen.chars, await responseChars())) return { ...dom, read: note };
  note.short = 1;
  if (left() < READ_RESERVE_MS + MIN_RETRY_MS) return { ...dom, read: seen.chars === 0 && (await responseChars()) === 0 ? { ...note, empty: true } : note };
  note.retried = true;
  ({ seen, dom } = await settledRead(page, options, read));
  note.chars = seen.chars;
  note.settleMs = Date.now() - started;
  const expected = await responseChars();
  if (!isShort(seen.chars, expected)) return { ...dom, read: note };
  note.short = 2;
  if (response && expected > seen.chars) return { ...dom, html: response.html, read: { ...note, fallback: 'response' } };
  return { ...dom, read: seen.chars === 0 ? { ...note, empty: true } : note };
}
