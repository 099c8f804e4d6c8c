/**
 * The step of the navigation path (navigate.ts) that talks to Chrome: a goto
 * that returns once the page is usable: when DOMContentLoaded
 * fired, or — for a page that commits but never finishes loading — a short
 * grace period after the commit. `load` is awaited only for a short settle
 * (settleLoad): never networkidle, which a page with a poll or a stream never reaches.
 */
import type { Frame, HTTPResponse, Page } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { later, unlessAborted } from '../../util/timing.js';

export const COMMIT_GRACE_MS = 3_000;
/** PageLoad.error of a load stopped by its signal. */
export const INTERRUPTED = 'interrupted';

export interface GotoOptions {
  timeoutMs: number;
  /** After the commit, how long to wait for DOMContentLoaded before carrying on. */
  commitGraceMs?: number;
  signal?: AbortSignal;
}

export interface GotoResult {
  /** The main frame committed a document for this navigation (not a Chrome error page). */
  committed: boolean;
  /** HTTP status of the last main-frame document response; null when none arrived. */
  status: number | null;
  /** DOMContentLoaded fired before we returned. */
  domContentLoaded: boolean;
  /** Why the navigation failed; undefined when it committed. */
  error?: string;
}

type Settled = { kind: 'done'; response: HTTPResponse | null } | { kind: 'failed'; error: unknown };

function describe(error: unknown, timeoutMs: number): string {
  const message = messageOf(error);
  if (/timeout/i.test(message)) return `the page did not respond within ${timeoutMs} ms`;
  return message;
}

export async function gotoCommitted(page: Page, url: string, options: GotoOptions): Promise<GotoResult> {
  let status: number | null = null;
  let committed = false;
  let markCommitted = () => {};
  const commit = new Promise<'committed'>((resolve) => (markCommitted = () => resolve('committed')));
  const onResponse = (response: HTTPResponse) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame()) status = response.status();
  };
  const onNavigated = (frame: Frame) => {
    if (frame !== page.mainFrame() || /^(chrome-error:|about:blank)/.test(frame.url())) return;
    committed = true;
    markCommitted();
  };
  page.on('response', onResponse);
  page.on('framenavigated', onNavigated);
  const goto: Promise<Settled> = page
    .goto(url, { waitUntil: 'domcontentloaded', timeout: options.timeoutMs })
    .then((response) => ({ kind: 'done' as const, response }), (error: unknown) => ({ kind: 'failed' as const, error }));
  try {
    const first = await unlessAborted(Promise.race([goto, commit]), options.signal);
    if (first === 'aborted') return { committed, status, domContentLoaded: false, error: INTERRUPTED };
    if (first !== 'committed') return settle(first, committed, status, options.timeoutMs);
    const second = await unlessAborted(Promise.race([goto, later(options.commitGraceMs ?? COMMIT_GRACE_MS, 'grace' as const)]), options.signal);
    if (second === 'aborted') return { committed, status, domContentLoaded: false, error: INTERRUPTED };
    if (second === 'grace') return { committed: true, status, domContentLoaded: false };
    return settle(second, true, status, options.timeoutMs);
  } finally {
    page.off('response', onResponse);
    page.off('framenavigated', onNavigated);
  }
}

/**
 * Give late scripts until the current document's load event, at most ms. A page
 * stuck in a script, or navigating away, just ends the wait.
 */
export async function settleLoad(page: Page, ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  const loaded = page
    .evaluate(() => (document.readyState === 'complete' ? undefined : new Promise<void>((resolve) => addEventListener('load', () => resolve(), { once: true }))))
    .catch(() => undefined);
  await unlessAborted(Promise.race([loaded, later(ms, undefined)]), signal);
}

function settle(outcome: Settled, committed: boolean, status: number | null, timeoutMs: number): GotoResult {
  if (outcome.kind === 'done') return { committed: true, status: outcome.response?.status() ?? status, domContentLoaded: true };
  // A timeout after the commit still leaves a usable page.
  if (committed) return { committed: true, status, domContentLoaded: false };
  return { committed: false, status, domContentLoaded: false, error: describe(outcome.error, timeoutMs) };
}
