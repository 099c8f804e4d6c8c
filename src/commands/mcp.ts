/** `scout mcp`: serve the research, browser and search tools over MCP on stdio, configured like the CLI. */
import type { Command } from 'commander';
import { serveMcp } from '../mcp/server.js';
import type { CommandContext } from './io.js';
import { configFor } from './options.js';

export function registerMcp(cmd: Command, context: CommandContext): void {
  cmd.action(async (_opts: unknown, command: Command) => {
    const config = configFor(command, context.io);
    await serveMcp(config, context.io, command.parent?.version() ?? '');
  });
}
