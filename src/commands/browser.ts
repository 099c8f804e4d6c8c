/**
 * `scout browser <action> [args...]`: the browser tool from the shell. With a
 * persistent browser (`scout browser start`) every call is sent to it;
 * otherwise each call runs in a short-lived browser of its own.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { browserSessionOptions } from '../browser/session/reading-session.js';
import { callPersistent, findPersistent, helloFailure, startPersistent, waitForExit } from '../browser/tool/persistent/client.js';
import { statePath } from '../browser/tool/persistent/state.js';
import { BrowserTool, findAction, renderResult, unknownAction, type ToolResult } from '../browser/tool/browser-tool.js';
import type { Config } from '../config.js';
import { ScoutError } from '../errors.js';
import { terminalText } from '../util/terminal-text.js';
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

async function runShortLived(action: string, params: Record<string, unknown>, config: Config): Promise<ToolResult> {
  const tool = new BrowserTool(browserSessionOptions(config));
  try {
    return await tool.run(action, params);
  } finally {
    await tool.close();
  }
}

async function dispatch(action: string, params: Record<string, unknown>, config: Config, env: NodeJS.ProcessEnv): Promise<ToolResult> {
  const stateFile = statePath(env);
  const running = await findPersistent(stateFile);
  if (running) {
    const result = await callPersistent(running, action, params);
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
  return runShortLived(action, params, config);
}

export async function browserAction(context: CommandContext, action: string, args: string[], _opts: unknown, command: Command): Promise<void> {
  const config = configFor(command, context.io);
  const json = Boolean(command.opts<{ json?: boolean }>().json);
  const result = findAction(action) ? await dispatch(action, paramsOf(action, args, command), config, context.io.env) : unknownAction(action);
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
