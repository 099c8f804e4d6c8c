/**
 * Content under `content-visibility: auto` (WordPress "lazy render" and the
 * like) is not rendered until scrolled near, and Chromium leaves it out of the
 * accessibility tree, though a person scrolling there sees it. While a
 * snapshot is read, such elements are marked and rendered by one style rule
 * of scout's, both removed right after; `content-visibility: hidden`, which
 * keeps content unshown like display: none, is left as it is. The scan costs
 * 11–17 ms on pages of 2,000–4,500 elements (WCXB's largest).
 */
import type { CDPSession } from 'puppeteer-core';

const MARK = 'data-scout-render-all';

const RENDER_ALL = `(() => {
  const skipping = [...document.querySelectorAll('body *')].filter((el) => getComputedStyle(el).contentVisibility === 'auto');
  if (skipping.length === 0) return false;
  for (const el of skipping) el.setAttribute('${MARK}', '');
  const style = document.createElement('style');
  style.setAttribute('${MARK}', '');
  style.textContent = '[${MARK}] { content-visibility: visible !important; }';
  (document.head ?? document.documentElement).append(style);
  return true;
})()`;

const RESTORE = `document.querySelectorAll('style[${MARK}]').forEach((s) => s.remove()); document.querySelectorAll('[${MARK}]').forEach((el) => el.removeAttribute('${MARK}'))`;

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
