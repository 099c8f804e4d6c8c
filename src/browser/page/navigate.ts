/**
 * The one navigation path, for the agent's reading session and the browser
 * tool (open, navigate; the CLI and MCP reach it through the tool): the URL
 * guard, a person's pause, the goto that returns once the page committed
 * (commit.ts), the time bounds, the abort signal, a challenge page waited out,
 * a person's scrolls, and, when the navigation fails, its real reason: a
 * refused request, a refused download, a crash, or the browser's message.
 */
import type { Page } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { unlessAborted, waitUntil } from '../../util/timing.js';
import { COMMIT_GRACE_MS, gotoCommitted, INTERRUPTED, settleLoad } from './commit.js';
import { HUMAN, pauseBeforeNavigation, scrollLikeAPerson, type HumanBehaviour } from './human.js';
import { INTERSTITIAL_WAIT_MS, waitOutInterstitial } from './interstitial.js';
import type { PageGuards } from './setup.js';
import { answerWithin, EVALUATE_TIMEOUT_MS, PageStuck } from './timing.js';
import { checkUrlResolved, type HostResolver } from './url-guard.js';

/** A navigation's time bound when none is given, and the most one may ask for. */
export const NAVIGATION_TIMEOUT_MS = 30_000;
export const MAX_NAVIGATION_TIMEOUT_MS = 120_000;
/** Chrome reports a refused download only after it aborted the navigation (or ended the request): wait this long for the report. */
export const DOWNLOAD_REPORT_MS = 1_000;
/** After DOMContentLoaded, how long a page read as text gives late scripts until the load event. */
export const LOAD_EVENT_WAIT_MS = 500;

/** The time bound for a navigation: ms, else the default, never above the cap. */
export function navigationTimeout(ms: number | undefined): number {
  return Math.min(ms ?? NAVIGATION_TIMEOUT_MS, MAX_NAVIGATION_TIMEOUT_MS);
}

export type TargetVerdict = { ok: true; href: string } | { ok: false; error: string; privateAddress: boolean };

/** The URL guard's word on a URL to navigate to, before any tab is touched. */
export async function checkTarget(url: string, allowPrivateNetwork: boolean, resolver: HostResolver): Promise<TargetVerdict> {
  const verdict = await checkUrlResolved(url, { allowPrivateNetwork, navigation: true }, resolver);
  return verdict.ok ? { ok: true, href: verdict.url.href } : { ok: false, error: verdict.reason, privateAddress: verdict.privateAddress };
}

/** The tab a navigation runs in. */
export interface NavigationTarget {
  page: Page;
  /** What preparePage records; undefined for a tab scout did not prepare (a popup the tool adopted). */
  guards: PageGuards | undefined;
  /** Whether the tab's renderer crashed. */
  crashed(): boolean;
}

export interface NavigateOptions {
  /** Default NAVIGATION_TIMEOUT_MS, capped at MAX_NAVIGATION_TIMEOUT_MS. */
  timeoutMs?: number | undefined;
  /** Stops the navigation (and the waits around it) with the error INTERRUPTED. */
  signal?: AbortSignal | undefined;
  /** Pauses and scrolls; default HUMAN, NO_HUMAN in tests. */
  human?: HumanBehaviour | undefined;
  /** Pause before navigating, as a person moving on does (default true). */
  pause?: boolean | undefined;
  /** After the commit, how long to wait for DOMContentLoaded (default COMMIT_GRACE_MS). */
  commitGraceMs?: number | undefined;
  /** How long to wait for a "checking your browser"/captcha page to clear (default INTERSTITIAL_WAIT_MS). */
  interstitialWaitMs?: number | undefined;
  /** Bound on each read of the page (default EVALUATE_TIMEOUT_MS), for pages stuck in a script. */
  evaluateTimeoutMs?: number | undefined;
  /** After DOMContentLoaded, how long to wait for the load event (default 0: not at all). */
  loadEventWaitMs?: number | undefined;
}

export type Navigation<T> =
  | { ok: true; status: number | null; value: T; interstitial?: string }
  | {
      ok: false;
      /** HTTP status of the main document, when one arrived. */
      status: number | null;
      error: string;
      /** Set when the URL guard refused the page or a redirect; privateAddress: --allow-private-network would lift it. */
      refused?: { privateAddress: boolean };
      /** The page stopped answering: the tab is no longer usable. */
      stuck?: true;
    };

