/**
 * The agent's BrowserSession: one reading tab in a launched (or connected)
 * Chromium, plus up to prefetchTabs tabs loading the likely next pages. load()
 * navigates like a person, waits out challenge pages and returns the rendered
 * DOM (page-load.ts); it reports every failure in PageLoad.error.
 */
import type { Page } from 'puppeteer-core';
import type { Config } from '../../config.js';
import { messageOf } from '../../errors.js';
import { later, unlessAborted } from '../../util/timing.js';
import { INTERRUPTED } from '../page/commit.js';
import { checkTarget } from '../page/navigate.js';
import { EVALUATE_TIMEOUT_MS } from '../page/timing.js';
import { launchBrowser, type LaunchedBrowser, type LaunchOptions } from '../launch/launch.js';
import { HostResolver } from '../page/url-guard.js';
import type { BrowserSession, LoadOptions, PageLoad } from '../types.js';
import { emptyLoad, loadInTab, readDom, type LoadSettings } from './page-load.js';
import { Prefetcher, type Ahead } from './prefetch.js';
import { closeTab, SessionTabs, usable, type ReadingTab } from './reading-tabs.js';

/** How long close() waits for tabs to close one by one, or to be created, before closing the whole browser. */
const CLOSE_GRACE_MS = 3_000;

export interface SessionOptions extends LoadSettings {
  launch: LaunchOptions;
  allowPrivateNetwork: boolean;
  /** Tabs that may load pages ahead (prefetch); default 0: none. */
  prefetchTabs?: number;
  /** A browser lent by a pool shared with other runs (scout batch), instead of launching one. */
  lease?: () => Promise<LaunchedBrowser>;
}

export class ReadingSession implements BrowserSession {
  private tab: ReadingTab | undefined;
  private closed = false;
  private readonly resolver = new HostResolver();
  private readonly ahead: Prefetcher<ReadingTab, PageLoad>;
  private readonly prefetched = new WeakSet<PageLoad>();
  /** Prepared tabs waiting for a page to load ahead: old reading tabs, or windows opened while the model thinks. */
  private spares: Promise<ReadingTab | undefined>[] = [];
  /** The reading tab while it is being opened. */
  private opening: Promise<ReadingTab> | undefined;
  private readonly tabs: SessionTabs;

  constructor(
    private readonly launched: LaunchedBrowser,
    private readonly options: SessionOptions,
  ) {
    this.tabs = new SessionTabs(launched, { allowPrivateNetwork: options.allowPrivateNetwork, resolver: this.resolver, blockResources: options.blockResources ?? true });
    this.ahead = new Prefetcher<ReadingTab, PageLoad>({ start: (ahead) => this.loadAhead(ahead), closeTab }, options.prefetchTabs ?? 0);
  }

  /** The reading tab, opened on first use and replaced after a crash or a stuck page. A --cdp-url browser gets a new tab too. */
  private async readingTab(): Promise<ReadingTab> {
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
  private async spareTab(): Promise<ReadingTab> {
    for (let spare = this.spares.shift(); spare; spare = this.spares.shift()) {
      const tab = await spare;
      if (tab && usable(tab)) return tab;
      if (tab) await closeTab(tab);
    }
    return this.tabs.open('ahead');
  }

  /** An old reading tab becomes a spare when one is wanted; otherwise it is closed. */
  private retire(tab: ReadingTab): void {
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

  private async loadAhead(ahead: Ahead<ReadingTab, PageLoad>): Promise<PageLoad | undefined> {
    const { signal } = ahead.controller;
    const verdict = await checkTarget(ahead.url, this.options.allowPrivateNetwork, this.resolver);
    if (!verdict.ok || signal.aborted || this.closed) return undefined;
    const tab = await this.spareTab();
    ahead.tab = tab;
    if (signal.aborted || this.closed) return undefined;
    return loadInTab(tab, ahead.url, verdict.href, { signal }, this.options, Date.now());
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

    const verdict = await checkTarget(url, this.options.allowPrivateNetwork, this.resolver);
    if (!verdict.ok) return emptyLoad(url, started, { error: verdict.error, refused: { privateAddress: verdict.privateAddress } });
    let tab: ReadingTab;
    try {
      tab = await this.readingTab();
    } catch (error) {
      return emptyLoad(url, started, { error: `could not open a tab: ${messageOf(error)}` });
    }
    return loadInTab(tab, url, verdict.href, options, this.options, started);
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
  const launched = await (options.lease?.() ?? launchBrowser({ ...options.launch, allowPrivateNetwork: options.allowPrivateNetwork }));
  return new ReadingSession(launched, options);
}
