/**
 * A page whose Content-Type names no charset, caught on its way into a reading tab
 * (document-capture.ts, CDP Fetch at the response stage): Chromium would take
 * windows-1252 unless it finds a declaration in the markup, and garble a UTF-8 page.
 * Its bytes are taken and handed on with the charset its markup declares or its bytes
 * show (read/charset.ts). A page whose header names its charset goes on untouched, as
 * it streams.
 */
import type { CDPSession, Protocol } from 'puppeteer-core';
import { within } from '../../util/timing.js';
import { contentTypeWithCharset, headerCharset } from '../read/charset.js';

/** A page's bytes are waited for this long; a page still streaming then is handed on as far as it came. */
const BODY_WAIT_MS = 5_000;
/** Pages beyond this many bytes are handed on as far as they came. */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

type Paused = Protocol.Fetch.RequestPausedEvent;

/** The body as far as it comes within BODY_WAIT_MS and MAX_PAGE_BYTES. */
async function takeBody(cdp: CDPSession, requestId: string): Promise<Buffer> {
  const { stream } = await cdp.send('Fetch.takeResponseBodyAsStream', { requestId });
  const chunks: Buffer[] = [];
  const end = Date.now() + BODY_WAIT_MS;
  let total = 0;
  try {
    while (total <= MAX_PAGE_BYTES) {
      const read = await within(cdp.send('IO.read', { handle: stream, size: CHUNK_BYTES }), Math.max(1, end - Date.now()), () => new Error('slow')).catch(() => undefined);
      if (!read) break;
      const chunk = Buffer.from(read.data, read.base64Encoded ? 'base64' : 'utf8');
      chunks.push(chunk);
      total += chunk.length;
      if (read.eof) break;
    }
  } finally {
    await cdp.send('IO.close', { handle: stream }).catch(() => {});
  }
  return Buffer.concat(chunks);
}

/** Hand a main-frame page response on to Chromium, with the charset its markup declares or its bytes show when its header names none. */
export async function passPage(cdp: CDPSession, event: Paused): Promise<void> {
  const headers = event.responseHeaders ?? [];
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? 'text/html';
  if (headerCharset(contentType)) return void (await cdp.send('Fetch.continueResponse', { requestId: event.requestId }));
  const bytes = await takeBody(cdp, event.requestId);
  const named = contentTypeWithCharset(contentType, bytes);
  const responseHeaders = headers
    .filter((h) => !/^(?:content-length|content-encoding|transfer-encoding)$/i.test(h.name) && !(named && /^content-type$/i.test(h.name)))
    .concat(named ? [{ name: 'Content-Type', value: named }] : []);
  await cdp.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: event.responseStatusCode ?? 200, responseHeaders, body: bytes.toString('base64') });
}
