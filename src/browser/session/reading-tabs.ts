/**
 * Prepared tabs for the reading session: the URL guard, the safety script and
 * resource blocking set up before a page is loaded in them. Opening one is
 * bounded, and the tabs Chromium is still creating are known, so that closing
 * the browser can let them finish first.
 */
import type { Page } from 'puppeteer-core';
import { later, within } from '../../util/timing.js';
import type { LaunchedBrowser } from '../launch/launch.js';
import { preparePage, type PageGuards } from '../page/setup.js';
import type { HostResolver } from '../page/url-guard.js';
import { catchDocuments, type CaughtDocument } from './document-capture.js';

/** Chromium under load can leave a new tab unanswered for good; a tab given up on is closed should it appear later. */
const TAB_OPEN_TIMEOUT_MS = 15_000;

export interface ReadingTab {
  page: Page;
  guards: PageGuards;
  /** Documents (PDFs, text files, other files) the tab navigated to, caught before Chromium showed or saved them. Only grows. */
  documents: CaughtDocument[];
  /** Stuck in a script: replace it before the next load. */
  stuck?: boolean;
  /** Has navigated before: the next navigation is a person moving on, and waits a moment first. */
  used?: boolean;
}

export interface TabSetup {
  allowPrivateNetwork: boolean;
  resolver: HostResolver;
  blockResources: boolean;
}

export async function closeTab(tab: ReadingTab): Promise<void> {
  await tab.page.close().catch(() => {});
}

export function usable(tab: ReadingTab): boolean {
  return !tab.page.isClosed() && !tab.guards.crashed && !tab.stuck;
}

export class SessionTabs {
  private readonly creating = new Set<Promise<Page>>();
  private stopped = false;

  constructor(
    private readonly launched: LaunchedBrowser,
    private readonly setup: TabSetup,
  ) {}

  /**
   * A prepared tab. The reading tab is, at first, the blank one Chromium opened
   * at launch. Pages loading ahead get a window each: a hidden background tab
   * would hold the human scrolls (input waits for a frame) and its timers.
   */
  open(use: 'reading' | 'ahead'): Promise<ReadingTab> {
    const opening = this.prepare(use);
    return within(opening, TAB_OPEN_TIMEOUT_MS, () => {
      void opening.then(closeTab, () => undefined);
      return new Error(`Chromium did not open a tab within ${TAB_OPEN_TIMEOUT_MS} ms`);
    });
  }

  /**
   * No new tab from now on; resolves once Chromium has finished creating the
   * ones under way, or after ms. Closed mid-creation, a tab leaves puppeteer
   * waiting 30 s for its frame tree (keeping the process alive) and the stealth
   * hooks failing.
   */
  async stop(ms: number): Promise<void> {
    this.stopped = true;
    await Promise.race([Promise.allSettled([...this.creating]), later(ms, undefined)]);
  }

  private async prepare(use: 'reading' | 'ahead'): Promise<ReadingTab> {
    const page = (use === 'reading' ? await this.launched.startPage() : undefined) ?? (await this.create(use === 'ahead' ? 'window' : 'tab'));
    const guards = await preparePage(page, { ...this.setup, popups: 'close' });
    return { page, guards, documents: await catchDocuments(page) };
  }

  private create(type: 'tab' | 'window'): Promise<Page> {
    if (this.stopped) return Promise.reject(new Error('the browser session is closed'));
    const creation = (this.launched.context ?? this.launched.browser).newPage({ type });
    this.creating.add(creation);
    const done = () => this.creating.delete(creation);
    creation.then(done, done);
    return creation;
  }
}
