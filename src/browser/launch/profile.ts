/**
 * Chrome profile directories: a fresh temporary one per launch, removed at
 * close or at exit, and the profiles of dead runs removed at the next start.
 * Also how Chromium is tied to scout's lifetime: it talks to scout over a pipe
 * (and exits when the pipe closes), and records its websocket port here.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '../../util/timing.js';

const PREFIX = 'scout-chrome-';
/** The file in a temporary profile that names the scout process owning it. */
const OWNER_FILE = 'scout.pid';
/** Where Chromium writes the port (and path) of its websocket endpoint. */
const PORT_FILE = 'DevToolsActivePort';
const ENDPOINT_WAIT_MS = 5_000;

/** Temporary profiles still on disk, removed if the process exits without closing them. */
const temporaryProfiles = new Set<string>();
let exitHookInstalled = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the temporary profiles whose scout process is gone (killed, or its
 * machine restarted): a folder without an owner file is left alone, since it
 * may be one another scout is creating at this moment.
 */
export function removeStaleProfiles(dir: string = tmpdir()): string[] {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir).filter((name) => name.startsWith(PREFIX));
  } catch {
    return removed;
  }
  for (const name of entries) {
    const path = join(dir, name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(path, OWNER_FILE), 'utf8').trim());
    } catch {
      continue;
    }
    if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 2 });
      removed.push(path);
    } catch {
      // Another scout removes it at the same moment, or it is not ours to remove: leave it.
    }
  }
  return removed;
}

export function temporaryProfile(): string {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    removeStaleProfiles();
    process.once('exit', () => {
      for (const d of temporaryProfiles) {
        try {
          rmSync(d, { recursive: true, force: true, maxRetries: 2 });
        } catch {
          // Forced out (a second Ctrl-C) while Chrome still writes to it: the directory stays in the temporary directory rather than the exit printing a stack.
        }
      }
    });
  }
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  temporaryProfiles.add(dir);
  return dir;
}

export async function removeProfile(dir: string): Promise<void> {
  temporaryProfiles.delete(dir);
  // Chrome may still be flushing files for a moment after close; retry.
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

/**
 * Chromium's launch flags for both transports: scout drives it over a pipe, so
 * Chromium exits when the pipe closes, that is when scout ends, however it ends
 * (SIGKILL included); the loopback websocket port stays open for those who
 * connect to the browser (`scout browser start`, --cdp-url). A port file left
 * in the profile by an earlier browser is removed, so the one read after the
 * launch is this browser's.
 */
export function pipeTransportArgs(userDataDir: string): string[] {
  rmSync(join(userDataDir, PORT_FILE), { force: true });
  return ['--remote-debugging-pipe', '--remote-debugging-port=0'];
}

/** The websocket endpoint of the browser launched on this profile, from the port file Chromium writes at start; '' if none came. */
export async function debuggingEndpoint(userDataDir: string): Promise<string> {
  const file = join(userDataDir, PORT_FILE);
  const read = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').map((line) => line.trim()) : []);
  const complete = () => /^\d+$/.test(read()[0] ?? '') && (read()[1] ?? '').startsWith('/');
  if (!(await waitUntil(complete, ENDPOINT_WAIT_MS, 20))) return '';
  const [port, path] = read();
  return `ws://127.0.0.1:${port}${path}`;
}
