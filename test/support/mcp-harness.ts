/** Start the built `scout mcp` as a child process and drive it with the MCP SDK's own client over stdio. */
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { sleep } from '../../src/util/timing.js';
import { isolatedEnv, SCOUT_BIN } from './run-cli.js';
import { removeTempDir, tempDir } from './temp.js';

export interface McpRun {
  client: Client;
  /** The child's TMPDIR: its Chromium profiles live here. */
  tmp: string;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
  /** Transport errors, e.g. a line on stdout that is not an MCP message. */
  errors: Error[];
  logs: LoggingMessageNotification['params'][];
  /**
   * Ends the server and removes its TMPDIR and config folders. A Chromium still
   * exiting may write its profile after that: call close again once it is gone.
   */
  close(): Promise<void>;
}

export async function startMcp(args: string[]): Promise<McpRun> {
  const tmp = tempDir('scout-mcp-');
  const isolated = isolatedEnv({ TMPDIR: tmp });
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(isolated.env)) if (v !== undefined) env[k] = v;
  const transport = new StdioClientTransport({ command: process.execPath, args: [SCOUT_BIN, 'mcp', ...args], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const errors: Error[] = [];
  transport.onerror = (error) => errors.push(error);
  const client = new Client({ name: 'scout-test', version: '1.0.0' });
  const logs: McpRun['logs'] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push(n.params);
  });
  const removeDirs = () => [tmp, ...isolated.dirs].forEach(removeTempDir);
  await client.connect(transport).catch((error: unknown) => {
    removeDirs();
    throw error;
  });
  const close = async () => {
    await client.close();
    removeDirs();
  };
  return { client, tmp, stderr: () => stderr, errors, logs, close };
}

/** Chromium processes whose command line names dir (their --user-data-dir lives under the child's TMPDIR). */
export function chromiumsUnder(dir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', dir], { encoding: 'utf8' }).split('\n').filter((l) => /chrom/i.test(l));
  } catch {
    return [];
  }
}

export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Every nested schema object, for checking that none uses anyOf/oneOf/allOf. */
export function schemaNodes(schema: unknown): Record<string, unknown>[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  return [node, ...Object.values(node).flatMap((v) => (Array.isArray(v) ? v.flatMap(schemaNodes) : schemaNodes(v)))];
}
