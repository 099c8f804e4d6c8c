/**
 * Content under `content-visibility: auto` (WordPress "lazy render" and the
 * like) is not rendered until scrolled near, and Chromium leaves it out of the
 * accessibility tree, though a person scrolling there sees it. While a
 * snapshot is read, such pages are rendered whole by one style rule of
 * scout's, removed right after; pages without it are left as they are.
 */
import type { CDPSession } from 'puppeteer-core';

const MARK = 'data-scout-render-all';

const RENDER_ALL = `(() => {
  const skips = (el) => getComputedStyle(el).contentVisibility === 'auto';
  if (![...document.querySelectorAll('body *')].some(skips)) return false;
  const style = document.createElement('style');
  style.setAttribute('${MARK}', '');
  style.textContent = '* { content-visibility: visible !important; }';
  (document.head ?? document.documentElement).append(style);
  return true;
})()`;

const RESTORE = `document.querySelectorAll('style[${MARK}]').forEach((s) => s.remove())`;

export async function withSkippedContentRendered<T>(session: CDPSession, read: () => Promise<T>): Promise<T> {
  const rendered = await session
    .send('Runtime.evaluate', { expression: RENDER_ALL, returnByValue: true })
    .then((r) => r.result.value === true)
    .catch(() => false);
  try {
    return await read();
  } finally {
    if (rendered) await session.send('Runtime.evaluate', { expression: RESTORE }).catch(() => undefined);
  }
}
