/**
 * The agent's BrowserSession: one reading tab in a launched (or connected)
 * Chromium, plus up to prefetchTabs tabs loading the likely next pages. load()
 * navigates like a person, waits out challenge pages and returns the rendered
 * DOM; it reports every failure in PageLoad.error.
 */
import type { Page } from 'puppeteer-core';
import type { Config } from '../../config.js';
import { messageOf } from '../../errors.js';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, type PageGuards } from '../page/setup.js';
import { EVALUATE_TIMEOUT_MS, later, PageStuck, unlessAborted, within } from '../page/timing.js';
import { gotoCommitted, settleLoad, COMMIT_GRACE_MS, INTERRUPTED, SETTLE_MS } from '../page/navigate.js';
import { HUMAN, pauseBeforeNavigation, scrollLikeAPerson, type HumanBehaviour } from '../page/human.js';
import { INTERSTITIAL_WAIT_MS, waitOutInterstitial } from '../page/interstitial.js';
import { launchBrowser, type LaunchedBrowser, type LaunchOptions } from '../launch/launch.js';
import { Prefetcher, type Ahead } from './prefetch.js';
import { closeTab, SessionTabs, usable, type Tab } from './reading-tabs.js';
import type { BrowserSession, LoadOptions, PageLoad } from '../types.js';
import { checkUrlResolved, HostResolver } from '../page/url-guard.js';

export const MAX_TIMEOUT_MS = 120_000;
/** How long close() waits for tabs to close one by one, or to be created, before closing the whole browser. */
const CLOSE_GRACE_MS = 3_000;
const DOWNLOAD_SETTLE_MS = 1_000;

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

export interface SessionOptions {
  launch: LaunchOptions;
  allowPrivateNetwork: boolean;
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
  /** Tabs that may load pages ahead (prefetch); default 0: none. */
  prefetchTabs?: number;
}

interface Snapshot {
  html: string;
  title: string;
  url: string;
}

function readDom(page: Page, timeoutMs: number): Promise<Snapshot> {
  const read = page.evaluate(() => ({ html: document.documentElement?.outerHTML ?? '', title: document.title, url: location.href }));
  return within(read, timeoutMs, 'the page');
}

const NAVIGATED = /context was destroyed|navigat|detached/i;

export class ReadingSession implements BrowserSession {
  private tab: Tab | undefined;
  private closed = false;
  private readonly resolver = new HostResolver();
  private readonly ahead: Prefetcher<Tab, PageLoad>;
  private readonly prefetched = new WeakSet<PageLoad>();
  /** Prepared tabs waiting for a page to load ahead: old reading tabs, or windows opened while the model thinks. */
  private spares: Promise<Tab | undefined>[] = [];
  /** The reading tab while it is being opened. */
  private opening: Promise<Tab> | undefined;
  private readonly tabs: SessionTabs;

  constructor(
    private readonly launched: LaunchedBrowser,
    private readonly options: SessionOptions,
  ) {
    this.tabs = new SessionTabs(launched, { allowPrivateNetwork: options.allowPrivateNetwork, resolver: this.resolver, blockResources: options.blockResources ?? true });
    this.ahead = new Prefetcher<Tab, PageLoad>({ start: (ahead) => this.loadAhead(ahead), closeTab }, options.prefetchTabs ?? 0);
  }

  /** The reading tab, opened on first use and replaced after a crash or a stuck page. A --cdp-url browser gets a new tab too. */
  private async readingTab(): Promise<Tab> {
    const current = this.tab;
    if (current && !usable(current)) {
      this.tab = undefined;
      await closeTab(current);
    }
    if (this.tab) return this.tab;
    this.opening ??= this.tabs.open('reading')
      .then((tab) => {
        this.tab = tab;
        return tab;
      })
      .finally(() => (this.opening = undefined));
    return this.opening;
  }

