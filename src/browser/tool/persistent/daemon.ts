/**
 * The persistent browser of `scout browser start`: a small background process
 * that holds the browser tool (so refs, logs and emulation live on between
 * calls) and answers `POST /run {action, params}` on 127.0.0.1 for whoever
 * presents the token from the state file. Run as `node daemon.js <options-json>`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { messageOf } from '../../../errors.js';
import { removeState, writeState } from './state.js';
import type { ToolBrowserOptions } from '../tool-browser.js';
import { BrowserTool, type ToolResult } from '../browser-tool.js';

/** Actions that only read state (and never wait on a page): they need not queue behind a busy one. */
const CONCURRENT = new Set(['status', 'tabs', 'requests', 'errors', 'doctor']);

export interface DaemonOptions {
  tool: ToolBrowserOptions;
  stateFile: string;
}

/** The first line the daemon writes on stdout: ready, or why it could not start. */
export type DaemonHello = { ok: true; pid: number; port: number } | { ok: false; error: string; hint?: string; code?: string };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, then?: () => void): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body), then);
}

export async function runDaemon(options: DaemonOptions, hello: (line: DaemonHello) => void): Promise<void> {
  const token = randomBytes(24).toString('hex');
  const startedAt = new Date().toISOString();
  let stopping = false;
  let queue: Promise<unknown> = Promise.resolve();
  const tool = new BrowserTool(options.tool, {
    persistent: { pid: process.pid, stateFile: options.stateFile, startedAt },
    onStop: () => (stopping = true),
  });

  const shutdown = async (code: number) => {
    removeState(options.stateFile, process.pid);
    await tool.close().catch(() => {});
    server.close();
    process.exit(code);
  };

  const run = async (action: string, params: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult> => {
    try {
      return await tool.run(action, params, signal);
    } catch (error) {
      return { ok: false, error: messageOf(error), code: 'BROWSER_FAILED' };
    }
  };

  const server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { ok: false, error: 'wrong token' });
    if (req.method === 'GET' && req.url === '/ping') return send(res, 200, { ok: true, pid: process.pid });
    if (req.method !== 'POST' || req.url !== '/run') return send(res, 404, { ok: false, error: 'not found' });
    // A client that goes away (Ctrl-C) cancels its call: an open closes the tab it made.
    const cancel = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) cancel.abort();
    });
    const failed = (error: unknown) => send(res, 200, { ok: false, error: messageOf(error), code: 'BROWSER_FAILED' });
    readBody(req)
      .then((body) => {
        const { action, params } = JSON.parse(body) as { action: string; params: Record<string, unknown> };
        const answer = async () => {
          if (cancel.signal.aborted) return;
          const result = await run(action, params ?? {}, cancel.signal);
          send(res, 200, result, stopping ? () => void shutdown(0) : undefined);
        };
        // Actions that only read the tool's state answer at once, even while another waits on a busy tab.
        if (CONCURRENT.has(action)) return answer();
        // The others one at a time: they share tabs and refs.
        queue = queue.then(answer).catch(failed);
        return undefined;
      })
      .catch(failed);
  });

  const started = await tool.run('start');
  if (!started.ok) {
    hello({ ok: false, error: started.error, ...(started.hint ? { hint: started.hint } : {}), code: started.code });
    process.exit(1);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await tool.browser.browser();
  browser.on('disconnected', () => {
    if (!stopping) void shutdown(1);
  });
  writeState(options.stateFile, {
    pid: process.pid,
    port,
    token,
    wsEndpoint: tool.browser.wsEndpoint ?? '',
    chromePid: browser.process()?.pid,
    startedAt,
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  hello({ ok: true, pid: process.pid, port });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = JSON.parse(process.argv[2] ?? '{}') as DaemonOptions;
  runDaemon(options, (line) => process.stdout.write(JSON.stringify(line) + '\n')).catch((error: unknown) => {
    process.stdout.write(JSON.stringify({ ok: false, error: messageOf(error) }) + '\n');
    process.exit(1);
  });
}