/**
 * Navigate target to href (already checked: checkTarget) and, once the page
 * is up, read it with read(). Never throws: a failure comes back with its reason.
 */
export async function navigate<T>(target: NavigationTarget, href: string, options: NavigateOptions, read: (page: Page) => Promise<T>): Promise<Navigation<T>> {
  const { page, guards } = target;
  const from = { refused: guards?.refused.length ?? 0, downloads: guards?.downloads.length ?? 0, unreachable: guards?.unreachable.length ?? 0 };
  const human = options.human ?? HUMAN;
  let status: number | null = null;
  try {
    if (options.pause ?? true) await pauseBeforeNavigation(human, options.signal);
    const timeoutMs = navigationTimeout(options.timeoutMs);
    const nav = await gotoCommitted(page, href, { timeoutMs, commitGraceMs: options.commitGraceMs ?? COMMIT_GRACE_MS, signal: options.signal });
    status = nav.status;
    if (!nav.committed) {
      if (guards && /ERR_ABORTED/.test(nav.error ?? '')) await waitUntil(() => guards.downloads.length > from.downloads, DOWNLOAD_REPORT_MS);
      return failure(target, from, nav.error ?? 'the page did not load', status);
    }
    // What committed is the egress proxy's answer (a refusal, a server it could not reach), not the page.
    if (guards?.refused.slice(from.refused).some((r) => r.mainFrame && r.url === page.url())) return failure(target, from, 'refused', status);
    const unreachable = guards?.unreachable.slice(from.unreachable).find((u) => u.url === page.url());
    if (unreachable) return failure(target, from, unreachable.error, status);
    // Every read of the page waits on its renderer: an interrupt must not wait for a page stuck in a script.
    const settled = settle(page, human, nav.domContentLoaded, options).then(async (interstitial) => ({ interstitial, value: await read(page) }));
    const outcome = await unlessAborted(settled, options.signal);
    if (outcome === 'aborted') return { ok: false, status, error: INTERRUPTED };
    return { ok: true, status, value: outcome.value, ...(outcome.interstitial ? { interstitial: outcome.interstitial } : {}) };
  } catch (error) {
    return { ...failure(target, from, messageOf(error), status), ...(error instanceof PageStuck ? { stuck: true as const } : {}) };
  }
}

/** After the commit: wait out a challenge page, and scroll like a person while the load event comes. Returns the challenge's phrase if it stayed. */
async function settle(page: Page, human: HumanBehaviour, domContentLoaded: boolean, options: NavigateOptions): Promise<string | undefined> {
  const evaluateMs = options.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS;
  const interstitial = await waitOutInterstitial(page, options.interstitialWaitMs ?? INTERSTITIAL_WAIT_MS, { signal: options.signal, evaluateTimeoutMs: evaluateMs });
  // A person scrolls while the images arrive: the scrolls and the wait for the load event overlap.
  // Input events wait for the renderer: a stuck page must not hold the scrolls either.
  const loadWaitMs = domContentLoaded ? (options.loadEventWaitMs ?? 0) : 0;
  await Promise.all([interstitial ? undefined : answerWithin(scrollLikeAPerson(page, human), evaluateMs, 'scrolling').catch(() => 0), settleLoad(page, loadWaitMs, options.signal)]);
  return interstitial;
}

/** Name the real reason for a failed navigation: a refusal of the page itself, a download, a crash, or the browser's message. */
function failure(target: NavigationTarget, from: { refused: number; downloads: number }, message: string, status: number | null): Extract<Navigation<never>, { ok: false }> {
  const refused = target.guards?.refused.slice(from.refused).find((r) => r.mainFrame);
  if (refused) return { ok: false, status, error: refused.reason, refused: { privateAddress: refused.privateAddress } };
  const downloads = target.guards?.downloads.slice(from.downloads) ?? [];
  if (downloads.length > 0) return { ok: false, status, error: `refused a download (${downloads.join(', ')}): scout reads web pages, PDFs and text files, not other files` };
  if (target.crashed()) return { ok: false, status, error: 'the tab crashed while loading the page' };
  return { ok: false, status, error: message };
}
