/**
 * The browser the tool drives: launched (or connected) on first use, its tabs
 * named t1, t2, ... with a current one, and the logs every tab writes into.
 * Popups a page opens become tabs too.
 */
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser, type LaunchOptions } from '../launch/launch.js';
import { createLogs, type BrowserLogs, type RequestEntry } from './logs.js';
import { preparePage, type DialogRecord, type PageGuards } from '../page/setup.js';
import { RefRegistry } from './refs.js';
import { HostResolver } from '../page/url-guard.js';
import type { HumanBehaviour } from '../page/human.js';
import { within } from '../../util/timing.js';

/** The browser answers a title at once; this only bounds a browser that stopped answering altogether. */
const TITLE_WAIT_MS = 1_000;
/** Chrome waits about 20 s for a hung renderer before it ends it; the tool does not wait with it. */
const CLOSE_WAIT_MS = 2_000;

export interface ToolBrowserOptions {
  launch: LaunchOptions;
  allowPrivateNetwork: boolean;
  /** Pauses and scrolls around navigations; default none (NO_HUMAN): the agent calling the tool paces itself. */
  human?: HumanBehaviour;
  /** How long to wait out a "checking your browser" page (default 10 s). */
  interstitialWaitMs?: number;
  /** After a commit, how long to wait for DOMContentLoaded (default 3 s). */
  commitGraceMs?: number;
}

export interface PopupNote {
  tab: string;
  url: string;
}

export interface ToolTab {
  id: string;
  page: Page;
  /** One CDP session per tab, for the accessibility tree and ref resolution. */
  cdp: CDPSession;
  /** Downloads and refusals; set on tabs the tool opened, not on popups. */
  guards: PageGuards | undefined;
  refs: RefRegistry;
  dialogs: DialogRecord[];
  popups: PopupNote[];
  crashed: boolean;
  /** A capture (screenshot, snapshot, text, resize) that overran its bound and has not ended yet (capture.ts). */
  recovering: { what: string; done: Promise<void> } | undefined;
}

export class ToolBrowser {
  readonly logs: BrowserLogs = createLogs();
  readonly resolver = new HostResolver();
  private launched: LaunchedBrowser | undefined;
  private launching: Promise<LaunchedBrowser> | undefined;
  private readonly tabs = new Map<string, ToolTab>();
  private currentId: string | undefined;
  private nextId = 1;

  constructor(readonly options: ToolBrowserOptions) {}

  get running(): boolean {
    return this.launched !== undefined;
  }

  get wsEndpoint(): string | undefined {
    return this.launched?.wsEndpoint;
  }

  /** The browser, launched on first use. Throws ScoutError when Chrome is missing or fails. */
  async browser(): Promise<Browser> {
    if (this.launched) return this.launched.browser;
    this.launching ??= launchBrowser({ ...this.options.launch, allowPrivateNetwork: this.options.allowPrivateNetwork }).then(async (launched) => {
      // A launched Chromium opens an about:blank tab of its own; the tool opens its own tabs.
      if (!launched.connected) for (const page of await launched.browser.pages()) await page.close().catch(() => {});
      this.launched = launched;
      return launched;
    });
    try {
      return (await this.launching).browser;
    } finally {
      this.launching = undefined;
    }
  }

  list(): ToolTab[] {
    return [...this.tabs.values()].filter((tab) => !tab.page.isClosed());
  }

  get(id: string): ToolTab | undefined {
    return this.tabs.get(id);
  }

  current(): ToolTab | undefined {
    const tab = this.currentId ? this.tabs.get(this.currentId) : undefined;
    return tab && !tab.page.isClosed() ? tab : undefined;
  }

  /**
   * The tab's title as Chrome's tab strip has it: the browser answers, not the
   * page, so a tab whose script never yields cannot hold up `tabs` or `open`.
   */
  async titleOf(tab: ToolTab): Promise<string> {
    const info = await within(tab.cdp.send('Target.getTargetInfo'), TITLE_WAIT_MS, () => new Error('no title')).catch(() => undefined);
    const title = info?.targetInfo.title ?? '';
    // Chrome names a tab without a <title> after its URL; document.title is empty then, and so is ours.
    const url = tab.page.url();
    return title === url || title === url.replace(/^[a-z]+:\/\//i, '') ? '' : title;
  }

  focus(tab: ToolTab): void {
    this.currentId = tab.id;
  }

  async newTab(): Promise<ToolTab> {
    const page = await (await this.browser()).newPage();
    const guards = await preparePage(page, { allowPrivateNetwork: this.options.allowPrivateNetwork, resolver: this.resolver });
    const tab = await this.adopt(page, guards);
    this.currentId = tab.id;
    return tab;
  }

  /** Close a tab; it leaves the list at once, even when Chrome takes its time to end a renderer stuck in a script. */
  async closeTab(tab: ToolTab): Promise<void> {
    this.tabs.delete(tab.id);
    await within(tab.page.close(), CLOSE_WAIT_MS, () => new Error('still closing')).catch(() => {});
    if (this.currentId === tab.id) this.currentId = this.list().at(-1)?.id;
  }

  /** Close every tab and the browser (or disconnect from a --cdp-url one). The logs stay. */
  async close(): Promise<void> {
    for (const tab of this.list()) await within(tab.page.close(), CLOSE_WAIT_MS, () => new Error('still closing')).catch(() => {});
    this.tabs.clear();
    this.currentId = undefined;
    const launched = this.launched;
    this.launched = undefined;
    await launched?.close();
  }

  private async adopt(page: Page, guards: PageGuards | undefined): Promise<ToolTab> {
    const cdp = await page.createCDPSession();
    const tab: ToolTab = { id: `t${this.nextId++}`, page, cdp, guards, refs: new RefRegistry(), dialogs: [], popups: [], crashed: false, recovering: undefined };
    this.tabs.set(tab.id, tab);
    this.record(tab);
    page.on('dialog', (dialog) => void tab.dialogs.push({ type: dialog.type(), message: dialog.message() }));
    page.on('error', () => (tab.crashed = true));
    page.on('close', () => {
      this.tabs.delete(tab.id);
      if (this.currentId === tab.id) this.currentId = this.list().at(-1)?.id;
    });
    // page-setup prepares popups (guard, safety script); here they become tabs.
    page.on('popup', (popup) => {
      if (!popup) return;
      void this.adopt(popup, undefined).then((child) => tab.popups.push({ tab: child.id, url: popup.url() }), () => {});
    });
    return tab;
  }

  /** Feed the request and error logs from a tab's events. */
  private record(tab: ToolTab): void {
    const { page } = tab;
    const { requests, errors } = this.logs;
    const entries = new WeakMap<object, RequestEntry>();
    page.on('request', (request) => {
      const entry: RequestEntry = { tab: tab.id, method: request.method(), url: request.url(), resourceType: request.resourceType(), at: Date.now() };
      entries.set(request, entry);
      requests.push(entry);
    });
    page.on('response', (response) => {
      const entry = entries.get(response.request());
      if (entry) entry.status = response.status();
    });
    page.on('requestfailed', (request) => {
      const entry = entries.get(request);
      if (entry) entry.failure = request.failure()?.errorText ?? 'failed';
    });
    page.on('pageerror', (error) => {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      errors.push({ tab: tab.id, kind: 'exception', message, url: page.url(), at: Date.now() });
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push({ tab: tab.id, kind: 'console', message: message.text(), url: page.url(), at: Date.now() });
    });
  }
}
