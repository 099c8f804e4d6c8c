/**
 * The agent's BrowserSession: one reading tab in a launched (or connected)
 * Chromium. load() navigates like a person, waits out challenge pages and
 * returns the rendered DOM; it reports every failure in PageLoad.error.
 */
import type { Page } from 'puppeteer-core';
import type { Config } from '../config.js';
import { messageOf } from '../errors.js';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, preparePage, type PageGuards } from './page-setup.js';
import { EVALUATE_TIMEOUT_MS, PageStuck, within } from './deadline.js';
import { gotoCommitted, COMMIT_GRACE_MS } from './goto.js';
import { HUMAN, pauseBeforeNavigation, scrollLikeAPerson, type HumanBehaviour } from './human.js';
import { INTERSTITIAL_WAIT_MS, waitOutInterstitial } from './interstitial.js';
import { launchBrowser, type LaunchedBrowser, type LaunchOptions } from './launch.js';
import type { BrowserSession, LoadOptions, PageLoad } from './types.js';
import { checkUrlResolved, HostResolver } from './url-guard.js';

export const MAX_TIMEOUT_MS = 120_000;
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
  /** Default load timeout (30 s); LoadOptions.timeoutMs overrides it, capped at 120 s. */
  timeoutMs?: number;
  /** Bound on each read of the page (default 5 s), for pages stuck in a script. */
  evaluateTimeoutMs?: number;
}

interface Tab {
  page: Page;
  guards: PageGuards;
  /** Stuck in a script: replace it before the next load. */
  stuck?: boolean;
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

  constructor(
    private readonly launched: LaunchedBrowser,
    private readonly options: SessionOptions,
  ) {}

  /** The reading tab, opened on first use and replaced after a crash or a stuck page. A --cdp-url browser gets a new tab too. */
  private async readingTab(): Promise<Tab> {
    if (this.tab && (this.tab.guards.crashed || this.tab.stuck || this.tab.page.isClosed())) {
      await this.tab.page.close().catch(() => {});
      this.tab = undefined;
    }
    if (!this.tab) {
      const page = await this.launched.browser.newPage();
      const guards = await preparePage(page, { allowPrivateNetwork: this.options.allowPrivateNetwork, resolver: this.resolver, popups: 'close' });
      this.tab = { page, guards };
    }
    return this.tab;
  }

  async load(url: string, options: LoadOptions = {}): Promise<PageLoad> {
    const started = Date.now();
    const result: PageLoad = { requestedUrl: url, url, status: null, title: '', html: '', ms: 0, dialogs: [], downloads: [], popups: [] };
    const finish = (extra: Partial<PageLoad> = {}): PageLoad => ({ ...result, ...extra, ms: Date.now() - started });
    if (this.closed) return finish({ error: 'the browser session is closed' });

    const verdict = await checkUrlResolved(url, { allowPrivateNetwork: this.options.allowPrivateNetwork, navigation: true }, this.resolver);
    if (!verdict.ok) return finish({ error: verdict.reason, refused: { privateAddress: verdict.privateAddress } });

    let tab: Tab;
    try {
      tab = await this.readingTab();
    } catch (error) {
      return finish({ error: `could not open a tab: ${messageOf(error)}` });
    }
    const { page, guards } = tab;
    const mark = { dialogs: guards.dialogs.length, downloads: guards.downloads.length, popups: guards.popups.length, refused: guards.refused.length };
    const since = () => {
      result.dialogs = guards.dialogs.slice(mark.dialogs).map((d) => d.message);
      result.downloads = guards.downloads.slice(mark.downloads);
      result.popups = guards.popups.slice(mark.popups).map((p) => p.url);
    };

    try {
      const human = this.options.human ?? HUMAN;
      await pauseBeforeNavigation(human);
      const timeoutMs = Math.min(options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS, MAX_TIMEOUT_MS);
      const nav = await gotoCommitted(page, verdict.url.href, {
        timeoutMs,
        commitGraceMs: this.options.commitGraceMs ?? COMMIT_GRACE_MS,
        signal: options.signal,
      });
      result.status = nav.status;
      if (!nav.committed) {
        // Chrome reports a download only after it aborted the navigation.
        if (/ERR_ABORTED/.test(nav.error ?? '')) await waitFor(() => guards.downloads.length > mark.downloads, DOWNLOAD_SETTLE_MS);
        since();
        return finish(this.failure(nav.error ?? 'the page did not load', guards, mark.refused, result.downloads));
      }
      const evaluateMs = this.options.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS;
      const interstitial = await waitOutInterstitial(page, this.options.interstitialWaitMs ?? INTERSTITIAL_WAIT_MS, { signal: options.signal, evaluateTimeoutMs: evaluateMs });
      // Input events wait for the renderer: a stuck page must not hold the scrolls either.
      if (!interstitial) await within(scrollLikeAPerson(page, human), evaluateMs, 'scrolling').catch(() => 0);
      const dom = await readDom(page, evaluateMs).catch(async (error: unknown) => {
        if (!NAVIGATED.test(messageOf(error))) throw error;
        // A script navigated while we read: give the new document a moment.
        await page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 2_000 }).catch(() => {});
        return readDom(page, evaluateMs);
      });
      since();
      return finish({ ...dom, ...(interstitial ? { interstitial } : {}) });
    } catch (error) {
      if (error instanceof PageStuck) tab.stuck = true;
      since();
      return finish(this.failure(messageOf(error), guards, mark.refused, result.downloads));
    }
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
    const base: PageLoad = { requestedUrl, url: requestedUrl, status: null, title: '', html: '', ms: 0, dialogs: [], downloads: [], popups: [] };
    if (!page) return { ...base, error: 'the page is gone' };
    try {
      const dom = await readDom(page, this.options.evaluateTimeoutMs ?? EVALUATE_TIMEOUT_MS);
      return { ...base, ...dom, ms: Date.now() - started };
    } catch (error) {
      return { ...base, error: messageOf(error), ms: Date.now() - started };
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.tab) await this.tab.page.close().catch(() => {});
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
  const launched = await launchBrowser(options.launch);
  return new ReadingSession(launched, options);
}
