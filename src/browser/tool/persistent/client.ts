/**
 * The client side of the persistent browser: start its background process,
 * find it again through the state file, send it actions, wait for it to go.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messageOf, ScoutError, type ErrorCode } from '../../../errors.js';
import type { DaemonHello, DaemonOptions } from './daemon.js';
import { processAlive, readState, removeState, stateDir, type BrowserState } from './state.js';
import type { ToolResult } from '../browser-tool.js';
import { waitUntil } from '../../../util/timing.js';

const DAEMON_START_TIMEOUT_MS = 45_000;
const EXIT_WAIT_MS = 10_000;

/** The running persistent browser, or undefined; a state file left by a dead process is removed. */
export async function findPersistent(stateFile: string): Promise<BrowserState | undefined> {
  const state = readState(stateFile);
  if (!state) return undefined;
  if (processAlive(state.pid)) {
    try {
      const response = await fetch(`http://127.0.0.1:${state.port}/ping`, { headers: { authorization: `Bearer ${state.token}` }, signal: AbortSignal.timeout(5_000) });
      if (response.ok) return state;
    } catch {
      // not answering: treat as gone
    }
  }
  removeState(stateFile, state.pid);
  return undefined;
}

/** Start the background process and wait for its first line: ready, or why not. */
export function startPersistent(options: DaemonOptions, env: NodeJS.ProcessEnv): Promise<DaemonHello> {
  const dir = stateDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const log = openSync(join(dir, 'browser.log'), 'a', 0o600);
  const script = fileURLToPath(new URL('./daemon.js', import.meta.url));
  const child = spawn(process.execPath, [script, JSON.stringify(options)], { detached: true, stdio: ['ignore', 'pipe', log], env });
  closeSync(log);
  const { stdout } = child;
  if (!stdout) throw new ScoutError('BROWSER_FAILED', 'could not talk to the persistent browser process');
  return new Promise((resolve) => {
    let buffer = '';
    const finish = (hello: DaemonHello) => {
      clearTimeout(timer);
      stdout.removeAllListeners('data');
      child.removeAllListeners('exit');
      stdout.destroy();
      child.unref();
      resolve(hello);
    };
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      finish({ ok: false, error: `the persistent browser did not start within ${DAEMON_START_TIMEOUT_MS / 1000} s`, hint: `see ${join(dir, 'browser.log')}` });
    }, DAEMON_START_TIMEOUT_MS);
    stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      try {
        finish(JSON.parse(buffer.slice(0, newline)) as DaemonHello);
      } catch (error) {
        finish({ ok: false, error: `the persistent browser said something unexpected: ${messageOf(error)}` });
      }
    });
    child.once('exit', (code, signal) => finish({ ok: false, error: `the persistent browser exited at start (${signal ?? `code ${code}`})`, hint: `see ${join(dir, 'browser.log')}` }));
  });
}

/** Send one action; aborting the signal hangs up, which cancels the action in the background process. */
export async function callPersistent(state: BrowserState, action: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult> {
  try {
    const response = await fetch(`http://127.0.0.1:${state.port}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${state.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action, params }),
      ...(signal ? { signal } : {}),
    });
    return (await response.json()) as ToolResult;
  } catch (error) {
    if (signal?.aborted) return INTERRUPTED_CALL;
    throw new ScoutError('BROWSER_FAILED', `the persistent browser (pid ${state.pid}) did not answer: ${messageOf(error)}`, 'restart it: `scout browser stop`, then `scout browser start`');
  }
}

/** After `stop`: wait until the background process (and with it Chrome) is gone. */
export async function waitForExit(state: BrowserState): Promise<boolean> {
  const gone = () => !processAlive(state.pid) && (state.chromePid === undefined || !processAlive(state.chromePid));
  return waitUntil(gone, EXIT_WAIT_MS, 50);
}

/** The result of a call the person interrupted (Ctrl-C). */
export const INTERRUPTED_CALL: ToolResult = { ok: false, error: 'interrupted', hint: 'a cancelled open closes the tab it made; other tabs stay', code: 'INTERRUPTED' };

export function helloFailure(hello: Extract<DaemonHello, { ok: false }>): ToolResult {
  return { ok: false, error: hello.error, code: (hello.code as ErrorCode | undefined) ?? 'BROWSER_FAILED', ...(hello.hint ? { hint: hello.hint } : {}) };
}
