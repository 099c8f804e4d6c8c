/**
 * `scout browser <action> [args...]`: the browser tool from the shell. With a
 * persistent browser (`scout browser start`) every call is sent to it;
 * otherwise each call runs in a short-lived browser of its own.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { browserSessionOptions } from '../browser/session/reading-session.js';
import { callPersistent, findPersistent, helloFailure, INTERRUPTED_CALL, startPersistent, waitForExit } from '../browser/tool/persistent/client.js';
import { inspectState } from '../browser/tool/persistent/inspect.js';
import { statePath } from '../browser/tool/persistent/state.js';
import type { StateReport } from '../browser/tool/actions/doctor.js';
import { BrowserTool, findAction, renderResult, unknownAction, type ToolResult } from '../browser/tool/browser-tool.js';
import type { Config } from '../config.js';
import { ScoutError } from '../errors.js';
import { terminalText } from '../util/terminal-text.js';
import { unlessAborted } from '../util/timing.js';
import { writeJson, type CommandContext } from './io.js';
import { BROWSER_PARAM_OPTIONS } from './browser-options.js';
import { configFor } from './options.js';

function paramsOf(action: string, args: string[], command: Command): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const opts = command.opts<Record<string, unknown>>();
  for (const [, , key, param] of BROWSER_PARAM_OPTIONS) if (command.getOptionValueSource(key) === 'cli') params[param] = opts[key];
  // The daemon has its own working directory: paths are resolved here.
  if (typeof params.path === 'string') params.path = resolve(params.path);
  const spec = findAction(action);
  const free = (spec?.positional ?? []).filter((name) => params[name] === undefined);
  if (args.length > free.length) {
    const takes = free.length ? `at most ${free.length} argument${free.length > 1 ? 's' : ''} (${free.join(', ')})` : 'no arguments';
    throw new ScoutError('USAGE', `browser ${action} takes ${takes}, got ${args.length}`, 'see `scout browser --help`');
  }
  args.forEach((arg, i) => (params[free[i] as string] = arg));
  return params;
}

async function runShortLived(action: string, params: Record<string, unknown>, config: Config, signal: AbortSignal): Promise<ToolResult> {
  const tool = new BrowserTool(browserSessionOptions(config));
  try {
    const result = await unlessAborted(tool.run(action, params, signal), signal);
    return result === 'aborted' ? INTERRUPTED_CALL : result;
  } finally {
    await tool.close();
  }
}

/** doctor: the state file first (none, unreadable, stale, silent, running), then the browser it leads to or a short-lived one. */
async function browserDoctor(stateFile: string, config: Config, signal: AbortSignal): Promise<ToolResult> {
  const found = await inspectState(stateFile);
  if (found.kind === 'silent') {
    const { pid, port } = found.state;
    return { ok: false, error: `the persistent browser (pid ${pid}) does not answer on 127.0.0.1:${port}`, hint: `stop it (\`kill ${pid}\`), then \`scout browser start\``, code: 'BROWSER_FAILED' };
  }
  if (found.kind === 'running') {
    const result = await callPersistent(found.state, 'doctor', {}, signal);
    return result.ok ? { ...result, state: { ...(result.state as StateReport), mode: found.mode } } : result;
  }
  const state: StateReport = found.kind === 'stale' ? { file: stateFile, status: 'removed', pid: found.pid } : { file: stateFile, status: found.kind };
  const result = await runShortLived('doctor', {}, config, signal);
  return result.ok ? { ...result, state } : result;
}

async function dispatch(action: string, params: Record<string, unknown>, config: Config, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<ToolResult> {
  const stateFile = statePath(env);
  if (action === 'doctor') return browserDoctor(stateFile, config, signal);
  const running = await findPersistent(stateFile);
  if (running) {
    const result = await callPersistent(running, action, params, signal);
    if (action === 'stop' && result.ok && !(await waitForExit(running))) {
      return { ok: false, error: `the persistent browser (pid ${running.pid}) did not exit`, hint: `kill ${running.pid}`, code: 'BROWSER_FAILED' };
    }
    return result;
  }
  if (action === 'start') {
    const hello = await startPersistent({ tool: browserSessionOptions(config), stateFile }, env);
    if (!hello.ok) return helloFailure(hello);
    const started = await findPersistent(stateFile);
    if (!started) return { ok: false, error: 'the persistent browser started but cannot be reached', code: 'BROWSER_FAILED' };
    return callPersistent(started, 'status', {}).then((status) => (status.ok ? { ...status, started: true } : status));
  }
  if (action === 'stop') return { ok: true, stopped: false, persistent: false };
  if (action === 'status') return { ok: true, running: false, persistent: false, tabs: [], current: null };
  return runShortLived(action, params, config, signal);
}

/** Run one action; Ctrl-C cancels it (a cancelled open closes its tab), a second Ctrl-C quits at once. */
async function dispatchInterruptible(action: string, params: Record<string, unknown>, config: Config, env: NodeJS.ProcessEnv): Promise<ToolResult> {
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  process.once('SIGINT', onSigint);
  try {
    return await dispatch(action, params, config, env, interrupt.signal);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

export async function browserAction(context: CommandContext, action: string, args: string[], _opts: unknown, command: Command): Promise<void> {
  const config = configFor(command, context.io);
  const json = Boolean(command.opts<{ json?: boolean }>().json);
  const result = findAction(action) ? await dispatchInterruptible(action, paramsOf(action, args, command), config, context.io.env) : unknownAction(action);
  if (json) writeJson(context.io, result);
  if (!result.ok) {
    const error = new ScoutError(result.code, result.error, result.hint);
    if (!json) throw error;
    context.setExit(error.exitCode);
    return;
  }
  // Page text, titles, console messages: the page's words reach the terminal without control sequences.
  if (!json) context.io.stdout.write(terminalText(renderResult(action, result)) + '\n');
}
