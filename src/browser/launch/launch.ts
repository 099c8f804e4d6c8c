/**
 * Launching (or connecting to) the Chromium scout reads the web through:
 * puppeteer-extra over puppeteer-core, with the stealth evasions unless --no-stealth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import puppeteer, { type Browser, type BrowserContext, type ConnectOptions, type LaunchOptions as PuppeteerLaunchOptions, type Page } from 'puppeteer-core';
import { addExtra, type PuppeteerExtraPlugin } from 'puppeteer-extra';
import StealthPlugin from 'puppeteer-extra-plugin-stealth';
import { messageOf, ScoutError } from '../../errors.js';
import { chromeArgs, findChrome, isRoot, keepWebRtcBehindProxy, WEBRTC_PREFERENCES } from './chrome.js';
import { attachEgress, startEgressProxy, type EgressOptions, type EgressProxy } from './egress-proxy.js';
import { later, waitUntil } from '../../util/timing.js';
import { debuggingEndpoint, pipeTransportArgs, removeProfile, temporaryProfile } from './profile.js';

export interface LaunchOptions {
  chrome?: string;
  cdpUrl?: string;
  headful: boolean;
  stealth: boolean;
  profile?: string;
  extraArgs?: string[];
  /** --allow-private-network: the egress proxy lets loopback and private addresses through (default: refused). */
  allowPrivateNetwork?: boolean;
  /** The egress proxy's DNS lookup and connector (tests inject them; default: the system's). */
  egress?: Pick<EgressOptions, 'lookup' | 'connect'>;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** Where new tabs open: an incognito context of a browser shared by several runs (scout batch); default the browser's own. */
  context?: BrowserContext;
  wsEndpoint: string;
  /** true when attached to a browser scout did not launch (--cdp-url or a reconnect) */
  connected: boolean;
  /** The profile directory in use; undefined for a connected browser. */
  userDataDir: string | undefined;
  /** Chrome's process id when scout launched it. */
  pid: number | undefined;
  /** The egress proxy every request of a launched browser goes through; undefined for a connected one, whose requests scout cannot route. */
  egress: EgressProxy | undefined;
  /**
   * The blank tab Chromium opened at launch, set up as a new tab would be (stealth
   * included); once, and only for a browser scout launched. Using it spares a
   * renderer and the second or so a new tab costs.
   */
  startPage(): Promise<Page | undefined>;
  /** Closes the browser (or disconnects from a connected one) and removes the temporary profile. */
  close(): Promise<void>;
}

export const VIEWPORT = { width: 1920, height: 1080 } as const;
const BROWSER_CLOSE_GRACE_MS = 5_000;
const PROFILE_RELEASE_MS = 3_000;
const PROFILE_KILL_MS = 1_000;

/** Processes whose command line names this profile (Linux /proc): Chrome's helpers outlive the browser by a moment. */
function profileProcesses(userDataDir: string): number[] {
  const marker = `--user-data-dir=${userDataDir}`;
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      return readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(marker) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Waits until no process runs on the profile; one still running after the grace
 * (a helper stuck on a loaded machine) is killed, so that scout leaves nothing behind.
 */
async function profileReleased(userDataDir: string): Promise<void> {
  if (process.platform !== 'linux') return;
  if (await waitUntil(() => profileProcesses(userDataDir).length === 0, PROFILE_RELEASE_MS, 50)) return;
  for (const pid of profileProcesses(userDataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone in the meantime
    }
  }
  await waitUntil(() => profileProcesses(userDataDir).length === 0, PROFILE_KILL_MS, 50);
}
const LAUNCH_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);
type EvasionFactory = (options: Record<string, unknown>) => PuppeteerExtraPlugin;
const userAgentOverride = require('puppeteer-extra-plugin-stealth/evasions/user-agent-override/index.js') as EvasionFactory;
const webglVendor = require('puppeteer-extra-plugin-stealth/evasions/webgl.vendor/index.js') as EvasionFactory;
/** Stealth writes the profile's Preferences through this plugin (replacing the file): it must carry the WebRTC policy too. */
const userPreferences = require('puppeteer-extra-plugin-user-preferences') as EvasionFactory;

