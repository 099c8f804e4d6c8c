/**
 * Reading a page only once its content is there. The load event says little of a page
 * whose article a script inserts later, and on a busy machine that script runs late: so
 * the text on screen is measured until its length holds still (a page with next to no
 * text is given longer), within the page's time bound. A read that still comes back
 * empty, or far shorter than the page's own response HTML, is tried once more, and then
 * the response HTML (the document as it came before scripts ran, from Chromium's own
 * copy) is read instead.
 */
import type { Page } from 'puppeteer-core';
import { sleep } from '../../util/timing.js';
import { answerWithin } from '../page/timing.js';
import type { ReadNote } from '../types.js';
import type { DomRead } from './page-load.js';

export interface SettleOptions {
  /** When the page's time bound runs out (epoch ms): no wait goes past it. */
  deadline: number;
  /** Bound on each look at the page. */
  evaluateTimeoutMs: number;
  signal?: AbortSignal | undefined;
}

const SAMPLE_MS = 200;
/** Text on screen below this many characters is not yet taken for the page's content. */
const CONTENT_CHARS = 200;
/** How long a page with next to no text is watched for more before it is taken as it is. */
const SPARSE_WAIT_MS = 3_000;
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

const SCRIPTS_AND_TAGS = /<(script|style|template|noscript|svg)\b[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<[^>]*>/gi;

/** Characters of text in HTML, roughly: what is left without scripts, styles, tags and spaces. */
export function htmlTextChars(html: string): number {
  const body = html.search(/<body[\s>]/i);
  return (body >= 0 ? html.slice(body) : html).replace(SCRIPTS_AND_TAGS, ' ').replace(/&[#\w]+;/g, 'x').replace(/\s+/g, '').length;
}

async function textOnScreen(page: Page, timeoutMs: number): Promise<{ chars: number; loading: boolean; complete: boolean }> {
  const seen = page.evaluate(() => ({
    chars: document.body ? document.body.innerText.replace(/\s+/g, '').length : 0,
    loading: document.readyState === 'loading',
    complete: document.readyState === 'complete',
  }));
  return answerWithin(seen, timeoutMs, 'the page');
}

/**
 * Wait until the text on screen holds still: the same length twice SAMPLE_MS apart with
 * CONTENT_CHARS or more (at once when the load event came and there is that much), or for
 * SPARSE_WAIT_MS unchanged below that. Returns the last
 * length seen; a page that stops answering ends the wait (the read reports it).
 */
export async function waitForContent(page: Page, options: SettleOptions): Promise<{ chars: number; loading: boolean }> {
  const end = Math.min(options.deadline - READ_RESERVE_MS, Date.now() + MAX_SETTLE_MS);
  let last = { chars: -1, loading: true };
  let since = Date.now();
  for (;;) {
    const seen = await textOnScreen(page, options.evaluateTimeoutMs).catch(() => undefined);
    if (seen === undefined) return { chars: Math.max(0, last.chars), loading: last.loading };
    const now = Date.now();
    const { chars } = seen;
    // A loaded page already showing its text is read at once: the usual case costs one look.
    if (last.chars < 0 && seen.complete && chars >= CONTENT_CHARS) return seen;
    if (chars !== last.chars) since = now;
    else if (chars >= CONTENT_CHARS || now - since >= SPARSE_WAIT_MS) return seen;
    last = seen;
    if (now + SAMPLE_MS > end || options.signal?.aborted) return seen;
    await sleep(SAMPLE_MS, options.signal).catch(() => undefined);
  }
}

/** Empty, or far shorter than the response HTML says the page is. */
function isShort(chars: number, responseChars: number): boolean {
  return chars === 0 || (responseChars >= RESPONSE_CHARS && chars < SHORT_SHARE * responseChars);
}

/** The main document's response HTML as Chromium received (and decoded) it; '' when it has none to give. */
async function responseHtml(page: Page, timeoutMs: number): Promise<string> {
  const cdp = await page.createCDPSession();
  try {
    const ask = async () => {
      // The resource tree is the Page agent's: this session's must be on to ask it.
      await cdp.send('Page.enable');
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const { content, base64Encoded } = await cdp.send('Page.getResourceContent', { frameId: frameTree.frame.id, url: frameTree.frame.url });
      return base64Encoded ? '' : content;
    };
    return await answerWithin(ask(), timeoutMs, 'the page').catch(() => '');
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Read the page once its content settled; read it again once should it come back short, and then from its response HTML. */
export async function readWhenSettled(page: Page, options: SettleOptions, read: (page: Page) => Promise<DomRead>): Promise<DomRead & { read: ReadNote }> {
  const started = Date.now();
  const first = await waitForContent(page, options);
  let chars = first.chars;
  let dom = await read(page);
  const left = () => options.deadline - Date.now();
  // A document still arriving has no response to give: asking would only wait.
  const response = !first.loading && left() > READ_RESERVE_MS ? await responseHtml(page, Math.min(options.evaluateTimeoutMs, left())).catch(() => '') : '';
  const responseChars = htmlTextChars(response);
  const note: ReadNote = { settleMs: Date.now() - started, chars };
  if (!isShort(chars, responseChars)) return { ...dom, read: note };
  note.short = 1;
  if (left() < READ_RESERVE_MS + MIN_RETRY_MS) return { ...dom, read: chars === 0 && responseChars === 0 ? { ...note, empty: true } : note };
  note.retried = true;
  chars = (await waitForContent(page, options)).chars;
  dom = await read(page);
  note.chars = chars;
  note.settleMs = Date.now() - started;
  if (!isShort(chars, responseChars)) return { ...dom, read: note };
  note.short = 2;
  if (responseChars > chars) return { ...dom, html: response, read: { ...note, fallback: 'response' } };
  return { ...dom, read: chars === 0 ? { ...note, empty: true } : note };
}
