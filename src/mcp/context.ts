/** What every MCP tool of scout gets: the resolved config, the process streams, and the server's shutdown signal. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Io } from '../io.js';
import type { Config } from '../config.js';
import { isScoutError, messageOf } from '../errors.js';
import { createProgress, type Progress } from '../ui/progress.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface McpContext {
  server: McpServer;
  config: Config;
  io: Io;
  /** Aborted when the server shuts down (client gone, SIGINT, SIGTERM): every call stops at once. */
  closing: AbortSignal;
  /** Research calls under way; shutdown waits for them (they close their browsers). */
  calls: Set<Promise<unknown>>;
}

/** Progress lines on stderr: plain lines, never a spinner, never stdout (stdout carries only MCP messages). */
export function stderrProgress(context: McpContext): Progress {
  return createProgress({ quiet: context.config.quiet, stream: context.io.stderr, env: context.io.env, tty: false });
}

export function textResult(text: string, structuredContent?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], ...(structuredContent ? { structuredContent } : {}) };
}

/** A failure as a tool result the calling model can read: the message, then how to fix it. */
export function errorResult(error: unknown, extra = ''): CallToolResult {
  const text = isScoutError(error) ? `${error.message}${error.hint ? `\nhint: ${error.hint}` : ''}` : messageOf(error);
  return { content: [{ type: 'text', text: `${text}${extra}` }], isError: true };
}