  /**
   * Start opening the reading tab now, before the first page is wanted (a
   * research run does it while the model rewrites the question). The tabs that
   * load ahead open with the first prefetch: opened at once, they would slow
   * the first page down. A failure is reported by the first load.
   */
  prepare(): void {
    this.readingTab().catch(() => undefined);
  }

  /** Keep prefetchTabs tabs in all (loading ahead or spare), so that a page to load ahead does not wait for one. */
  private warm(): void {
    while (!this.closed && this.spares.length + this.ahead.urls().length < this.ahead.maxTabs) {
      this.spares.push(this.tabs.open('ahead').catch(() => undefined));
    }
  }

  /** A spare tab that is still usable, or a new window. */
  private async spareTab(): Promise<Tab> {
    for (let spare = this.spares.shift(); spare; spare = this.spares.shift()) {
      const tab = await spare;
      if (tab && usable(tab)) return tab;
      if (tab) await closeTab(tab);
    }
    return this.tabs.open('ahead');
  }

  /** An old reading tab becomes a spare when one is wanted; otherwise it is closed. */
  private retire(tab: Tab): void {
    if (usable(tab) && this.spares.length + this.ahead.urls().length < this.ahead.maxTabs) this.spares.push(Promise.resolve(tab));
    else void closeTab(tab);
  }

  /**
   * Start loading these pages in tabs of their own (at most prefetchTabs), with
   * the same guard, pause and scrolls as load(); pages no longer listed are
   * cancelled and their tabs closed. load() of a listed URL then takes its tab.
   */
  prefetch(urls: readonly string[]): void {
    if (this.closed) return;
    this.ahead.want(urls);
    this.warm();
  }

  /** URLs being loaded ahead now. */
  prefetching(): string[] {
    return this.ahead.urls();
  }

  /** Whether this load came from a page loaded ahead. */
  wasPrefetched(load: PageLoad): boolean {
    return this.prefetched.has(load);
  }

  private async loadAhead(ahead: Ahead<Tab, PageLoad>): Promise<PageLoad | undefined> {
    const { signal } = ahead.controller;
    const verdict = await checkUrlResolved(ahead.url, { allowPrivateNetwork: this.options.allowPrivateNetwork, navigation: true }, this.resolver);
    if (!verdict.ok || signal.aborted || this.closed) return undefined;
    const tab = await this.spareTab();
    ahead.tab = tab;
    if (signal.aborted || this.closed) return undefined;
    return this.loadIn(tab, ahead.url, verdict.url.href, { signal }, Date.now());
  }

  /** The page loaded ahead for url, waited for and made the reading tab; undefined when there is none to use. */
  private async fromAhead(url: string, options: LoadOptions, started: number): Promise<PageLoad | undefined> {
    const ahead = this.ahead.take(url);
    if (!ahead) return undefined;
    // An interrupted load does not wait for the page loading ahead to notice: it is cancelled, its tab closed whenever it appears.
    const load = await unlessAborted(ahead.done, options.signal);
    if (load === 'aborted' || !load || !ahead.tab || this.closed) {
      this.ahead.cancel(ahead);
      return undefined;
    }
    const previous = this.tab;
    this.tab = ahead.tab;
    if (previous) this.retire(previous);
    void ahead.tab.page.bringToFront().catch(() => {});
    const taken = { ...load, ms: Date.now() - started };
    this.prefetched.add(taken);
    return taken;
  }

  async load(url: string, options: LoadOptions = {}): Promise<PageLoad> {
    const started = Date.now();
    if (this.closed) return emptyLoad(url, started, { error: 'the browser session is closed' });
    const ahead = await this.fromAhead(url, options, started);
    if (ahead) return ahead;
    if (options.signal?.aborted) return emptyLoad(url, started, { error: INTERRUPTED });

    const verdict = await checkUrlResolved(url, { allowPrivateNetwork: this.options.allowPrivateNetwork, navigation: true }, this.resolver);
    if (!verdict.ok) return emptyLoad(url, started, { error: verdict.reason, refused: { privateAddress: verdict.privateAddress } });
    let tab: Tab;
    try {
      tab = await this.readingTab();
    } catch (error) {
      return emptyLoad(url, started, { error: `could not open a tab: ${messageOf(error)}` });
    }
    return this.loadIn(tab, url, verdict.url.href, options, started);
  }

