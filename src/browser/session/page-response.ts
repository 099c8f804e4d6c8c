/**
 * A page's own response, caught on its way into a reading tab (document-capture.ts,
 * CDP Fetch at the response stage) and handed on to Chromium unchanged but for one
 * thing: a page whose header and markup name no charset gets the one its bytes
 * show (read/charset.ts), where Chromium would take windows-1252 and garble UTF-8.
 * The HTML, as it came before any script ran, is kept for the read: a DOM that
 * comes back empty or far shorter is read from it instead (read-settle.ts).
 */
import type { CDPSession, Protocol } from 'puppeteer-core';
import { within } from '../../util/timing.js';
import { contentTypeWithCharset, decodeText } from '../read/charset.js';

export interface PageResponse {
  url: string;
  /** The response HTML, decoded; '' when it was too big to keep. */
  html: string;
}

/** Pages beyond this are handed on as they come, untouched and not kept. */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;
const BODY_TIMEOUT_MS = 60_000;
const CHUNK_BYTES = 1024 * 1024;
/** A tab keeps its last few pages' responses; older ones are of no use. */
const KEPT = 4;

type Paused = Protocol.Fetch.RequestPausedEvent;

async function takeWhole(cdp: CDPSession, requestId: string): Promise<Buffer> {
  const { stream } = await cdp.send('Fetch.takeResponseBodyAsStream', { requestId });
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const read = await cdp.send('IO.read', { handle: stream, size: CHUNK_BYTES });
      chunks.push(Buffer.from(read.data, read.base64Encoded ? 'base64' : 'utf8'));
      if (read.eof) return Buffer.concat(chunks);
    }
  } finally {
    await cdp.send('IO.close', { handle: stream }).catch(() => {});
  }
}

/** Hand a main-frame page response on to Chromium, its charset named if need be, and keep its HTML in `kept`. */
export async function passPage(cdp: CDPSession, event: Paused, kept: PageResponse[]): Promise<void> {
  const headers = event.responseHeaders ?? [];
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? 'text/html';
  const declared = Number(headers.find((h) => h.name.toLowerCase() === 'content-length')?.value ?? NaN);
  if (declared > MAX_PAGE_BYTES) return void (await cdp.send('Fetch.continueResponse', { requestId: event.requestId }));
  const bytes = await within(takeWhole(cdp, event.requestId), BODY_TIMEOUT_MS, () => new Error(`the page did not arrive within ${BODY_TIMEOUT_MS / 1000} s`));
  const named = contentTypeWithCharset(contentType, bytes);
  const responseHeaders = headers
    .filter((h) => !/^(?:content-length|content-encoding|transfer-encoding)$/i.test(h.name) && !(named && /^content-type$/i.test(h.name)))
    .concat(named ? [{ name: 'Content-Type', value: named }] : []);
  const html = bytes.length <= MAX_PAGE_BYTES ? decodeText(bytes, named ?? contentType) : '';
  kept.push({ url: event.request.url, html });
  if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
  await cdp.send('Fetch.fulfillRequest', {
    requestId: event.requestId,
    responseCode: event.responseStatusCode ?? 200,
    responseHeaders,
    body: bytes.toString('base64'),
  });
}
