/** What a subcommand writes with, and what it gets from the CLI. The streams themselves are src/io.ts, shared with the MCP server. */
import type { Io } from '../io.js';
import { terminalJson } from '../util/terminal-text.js';

export type { Io } from '../io.js';

export function writeJson(io: Io, value: unknown): void {
  io.stdout.write(terminalJson(value, 2) + '\n');
}

/** What a subcommand's action gets from the CLI: the streams, and a way to report its exit code. */
export interface CommandContext {
  io: Io;
  setExit(code: number): void;
}
