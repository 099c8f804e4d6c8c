/**
 * Reading a page only once its content is there. The load event says little of a page
 * whose article a script inserts later, and on a busy machine that script runs late: so
 * the text on screen is measured until its length holds still (a page with next to no
 * text is given longer), within the page's time bound. A read that still comes back
 * empty, or far shorter than the page's own response HTML, is tried once more, and then
 * the response HTML (as it came before scripts ran, page-response.ts) is read instead.
 */
import type { Page } from 'puppeteer-core';
import { sleep } from '../../util/timing.js';
import { answerWithin } from '../page/timing.js';
import type { ReadNote } from '../types.js';
import type { DomRead } from './page-load.js';
import type { PageResponse } from './page-response.js';

export interface SettleOptions {
  /** When the page's time bound runs out (epoch ms): no wait goes past it. */
  deadline: number;
  /** Bound on each look at the page. */
  evaluateTimeoutMs: number;
  signal?: AbortSignal | undefined;
}

const SAMPLE_MS = 250;
/** Text on screen below this many characters is not yet taken for the page's content. */
const CONTENT_CHARS = 200;
/** How long a page with next to no text is watched for more before it is taken as it is. */
const SPARSE_WAIT_MS = 3_000;
/** No settling wait is longer than this, whatever the page's bound. */
const MAX_SETTLE_MS = 10_000;
/** A read with less than this share of the response HTML's text is far short of it... */
const SHORT_SHARE = 0.2;
/** ...when the response has at least this much text. */
const RESPONSE_CHARS = 500;

const SCRIPTS_AND_TAGS = /<(script|style|template|noscript|svg)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>/gi;

/** Characters of text in HTML, roughly: what is left without scripts, styles, tags and spaces. */
export function htmlTextChars(html: string): number {
  const body = html.search(/<body[\s>]/i);
  return (body >= 0 ? html.slice(body) : html).replace(SCRIPTS_AND_TAGS, ' ').replace(/&[#\w]+;/g, 'x').replace(/\s+/g, '').length;
}

async function textOnScreen(page: Page, timeoutMs: number): Promise<number> {
  const chars = page.evaluate(() => (document.body ? document.body.innerText.replace(/\s+/g, '').length : 0));
  return answerWithin(chars, timeoutMs, 'the page');
}

/**
 * Wait until the text on screen holds still: the same length twice SAMPLE_MS apart with
 * CONTENT_CHARS or more, or for SPARSE_WAIT_MS unchanged below that. Returns the last
 * length seen; a page that stops answering ends the wait (the read reports it).
 */
export async function waitForContent(page: Page, options: SettleOptions): Promise<number> {
  const end = Math.min(options.deadline, Date.now() + MAX_SETTLE_MS);
  let last = -1;
  let since = Date.now();
  for (;;) {
    const chars = await textOnScreen(page, options.evaluateTimeoutMs).catch(() => undefined);
    if (chars === undefined) return Math.max(0, last);
    const now = Date.now();
    if (chars !== last) since = now;
    else if (chars >= CONTENT_CHARS || now - since >= SPARSE_WAIT_MS) return chars;
    last = chars;
    if (now + SAMPLE_MS > end || options.signal?.aborted) return chars;
    await sleep(SAMPLE_MS, options.signal).catch(() => undefined);
  }
}

/** Empty, or far shorter than the response HTML says the page is. */
function isShort(chars: number, responseChars: number): boolean {
  return chars === 0 || (responseChars >= RESPONSE_CHARS && chars < SHORT_SHARE * responseChars);
}

/**
 * Read the page once its content settled; read it again once should it come back short,
 * and then from its response HTML. `responses` are the tab's caught page responses.
 */
export async function readWhenSettled(page: Page, responses: readonly PageResponse[], options: SettleOptions, read: (page: Page) => Promise<DomRead>): Promise<DomRead & { read: ReadNote }> {
  const started = Date.now();
  let chars = await waitForContent(page, options);
  let dom = await read(page);
  const response = [...responses].reverse().find((r) => r.url === dom.url);
  const responseChars = response ? htmlTextChars(response.html) : 0;
  const note: ReadNote = { settleMs: Date.now() - started, chars };
  if (!isShort(chars, responseChars)) return { ...dom, read: note };
  note.short = 1;
  note.retried = true;
  chars = await waitForContent(page, options);
  dom = await read(page);
  note.chars = chars;
  note.settleMs = Date.now() - started;
  if (!isShort(chars, responseChars)) return { ...dom, read: note };
  note.short = 2;
  if (response && responseChars > chars) return { ...dom, html: response.html, read: { ...note, fallback: 'response' } };
  return { ...dom, read: chars === 0 ? { ...note, empty: true } : note };
}
