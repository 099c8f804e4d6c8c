/**
 * Per-page setup for every tab scout drives: the safety script, the URL guard,
 * dialogs dismissed, downloads refused, popups and crashes recorded, and for
 * pages read as text, images, media and fonts blocked.
 *
 * The URL guard here gives early, readable refusals; the egress proxy the
 * browser was launched with (launch/egress-proxy.ts) is what enforces them.
 * The guard tells the proxy which hosts the page asked for, and reads the
 * proxy's reason when it refused a navigation.
 */
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer-core';
import { egressOf, type EgressProxy } from '../launch/egress-proxy.js';
import { MAX_DIALOGS, safetyScript } from './safety-script.js';
import { NAVIGATION_TIMEOUT_MS } from './navigate.js';
import { checkUrl, checkUrlResolved, HostResolver } from './url-guard.js';

export interface DialogRecord {
  type: string;
  message: string;
}

export interface RefusedRequest {
  url: string;
  reason: string;
  /** True when refused for a loopback/private address (lifted by --allow-private-network). */
  privateAddress: boolean;
  navigation: boolean;
  /** A navigation of the page itself (or a redirect of one), not of a frame inside it. */
  mainFrame: boolean;
}

export interface PopupRecord {
  /** The URL the page asked for (window.open or a target=_blank link). */
  url: string;
  /** The popup's tab once it exists (already closed with popups: 'close'); undefined until then. */
  page: Page | undefined;
}

/** What happened in a page, collected as it happens. Arrays only grow; read and splice as you need. */
export interface PageGuards {
  dialogs: DialogRecord[];
  /** URLs of refused downloads. */
  downloads: string[];
  popups: PopupRecord[];
  refused: RefusedRequest[];
  /** Navigations the egress proxy answered for because their server did not (its error as Chromium names it). */
  unreachable: { url: string; error: string }[];
  /** Set when the renderer crashed; the tab is unusable and must be replaced. */
  crashed: boolean;
  /** Images, media and fonts are refused while this is true (it starts as the blockResources option). */
  blocking: boolean;
}

export interface PreparePageOptions {
  allowPrivateNetwork: boolean;
  /** 'keep' popups as tabs, prepared like this page (default), or 'close' them on arrival. */
  popups?: 'keep' | 'close';
  resolver?: HostResolver;
  /** Refuse images, media and fonts: the page is read as text (default false). */
  blockResources?: boolean;
}

/** What a page read as text does without. */
export const BLOCKED_RESOURCE_TYPES: ReadonlySet<string> = new Set(['image', 'media', 'font']);

async function guardRequest(request: HTTPRequest, page: Page, guards: PageGuards, options: PreparePageOptions, resolver: HostResolver, egress: EgressProxy | undefined): Promise<void> {
  if (request.isInterceptResolutionHandled()) return;
  if (guards.blocking && BLOCKED_RESOURCE_TYPES.has(request.resourceType())) {
    await request.abort('blockedbyclient', 1).catch(() => {});
    return;
  }
  const navigation = request.isNavigationRequest();
  const policy = { allowPrivateNetwork: options.allowPrivateNetwork, navigation };
  // DNS only for navigations: a subresource by host name costs a lookup per host otherwise.
  const verdict = navigation ? await checkUrlResolved(request.url(), policy, resolver) : checkUrl(request.url(), policy);
  if (verdict.ok) {
    egress?.pageAsked(verdict.url.hostname);
    await request.continue(request.continueRequestOverrides(), 0).catch(() => {});
    return;
  }
  const mainFrame = navigation && request.frame() === page.mainFrame();
  guards.refused.push({ url: request.url(), reason: verdict.reason, privateAddress: verdict.privateAddress, navigation, mainFrame });
  await request.abort('blockedbyclient', 1).catch(() => {});
}

/** A navigation the egress proxy refused (an HTTP answer it made, or a tunnel it would not open): recorded with the proxy's reason. */
function proxyRefusal(request: HTTPRequest, page: Page, guards: PageGuards, egress: EgressProxy): void {
  if (!request.isNavigationRequest()) return;
  let host: string;
  try {
    host = new URL(request.url()).hostname;
  } catch {
    return;
  }
  const refusal = egress.refusal(host);
  if (!refusal?.refused) return;
  const mainFrame = request.frame() === page.mainFrame();
  guards.refused.push({ url: request.url(), reason: `refused ${request.url()}: ${refusal.refused}`, privateAddress: refusal.privateAddress ?? false, navigation: true, mainFrame });
}

/**
 * Set up a fresh page before its first navigation. Request interception is
 * cooperative (priority 0 to continue, 1 to abort), so other handlers may add
 * their own decisions; every intercepted request is resolved here.
 */
export async function preparePage(page: Page, options: PreparePageOptions): Promise<PageGuards> {
  const guards: PageGuards = { dialogs: [], downloads: [], popups: [], refused: [], unreachable: [], crashed: false, blocking: options.blockResources ?? false };
  const resolver = options.resolver ?? new HostResolver();

  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  page.on('dialog', (dialog) => {
    guards.dialogs.push({ type: dialog.type(), message: dialog.message() });
    // Dismissing a beforeunload dialog would cancel the navigation the agent asked for.
    const settle = dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss();
    settle.catch(() => {});
  });
  page.on('error', () => {
    guards.crashed = true;
  });
  page.on('popup', (popup) => {
    if (!popup) return;
    const record = guards.popups.find((p) => p.page === undefined);
    if (record) record.page = popup;
    else guards.popups.push({ url: popup.url(), page: popup });
    if (options.popups === 'close') void popup.close().catch(() => {});
    else void preparePage(popup, { ...options, resolver }).catch(() => {});
  });

  const session = await page.createCDPSession();
  session.on('Page.downloadWillBegin', (event: { url: string }) => guards.downloads.push(event.url));
  // Fired on the opener as soon as it asks, well before the popup's tab exists.
  session.on('Page.windowOpen', (event: { url: string }) => guards.popups.push({ url: event.url, page: undefined }));
  await session.send('Page.enable');
  // Browser-wide in Chrome, and harmless to repeat per page; events come per page above.
  await session.send('Browser.setDownloadBehavior', { behavior: 'deny', eventsEnabled: true });

  await page.evaluateOnNewDocument(safetyScript, MAX_DIALOGS);
  await page.setRequestInterception(true);
  // Puppeteer awaits the promise a request handler returns before it resolves the interception.
  const egress = egressOf(page.browser());
  page.on('request', (request) => guardRequest(request, page, guards, options, resolver, egress));
  if (egress) {
    // The proxy drops x-scout-* headers from servers' answers, but only where it sees them: in plain http.
    // Inside an https tunnel they are the server's own, and a refused tunnel shows as a failed request instead.
    page.on('response', (response: HTTPResponse) => {
      if (!response.url().startsWith('http:') || response.fromCache()) return;
      const headers = response.headers();
      if (headers['x-scout-refused'] !== undefined) proxyRefusal(response.request(), page, guards, egress);
      const error = headers['x-scout-unreachable'];
      if (error !== undefined && response.request().isNavigationRequest()) guards.unreachable.push({ url: response.url(), error });
    });
    page.on('requestfailed', (request) => {
      if (/ERR_TUNNEL_CONNECTION_FAILED/.test(request.failure()?.errorText ?? '')) proxyRefusal(request, page, guards, egress);
    });
  }
  return guards;
}
