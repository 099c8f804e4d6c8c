/**
 * The state file of the persistent browser (`scout browser start`):
 * $XDG_STATE_HOME/scout/browser.json, mode 0600, in a 0700 directory. It holds
 * where the background process listens and the token it wants, so only this
 * user's later `scout browser` calls can reach it.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface BrowserState {
  /** The background process holding the browser. */
  pid: number;
  /** Its HTTP port on 127.0.0.1, and the bearer token it requires. */
  port: number;
  token: string;
  /** Chrome's DevTools endpoint (loopback only). */
  wsEndpoint: string;
  /** Chrome's process id; undefined for a --cdp-url browser. */
  chromePid: number | undefined;
  startedAt: string;
}

export function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME?.trim() || join(homedir(), '.local', 'state');
  return join(base, 'scout');
}

export const statePath = (env: NodeJS.ProcessEnv): string => join(stateDir(env), 'browser.json');

function isState(value: unknown): value is BrowserState {
  const v = value as Partial<BrowserState> | null;
  return typeof v === 'object' && v !== null && typeof v.pid === 'number' && typeof v.port === 'number' && typeof v.token === 'string' && typeof v.wsEndpoint === 'string';
}

/** The recorded state, or undefined when there is none (or it is unreadable). */
export function readState(file: string): BrowserState | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary file and renamed, so a reader never sees half a file. */
export function writeState(file: string, state: BrowserState): void {
  const dir = join(file, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/** Remove the state file, but only if it still describes the given process. */
export function removeState(file: string, pid: number): void {
  if (readState(file)?.pid === pid) rmSync(file, { force: true });
}

/** Whether a process runs; a zombie (exited, not yet reaped) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
