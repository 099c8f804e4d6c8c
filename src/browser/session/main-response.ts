/**
 * The main document's response, as it came over the network before any script ran: what
 * a read falls back to when the rendered page shows far less (read-settle.ts). Its bytes
 * come from Chromium's network buffer, there as soon as the last byte arrived, even while
 * the parser still waits on a slow script (Page.getResourceContent waits for the
 * document's every subresource, and so gave nothing for such a page within its bound).
 */
import type { HTTPResponse, Page } from 'puppeteer-core';
import { decodeText } from '../read/charset.js';
import { answerWithin } from '../page/timing.js';

export interface MainResponse {
  /** The latest main-frame document response seen since the watch began. */
  current(): HTTPResponse | undefined;
  stop(): void;
}

/** Watch the page's main-frame navigations (redirects, a script moving on) and keep the latest response. */
export function watchMainResponse(page: Page): MainResponse {
  let latest: HTTPResponse | undefined;
  const seen = (response: HTTPResponse) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) latest = response;
  };
  page.on('response', seen);
  return { current: () => latest, stop: () => void page.off('response', seen) };
}

/** The response's body as text, in the charset it declares or its bytes show; '' when it has none to give within timeoutMs. */
export async function responseText(response: HTTPResponse | undefined, timeoutMs: number): Promise<string> {
  if (!response) return '';
  const bytes = await answerWithin(response.content(), timeoutMs, 'the page').catch(() => undefined);
  return bytes ? decodeText(bytes, response.headers()['content-type'] ?? 'text/html') : '';
}
