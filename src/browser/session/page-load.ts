/**
 * One page loaded in one of the reading session's tabs: the navigation path
 * (page/navigate.ts) with the session's settings, then the rendered DOM read
 * and what happened on the way (dialogs, downloads, popups) as a PageLoad.
 */
import type { Page } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { LOAD_EVENT_WAIT_MS, navigate, navigationTimeout } from '../page/navigate.js';
import type { HumanBehaviour } from '../page/human.js';
import { answerWithin, EVALUATE_TIMEOUT_MS } from '../page/timing.js';
import { markedDomSource } from '../page/visibility-script.js';
import type { LoadOptions, PageLoad } from '../types.js';
import type { ReadingTab } from './reading-tabs.js';
import { documentLoad } from './document-load.js';
import { watchMainResponse } from './main-response.js';
import { readWhenSettled } from './read-settle.js';

/** How the session loads pages; every setting has a default. */
export interface LoadSettings {
  /** Default HUMAN; NO_HUMAN in tests. */
  human?: HumanBehaviour;
  /** How long to wait for a "checking your browser"/captcha page to clear (default 10 s). */
  interstitialWaitMs?: number;
  /** After the commit, how long to wait for DOMContentLoaded (default 3 s). */
  commitGraceMs?: number;
  /** After DOMContentLoaded, how long to wait for the load event (default 500 ms). */
  settleMs?: number;
  /** Default load timeout (30 s); LoadOptions.timeoutMs overrides it, capped at 120 s. */
  timeoutMs?: number;
  /** Bound on each read of the page (default 5 s), for pages stuck in a script. */
  evaluateTimeoutMs?: number;
  /** Refuse images, media and fonts: pages are read as text (default true). */
  blockResources?: boolean;
}

/** The rendered document as the agent reads it, what is not rendered marked (page/visibility-script.ts). */
export interface DomRead {
  html: string;
  title: string;
  url: string;
}

const NAVIGATED = /context was destroyed|navigat|detached/i;

/** The marking may take half the read's bound; past it the page is read unmarked. */
export async function readDom(page: Page, timeoutMs: number): Promise<DomRead> {
  const read = page.evaluate(markedDomSource(timeoutMs / 2)) as Promise<DomRead>;
  const { html, title, url } = await answerWithin(read, timeoutMs, 'the page');
  return { html, title, url };
}

/** The DOM, read again once should a script navigate while it is read. */
async function readSettledDom(page: Page, timeoutMs: number): Promise<DomRead> {
  return readDom(page, timeoutMs).catch(async (error: unknown) => {
    if (!NAVIGATED.test(messageOf(error))) throw error;
    // A script navigated while we read: give the new document a moment.
    await page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 2_000 }).catch(() => {});
    return readDom(page, timeoutMs);
  });
}

export function emptyLoad(url: string, started: number, extra: Partial<PageLoad> = {}): PageLoad {
  return { requestedUrl: url, url, status: null, title: '', html: '', dialogs: [], downloads: [], popups: [], ...extra, ms: Date.now() - started };
}

/** Navigate tab to href (checked by the URL guard) like a person, and read its DOM. Never throws: see PageLoad.error. */
export async function loadInTab(tab: ReadingTab, url: string, href: string, options: LoadOptions, settings: LoadSettings, started: number): Promise<PageLoad> {
  const { page, guards } = tab;
  guards.blocking = settings.blockResources ?? true;
  const mark = { dialogs: guards.dialogs.length, downloads: guards.downloads.length, popups: guards.popups.length, documents: tab.documents.length };
  const evaluateTimeoutMs = settings.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS;
  // A fresh tab opening a result is not a person moving on: only a used tab pauses (timing no site of a new tab can see).
  const pause = tab.used === true;
  tab.used = true;
  const response = watchMainResponse(page);
  const settle = { deadline: started + navigationTimeout(options.timeoutMs ?? settings.timeoutMs), evaluateTimeoutMs, signal: options.signal, response: response.current };
  const nav = await navigate(
    { page, guards, crashed: () => guards.crashed },
    href,
    {
      timeoutMs: options.timeoutMs ?? settings.timeoutMs,
      signal: options.signal,
      human: settings.human,
      pause,
      commitGraceMs: settings.commitGraceMs,
      interstitialWaitMs: settings.interstitialWaitMs,
      evaluateTimeoutMs,
      loadEventWaitMs: settings.settleMs ?? LOAD_EVENT_WAIT_MS,
    },
    (loaded) => readWhenSettled(loaded, settle, (p) => readSettledDom(p, evaluateTimeoutMs)),
  ).finally(response.stop);
  const happened = {
    dialogs: guards.dialogs.slice(mark.dialogs).map((d) => d.message),
    downloads: guards.downloads.slice(mark.downloads),
    popups: guards.popups.slice(mark.popups).map((p) => p.url),
  };
  const base = { requestedUrl: url, url, status: nav.status, title: '', html: '', ...happened, ms: Date.now() - started };
  if (nav.ok) {
    const landed = nav.value.url;
    const caught = tab.documents.slice(mark.documents).findLast((d) => d.url === landed);
    if (caught) return documentLoad({ ...base, url: landed }, caught, options.signal, started);
  }
  if (nav.ok) return { ...base, ...nav.value, ...(nav.interstitial ? { interstitial: nav.interstitial } : {}) };
  if (nav.stuck) tab.stuck = true;
  return { ...base, error: nav.error, ...(nav.refused ? { refused: nav.refused } : {}) };
}
