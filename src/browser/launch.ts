/**
 * Launching (or connecting to) the Chromium scout reads the web through:
 * puppeteer-extra over puppeteer-core, with the stealth evasions unless --no-stealth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import puppeteer, { type Browser, type ConnectOptions, type LaunchOptions as PuppeteerLaunchOptions } from 'puppeteer-core';
import { addExtra, type PuppeteerExtraPlugin } from 'puppeteer-extra';
import StealthPlugin from 'puppeteer-extra-plugin-stealth';
import { messageOf, ScoutError } from '../errors.js';
import { chromeArgs, findChrome, isRoot } from './chrome.js';
import { spawnDetached, waitForExit } from './detached.js';
import { removeProfile, temporaryProfile } from './profile.js';

export { shutdownBrowser } from './detached.js';

export interface LaunchOptions {
  chrome?: string;
  cdpUrl?: string;
  headful: boolean;
  stealth: boolean;
  profile?: string;
  extraArgs?: string[];
  /** fixed remote-debugging port (Chrome binds it to 127.0.0.1) for a persistent browser; 0/undefined = a random one */
  debuggingPort?: number;
  /** keep the browser running after this process exits (persistent `scout browser start`) */
  detached?: boolean;
}

export interface LaunchedBrowser {
  browser: Browser;
  wsEndpoint: string;
  /** true when attached to a browser scout did not launch (--cdp-url or a reconnect) */
  connected: boolean;
  /** The profile directory in use; undefined for a connected browser. */
  userDataDir: string | undefined;
  /** Chrome's process id when scout launched it (record it for a detached browser). */
  pid: number | undefined;
  /** Closes the browser (or disconnects from a connected one) and removes the temporary profile. */
  close(): Promise<void>;
}

export const VIEWPORT = { width: 1920, height: 1080 } as const;
const BROWSER_CLOSE_GRACE_MS = 5_000;
const PROFILE_RELEASE_MS = 3_000;

/** Chrome's helper processes outlive the browser by a moment; wait until none runs on the profile (Linux /proc). */
async function profileReleased(userDataDir: string): Promise<void> {
  if (process.platform !== 'linux') return;
  const marker = `--user-data-dir=${userDataDir}`;
  const busy = () =>
    readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(marker);
      } catch {
        return false;
      }
    });
  const deadline = Date.now() + PROFILE_RELEASE_MS;
  while (busy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}
const LAUNCH_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);
type EvasionFactory = (options: Record<string, unknown>) => PuppeteerExtraPlugin;
const userAgentOverride = require('puppeteer-extra-plugin-stealth/evasions/user-agent-override/index.js') as EvasionFactory;
const webglVendor = require('puppeteer-extra-plugin-stealth/evasions/webgl.vendor/index.js') as EvasionFactory;

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
function driver(stealth: boolean): Pick<typeof puppeteer, 'launch' | 'connect'> {
  if (!stealth) return puppeteer;
  ignoreClosedTargetRejections();
  const extra = addExtra(puppeteer as unknown as Parameters<typeof addExtra>[0]);
  const plugin = StealthPlugin();
  plugin.enabledEvasions.delete('user-agent-override');
  plugin.enabledEvasions.delete('webgl.vendor');
  extra.use(plugin).use(userAgentOverride({ maskLinux: false, locale: 'en-US,en' })).use(webglVendor(webglIdentity(process.platform)));
  return extra as unknown as Pick<typeof puppeteer, 'launch' | 'connect'>;
}

let rejectionHookInstalled = false;

/**
 * The stealth evasions send CDP commands to every new tab without awaiting
 * them; when a tab closes at once (a popup closed on arrival, a page closing
 * its own window) the command fails as an unhandled rejection, which would
 * end the process. Those rejections, and only those, are dropped here.
 */
function ignoreClosedTargetRejections(): void {
  if (rejectionHookInstalled) return;
  rejectionHookInstalled = true;
  const hook = (reason: unknown) => {
    const closedTarget = reason instanceof Error && (reason.name === 'TargetCloseError' || /Target closed|Session closed/.test(reason.message));
    if (closedTarget) return;
    // Keep Node's default (crash) unless someone else handles rejections too.
    if (process.listenerCount('unhandledRejection') === 1) throw reason;
  };
  process.on('unhandledRejection', hook);
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
    browser = await driver(stealth).connect(connectOptions(wsEndpoint));
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
  const args = chromeArgs({ root: isRoot(), extra: options.extraArgs });
  let browser: Browser;
  let detachedPid: number | undefined;
  try {
    if (options.detached) {
      const spawned = await spawnDetached(executablePath, userDataDir, args, options);
      detachedPid = spawned.pid;
      browser = await driver(options.stealth).connect(connectOptions(spawned.endpoint));
    } else {
      const launchOptions: PuppeteerLaunchOptions = {
        executablePath,
        headless: !options.headful,
        userDataDir,
        args,
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
        // Chrome binds the debugging port to loopback only.
        ...(options.debuggingPort ? { debuggingPort: options.debuggingPort } : {}),
      };
      browser = await driver(options.stealth).launch(launchOptions);
    }
  } catch (error) {
    if (!options.profile) await removeProfile(userDataDir);
    throw launchFailed(executablePath, error);
  }
  let closed = false;
  return {
    browser,
    wsEndpoint: browser.wsEndpoint(),
    connected: false,
    userDataDir,
    pid: detachedPid ?? browser.process()?.pid,
    close: async () => {
      if (closed) return;
      closed = true;
      // A Chrome that does not close within the grace period is killed: scout must never hang on exit.
      const graceful = browser.close().then(() => true, () => false);
      const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), BROWSER_CLOSE_GRACE_MS).unref());
      if (!(await Promise.race([graceful, timer]))) browser.process()?.kill('SIGKILL');
      if (detachedPid !== undefined) await waitForExit(detachedPid, userDataDir);
      else await profileReleased(userDataDir);
      if (!options.profile) await removeProfile(userDataDir);
    },
  };
}