/** A common GPU as Chrome reports it on this platform (stealth's default is a Mac one). */
function webglIdentity(platform: NodeJS.Platform): { vendor: string; renderer: string } {
  if (platform === 'darwin') return { vendor: 'Intel Inc.', renderer: 'Intel Iris OpenGL Engine' };
  if (platform === 'win32') return { vendor: 'Google Inc. (Intel)', renderer: 'ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)' };
  return { vendor: 'Google Inc. (Intel)', renderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)' };
}

/**
 * puppeteer-core, wrapped by puppeteer-extra with the stealth evasions. The
 * plugins keep per-browser state, so every launch gets its own instance.
 *
 * Stealth's user-agent evasion would by default rewrite a Linux user agent to
 * Windows. We keep the real platform (maskLinux: false): the rest of the
 * fingerprint (fonts, GPU, media codecs, TCP/TLS stack) still says Linux, and
 * a Windows UA on a Linux fingerprint is a stronger bot signal than an
 * ordinary Linux desktop Chrome. The evasion still strips "HeadlessChrome" and
 * fills in matching client hints and languages. For the same reason the WebGL
 * evasion reports a GPU of this platform instead of stealth's default Mac one.
 */
function driver(stealth: boolean): Driver {
  if (!stealth) return { puppeteer, pageHooks: () => [] };
  quietClosedTargetErrors();
  const extra = addExtra(puppeteer as unknown as Parameters<typeof addExtra>[0]);
  const plugin = StealthPlugin();
  plugin.enabledEvasions.delete('user-agent-override');
  plugin.enabledEvasions.delete('webgl.vendor');
  extra.use(userPreferences({ userPrefs: WEBRTC_PREFERENCES })).use(plugin).use(userAgentOverride({ maskLinux: false, locale: 'en-US,en' })).use(webglVendor(webglIdentity(process.platform)));
  return { puppeteer: extra as unknown as Driver['puppeteer'], pageHooks: () => extra.plugins as PageHook[] };
}

/** What puppeteer-extra runs on every tab created after launch (the stealth evasions among them). */
interface PageHook {
  onPageCreated?(page: Page): Promise<void> | void;
}

interface Driver {
  puppeteer: Pick<typeof puppeteer, 'launch' | 'connect'>;
  /** The plugins, with the dependencies they pulled in once a browser was launched or connected. */
  pageHooks(): readonly PageHook[];
}

/**
 * The tab a launched Chromium opens by itself predates the plugins' hooks:
 * run them on it, then load about:blank again so that they apply from its
 * first document on (as puppeteer-extra does for each new tab).
 */
function startPageOf(browser: Browser, hooks: () => readonly PageHook[]): () => Promise<Page | undefined> {
  let taken = false;
  return async () => {
    if (taken) return undefined;
    taken = true;
    const page = (await browser.pages()).find((p) => p.url() === 'about:blank');
    if (!page) return undefined;
    for (const hook of hooks()) await hook.onPageCreated?.(page);
    await page.goto('about:blank');
    return page;
  };
}

let closedTargetHooksInstalled = false;

/** A CDP command that failed because its tab (or the whole browser) went away meanwhile. */
function closedTargetError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TargetCloseError' || /Target closed|Session closed|main frame too early/.test(error.message));
}

/**
 * The stealth evasions send CDP commands to every new tab; when the tab closes
 * at once (a popup closed on arrival, a page closing its own window, the browser
 * closing while a tab is created) the commands fail. Unawaited, that is an
 * unhandled rejection, which would end the process; awaited, puppeteer-extra
 * prints the error with its stack to stderr. Those errors, and only those, are
 * dropped here.
 */
function quietClosedTargetErrors(): void {
  if (closedTargetHooksInstalled) return;
  closedTargetHooksInstalled = true;
  process.on('unhandledRejection', (reason: unknown) => {
    if (closedTargetError(reason)) return;
    // Keep Node's default (crash) unless someone else handles rejections too.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  });
  const printError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && closedTargetError(args[0])) return;
    printError(...args);
  };
}