  /** Navigate tab like a person (pause, navigation, challenge wait, scrolls) and read its DOM. */
  private async loadIn(tab: Tab, url: string, href: string, options: LoadOptions, started: number): Promise<PageLoad> {
    const result: PageLoad = { requestedUrl: url, url, status: null, title: '', html: '', ms: 0, dialogs: [], downloads: [], popups: [] };
    const finish = (extra: Partial<PageLoad> = {}): PageLoad => ({ ...result, ...extra, ms: Date.now() - started });
    const { page, guards } = tab;
    guards.blocking = this.options.blockResources ?? true;
    const mark = { dialogs: guards.dialogs.length, downloads: guards.downloads.length, popups: guards.popups.length, refused: guards.refused.length };
    const since = () => {
      result.dialogs = guards.dialogs.slice(mark.dialogs).map((d) => d.message);
      result.downloads = guards.downloads.slice(mark.downloads);
      result.popups = guards.popups.slice(mark.popups).map((p) => p.url);
    };

    try {
      const human = this.options.human ?? HUMAN;
      // A fresh tab opening a result is not a person moving on: only a used tab pauses (timing no site of a new tab can see).
      if (tab.used) await pauseBeforeNavigation(human, options.signal);
      tab.used = true;
      const timeoutMs = Math.min(options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS, MAX_TIMEOUT_MS);
      const nav = await gotoCommitted(page, href, { timeoutMs, commitGraceMs: this.options.commitGraceMs ?? COMMIT_GRACE_MS, signal: options.signal });
      result.status = nav.status;
      if (!nav.committed) {
        // Chrome reports a download only after it aborted the navigation.
        if (/ERR_ABORTED/.test(nav.error ?? '')) await waitFor(() => guards.downloads.length > mark.downloads, DOWNLOAD_SETTLE_MS);
        since();
        return finish(this.failure(nav.error ?? 'the page did not load', guards, mark.refused, result.downloads));
      }
      // Every read of the page waits on its renderer: an interrupt must not wait for a page stuck in a script.
      const outcome = await unlessAborted(this.readCommitted(page, human, nav.domContentLoaded, options.signal), options.signal);
      since();
      if (outcome === 'aborted') return finish({ error: INTERRUPTED });
      return finish({ ...outcome.dom, ...(outcome.interstitial ? { interstitial: outcome.interstitial } : {}) });
    } catch (error) {
      if (error instanceof PageStuck) tab.stuck = true;
      since();
      return finish(this.failure(messageOf(error), guards, mark.refused, result.downloads));
    }
  }

