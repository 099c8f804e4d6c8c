/**
 * Chrome that outlives the scout process (the persistent `scout browser start`):
 * spawning it, finding its DevTools endpoint, and stopping it from a later process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { removeProfile } from './profile.js';

const START_TIMEOUT_MS = 30_000;

/** The browser endpoint, if Chrome is up yet: a fixed port answers /json/version; port 0 is written to the profile. */
async function devToolsEndpoint(userDataDir: string, port: number): Promise<string | undefined> {
  if (port > 0) {
    const version = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json() as Promise<{ webSocketDebuggerUrl?: string }>, () => undefined);
    return version?.webSocketDebuggerUrl;
  }
  const text = await readFile(join(userDataDir, 'DevToolsActivePort'), 'utf8').catch(() => '');
  const [found, path] = text.split('\n');
  return found && path ? `ws://127.0.0.1:${found.trim()}${path.trim()}` : undefined;
}

async function waitForDevTools(userDataDir: string, port: number, exited: () => string | undefined): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const why = exited();
    if (why) throw new Error(why);
    const endpoint = await devToolsEndpoint(userDataDir, port);
    if (endpoint) return endpoint;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no DevTools endpoint after ${START_TIMEOUT_MS} ms`);
}

/**
 * A Chrome that outlives this process: spawned in its own process group with
 * a loopback debugging port; the caller connects to it like any running Chrome.
 */
export async function spawnDetached(executablePath: string, userDataDir: string, args: string[], options: { headful: boolean; debuggingPort?: number }): Promise<{ endpoint: string; pid: number | undefined }> {
  await rm(join(userDataDir, 'DevToolsActivePort'), { force: true });
  const defaults = puppeteer
    .defaultArgs({ headless: !options.headful, userDataDir, args })
    .filter((arg) => arg !== '--enable-automation');
  const port = options.debuggingPort ?? 0;
  // Otherwise the endpoint found below could be another browser's.
  if (port > 0 && (await devToolsEndpoint(userDataDir, port))) throw new Error(`port ${port} already has a DevTools endpoint (is a browser already running?)`);
  const child = spawn(
    executablePath,
    [...defaults, `--remote-debugging-port=${port}`],
    { detached: true, stdio: 'ignore' },
  );
  let exitReason: string | undefined;
  child.once('exit', (code, signal) => (exitReason = `exited early (${signal ?? `code ${code}`})`));
  child.once('error', (error) => (exitReason = messageOf(error)));
  child.unref();
  try {
    return { endpoint: await waitForDevTools(userDataDir, port, () => exitReason), pid: child.pid };
  } catch (error) {
    if (child.pid !== undefined && exitReason === undefined) killGroup(child.pid);
    throw error;
  }
}

/**
 * Stop a detached browser from another process (`scout browser stop`): ask it
 * to close over CDP, make sure its process group is gone, remove its profile.
 */
export async function shutdownBrowser(target: { wsEndpoint: string; pid?: number; userDataDir?: string; keepProfile?: boolean }): Promise<void> {
  try {
    const browser = await puppeteer.connect({ browserWSEndpoint: target.wsEndpoint, protocolTimeout: 5_000 });
    await browser.close();
  } catch {
    // not answering: the process group is killed below
  }
  if (target.userDataDir === undefined) return;
  if (target.pid !== undefined) await waitForExit(target.pid, target.userDataDir);
  if (!target.keepProfile) await removeProfile(target.userDataDir);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether pid is still the Chrome running on this profile (a recorded pid may have been reused). */
function runsProfile(pid: number, userDataDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(`--user-data-dir=${userDataDir}`);
  } catch {
    return false;
  }
}

/**
 * A detached Chrome is not our child: wait for it to exit after Browser.close,
 * then kill its process group, but only when it is certainly that Chrome.
 */
export async function waitForExit(pid: number, userDataDir: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive(pid) && runsProfile(pid, userDataDir)) killGroup(pid);
}

/** Kill a detached Chrome with its whole process group (it leads one). */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
