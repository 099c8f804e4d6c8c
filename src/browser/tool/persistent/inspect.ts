/**
 * What `scout browser doctor` finds of the persistent browser before it asks
 * it anything: no state file, an unreadable one, one left by a process that
 * is gone (removed here), one whose process does not answer, or a running one.
 */
import { existsSync, statSync } from 'node:fs';
import { processAlive, readState, removeState, type BrowserState } from './state.js';

export type StateCheck =
  | { kind: 'none'; file: string }
  | { kind: 'unreadable'; file: string }
  | { kind: 'stale'; file: string; pid: number }
  | { kind: 'silent'; file: string; state: BrowserState }
  | { kind: 'running'; file: string; state: BrowserState; mode: string };

const PING_MS = 5_000;

async function answers(state: BrowserState): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${state.port}/ping`, { headers: { authorization: `Bearer ${state.token}` }, signal: AbortSignal.timeout(PING_MS) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function inspectState(file: string): Promise<StateCheck> {
  if (!existsSync(file)) return { kind: 'none', file };
  const state = readState(file);
  if (!state) return { kind: 'unreadable', file };
  if (!processAlive(state.pid)) {
    removeState(file, state.pid);
    return { kind: 'stale', file, pid: state.pid };
  }
  if (!(await answers(state))) return { kind: 'silent', file, state };
  return { kind: 'running', file, state, mode: (statSync(file).mode & 0o777).toString(8).padStart(4, '0') };
}