  /** After the commit: wait out a challenge page, scroll like a person while the load event comes, then read the DOM. */
  private async readCommitted(page: Page, human: HumanBehaviour, domContentLoaded: boolean, signal: AbortSignal | undefined): Promise<{ dom: Snapshot; interstitial: string | undefined }> {
    const evaluateMs = this.options.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS;
    const interstitial = await waitOutInterstitial(page, this.options.interstitialWaitMs ?? INTERSTITIAL_WAIT_MS, { signal, evaluateTimeoutMs: evaluateMs });
    // A person scrolls while the images arrive: the scrolls and the wait for the load event overlap.
    // Input events wait for the renderer: a stuck page must not hold the scrolls either.
    const settleMs = domContentLoaded ? (this.options.settleMs ?? SETTLE_MS) : 0;
    await Promise.all([interstitial ? undefined : within(scrollLikeAPerson(page, human), evaluateMs, 'scrolling').catch(() => 0), settleLoad(page, settleMs, signal)]);
    const dom = await readDom(page, evaluateMs).catch(async (error: unknown) => {
      if (!NAVIGATED.test(messageOf(error))) throw error;
      // A script navigated while we read: give the new document a moment.
      await page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 2_000 }).catch(() => {});
      return readDom(page, evaluateMs);
    });
    return { dom, interstitial };
  }

  /** Name the real reason for a failed load: a refusal, a download, a crash, or the browser's message. */
  private failure(message: string, guards: PageGuards, refusedFrom: number, downloads: string[]): Partial<PageLoad> {
    const refused = guards.refused.slice(refusedFrom).find((r) => r.mainFrame);
    if (refused) return { error: refused.reason, refused: { privateAddress: refused.privateAddress } };
    if (downloads.length > 0) return { error: `refused a download (${downloads.join(', ')}): scout reads pages, not files` };
    if (guards.crashed) return { error: 'the tab crashed while loading the page' };
    return { error: message };
  }

  /** The reading tab's page, for collaborators inside src/browser (form filling); undefined before the first load. */
  currentPage(): Page | undefined {
    return this.tab && !this.tab.page.isClosed() && !this.tab.guards.crashed ? this.tab.page : undefined;
  }

  /** The reading tab as it is now, without navigating: after a form was submitted in it. */
  async current(requestedUrl: string): Promise<PageLoad> {
    const started = Date.now();
    const page = this.currentPage();
    if (!page) return emptyLoad(requestedUrl, started, { error: 'the page is gone' });
    try {
      const dom = await readDom(page, this.options.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS);
      return { ...emptyLoad(requestedUrl, started), ...dom, ms: Date.now() - started };
    } catch (error) {
      return emptyLoad(requestedUrl, started, { error: messageOf(error) });
    }
  }

  /** False once the browser process is gone (killed, crashed) or the session closed. */
  alive(): boolean {
    return !this.closed && this.launched.browser.connected;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const tidy = async () => {
      await this.ahead.cancelAll();
      const tabs = await Promise.all([...this.spares.splice(0), this.opening?.catch(() => undefined), this.tab]);
      await Promise.all(tabs.map((tab) => (tab ? closeTab(tab) : undefined)));
    };
    // Our tabs in a browser we only connected to are closed one by one; a browser
    // we launched takes them with it, once the tabs being created are. A tab stuck
    // in a load that ignores its abort must not keep the browser open either way.
    const created = this.tabs.stop(CLOSE_GRACE_MS);
    if (this.launched.connected) await Promise.race([tidy(), later(CLOSE_GRACE_MS, undefined)]);
    else {
      void this.ahead.cancelAll();
      await created;
    }
    this.tab = undefined;
    await this.launched.close();
  }
}

function emptyLoad(url: string, started: number, extra: Partial<PageLoad> = {}): PageLoad {
  return { requestedUrl: url, url, status: null, title: '', html: '', dialogs: [], downloads: [], popups: [], ...extra, ms: Date.now() - started };
}

/** Session options from the resolved config (--chrome, --cdp-url, --headful, --no-stealth, --profile, --allow-private-network). */
export function browserSessionOptions(config: Config): SessionOptions {
  return {
    launch: {
      headful: config.headful,
      stealth: config.stealth,
      ...(config.chrome ? { chrome: config.chrome } : {}),
      ...(config.cdpUrl ? { cdpUrl: config.cdpUrl } : {}),
      ...(config.profile ? { profile: config.profile } : {}),
    },
    allowPrivateNetwork: config.allowPrivateNetwork,
  };
}

/** Launch (or connect to) Chromium and return the agent's session. Throws ScoutError when Chrome is missing or fails. */
export async function openSession(options: SessionOptions): Promise<ReadingSession> {
  const launched = await launchBrowser(options.launch);
  return new ReadingSession(launched, options);
}