function launchFailed(executablePath: string, error: unknown): ScoutError {
  return new ScoutError(
    'CHROME_LAUNCH_FAILED',
    `found ${executablePath} but it does not launch (${messageOf(error)})`,
    isRoot() ? 'reinstall Chrome or pass another one with --chrome <path>' : `check that it runs: \`${executablePath} --headless --dump-dom about:blank\``,
    { cause: error },
  );
}

function connectOptions(endpoint: string): ConnectOptions {
  const common = { defaultViewport: VIEWPORT, protocolTimeout: LAUNCH_TIMEOUT_MS };
  return /^wss?:\/\//i.test(endpoint) ? { ...common, browserWSEndpoint: endpoint } : { ...common, browserURL: endpoint };
}

/** Attach to a running Chrome: a --cdp-url endpoint (ws:// or http://) or a persistent scout browser. */
export async function connectBrowser(wsEndpoint: string, stealth: boolean): Promise<LaunchedBrowser> {
  let browser: Browser;
  try {
    browser = await driver(stealth).puppeteer.connect(connectOptions(wsEndpoint));
  } catch (error) {
    throw new ScoutError(
      'BROWSER_FAILED',
      `cannot connect to Chrome at ${wsEndpoint}: ${messageOf(error)}`,
      'start Chrome with --remote-debugging-port=9222 and pass --cdp-url http://127.0.0.1:9222, or check the endpoint',
    );
  }
  let closed = false;
  return {
    browser,
    wsEndpoint: browser.wsEndpoint(),
    connected: true,
    userDataDir: undefined,
    pid: undefined,
    egress: undefined,
    startPage: async () => undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      await browser.disconnect().catch(() => {});
    },
  };
}

/** Launch Chromium (or connect to --cdp-url). Throws ScoutError: CHROME_NOT_FOUND, CHROME_LAUNCH_FAILED, BROWSER_FAILED. */
export async function launchBrowser(options: LaunchOptions): Promise<LaunchedBrowser> {
  if (options.cdpUrl) return connectBrowser(options.cdpUrl, options.stealth);
  const executablePath = findChrome(options.chrome);
  const userDataDir = options.profile ?? temporaryProfile();
  keepWebRtcBehindProxy(userDataDir);
  // Started before Chromium, which sends every request through it from the first one on.
  const egress = await startEgressProxy({ ...options.egress, allowPrivateNetwork: options.allowPrivateNetwork ?? false });
  const args = chromeArgs({ root: isRoot(), extra: options.extraArgs, proxy: egress.url });
  const launcher = driver(options.stealth);
  let browser: Browser;
  try {
    const launchOptions: PuppeteerLaunchOptions = {
      executablePath,
      headless: !options.headful,
      userDataDir,
      // Over a pipe, so that Chromium exits with scout, even on SIGKILL (see pipeTransportArgs).
      args: [...args, ...pipeTransportArgs(userDataDir)],
      defaultViewport: VIEWPORT,
      // The automation infobar and flag are a give-away, stealth or not.
      ignoreDefaultArgs: ['--enable-automation'],
      // Ctrl-C belongs to the CLI (research writes its answer on the first one);
      // puppeteer still kills Chrome when the process exits.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: LAUNCH_TIMEOUT_MS,
      protocolTimeout: LAUNCH_TIMEOUT_MS,
    };
    browser = await launcher.puppeteer.launch(launchOptions);
  } catch (error) {
    await egress.close();
    if (!options.profile) await removeProfile(userDataDir);
    throw launchFailed(executablePath, error);
  }
  attachEgress(browser, egress);
  let closed = false;
  return {
    browser,
    wsEndpoint: await debuggingEndpoint(userDataDir),
    connected: false,
    userDataDir,
    pid: browser.process()?.pid,
    egress,
    startPage: startPageOf(browser, launcher.pageHooks),
    close: async () => {
      if (closed) return;
      closed = true;
      // A Chrome that does not close within the grace period is killed: scout must never hang on exit.
      const graceful = browser.close().then(() => true, () => false);
      if (!(await Promise.race([graceful, later(BROWSER_CLOSE_GRACE_MS, false)]))) browser.process()?.kill('SIGKILL');
      await profileReleased(userDataDir);
      await egress.close();
      if (!options.profile) await removeProfile(userDataDir);
    },
  };
}

