/**
 * Documents caught on their way into a reading tab. Chromium shows a PDF in a
 * viewer whose DOM holds no text, and saves a CSV or a zip as a download; so
 * the tab's main-frame document responses are looked at (CDP Fetch, response
 * stage) before Chromium decides. A page goes on untouched, and so does a
 * file Chromium would save (the tab refuses it as a download). A PDF or a
 * text file has its body taken (at most MAX_DOCUMENT_BYTES) and the tab gets
 * an empty page in its place, as does a picture or a film (not read at all).
 *
 * The bytes are those of the tab's own navigation: the request already passed
 * the URL guard and the egress proxy, with the tab's user agent and cookies,
 * and it is made once (fetching the URL again would repeat a POST, and could
 * get another answer).
 */
import type { CDPSession, Page, Protocol } from 'puppeteer-core';
import { within } from '../../util/timing.js';
import { kindOfType, MAX_DOCUMENT_BYTES, mediaType, sniff, type DocumentKind } from '../read/document/kinds.js';
import { passPage } from './page-response.js';

/** A main-frame response that was not a page. */
export interface CaughtDocument {
  url: string;
  contentType: string;
  /** pdf and text carry their bytes; 'binary' is a picture or a film scout does not read; 'too-large' a file over MAX_DOCUMENT_BYTES; 'failed' a body that could not be read. */
  kind: DocumentKind | 'binary' | 'too-large' | 'failed';
  bytes?: Uint8Array;
  reason?: string;
}

/** Taking a body slower than this (a server dribbling bytes) is given up. */
const BODY_TIMEOUT_MS = 60_000;
const CHUNK_BYTES = 1024 * 1024;
const PLACEHOLDER = Buffer.from('<!doctype html><meta charset="utf-8"><title></title>').toString('base64');
/** Response headers the empty page keeps: the cookies the document set are the site's, as in a browser. */
const KEPT_HEADERS = /^set-cookie$/i;
/** Files Chromium would show in the tab rather than save. */
const RENDERED_MEDIA = /^(?:image|audio|video)\//;

type Paused = Protocol.Fetch.RequestPausedEvent;

function header(event: Paused, name: string): string | undefined {
  return event.responseHeaders?.find((h) => h.name.toLowerCase() === name)?.value;
}

/** The body, read in chunks; undefined once it passes max bytes. */
async function takeBody(cdp: CDPSession, requestId: string, max: number): Promise<Uint8Array | undefined> {
  const { stream } = await cdp.send('Fetch.takeResponseBodyAsStream', { requestId });
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const read = await cdp.send('IO.read', { handle: stream, size: CHUNK_BYTES });
      const chunk = Buffer.from(read.data, read.base64Encoded ? 'base64' : 'utf8');
      total += chunk.length;
      if (total > max) return undefined;
      chunks.push(chunk);
      if (read.eof) return new Uint8Array(Buffer.concat(chunks));
    }
  } finally {
    await cdp.send('IO.close', { handle: stream }).catch(() => {});
  }
}

/** Answer the navigation with an empty page (the response's status and cookies kept), or with the body it had. */
async function answer(cdp: CDPSession, event: Paused, body?: { bytes: Uint8Array }): Promise<void> {
  const responseHeaders = body
    ? (event.responseHeaders ?? []).filter((h) => !/^(?:content-length|content-encoding|transfer-encoding)$/i.test(h.name))
    : [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }, ...(event.responseHeaders ?? []).filter((h) => KEPT_HEADERS.test(h.name))];
  await cdp.send('Fetch.fulfillRequest', {
    requestId: event.requestId,
    responseCode: event.responseStatusCode ?? 200,
    responseHeaders,
    body: body ? Buffer.from(body.bytes).toString('base64') : PLACEHOLDER,
  });
}

async function handle(cdp: CDPSession, event: Paused, mainFrameId: string, caught: CaughtDocument[]): Promise<void> {
  const status = event.responseStatusCode ?? 0;
  if (event.responseErrorReason !== undefined) return void (await cdp.send('Fetch.continueRequest', { requestId: event.requestId }));
  const contentType = header(event, 'content-type') ?? '';
  const verdict = kindOfType(contentType);
  const mainPage = event.frameId === mainFrameId && (status < 300 || status >= 400) && /^(?:text\/html|application\/xhtml\+xml)$/.test(mediaType(contentType));
  if (mainPage) return passPage(cdp, event);
  // An error answer (a proxy's refusal, a 404 in plain text) is left to the page's own error handling, not read as a document.
  if (event.frameId !== mainFrameId || status >= 300 || verdict === 'page') {
    return void (await cdp.send('Fetch.continueResponse', { requestId: event.requestId }));
  }
  const url = event.request.url;
  if (verdict === 'binary') {
    // Chromium saves an archive or an office file as a download, which the tab refuses and reports; a picture or a film it would show.
    if (!RENDERED_MEDIA.test(mediaType(contentType))) return void (await cdp.send('Fetch.continueResponse', { requestId: event.requestId }));
    caught.push({ url, contentType, kind: 'binary' });
    return answer(cdp, event);
  }
  const declared = Number(header(event, 'content-length') ?? NaN);
  const bytes = declared > MAX_DOCUMENT_BYTES ? undefined : await within(takeBody(cdp, event.requestId, MAX_DOCUMENT_BYTES), BODY_TIMEOUT_MS, () => new Error(`the file did not arrive within ${BODY_TIMEOUT_MS / 1000} s`));
  if (!bytes) {
    caught.push({ url, contentType, kind: 'too-large' });
    return answer(cdp, event);
  }
  const sniffed = verdict === 'pdf' ? 'pdf' : sniff(bytes);
  // Anything but a PDF that the server did not label goes back to Chromium as it came (a download it refuses, a page it sniffs); a page it called text is shown as text.
  if (verdict === 'sniff' && sniffed !== 'pdf') return answer(cdp, event, { bytes });
  caught.push({ url, contentType, kind: sniffed === 'page' ? 'text' : sniffed, bytes });
  return answer(cdp, event);
}

/**
 * Start catching the documents the page navigates to. Each is pushed to the
 * returned list as its response arrives; a failure to handle one fails that
 * navigation only.
 */
export async function catchDocuments(page: Page): Promise<CaughtDocument[]> {
  const caught: CaughtDocument[] = [];
  const cdp = await page.createCDPSession();
  const { frameTree } = await cdp.send('Page.getFrameTree');
  cdp.on('Fetch.requestPaused', (event: Paused) => {
    handle(cdp, event, frameTree.frame.id, caught).catch((error: unknown) => {
      caught.push({ url: event.request.url, contentType: header(event, 'content-type') ?? '', kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      void cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'Failed' }).catch(() => {});
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Response' }] });
  return caught;
}
