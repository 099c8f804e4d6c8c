/** `scout mcp`: serve the research, browser and search tools over MCP on stdio, configured like the CLI. */
import type { Command } from 'commander';
import { serveMcp } from '../mcp/server.js';
import type { CommandContext } from './io.js';
import { configFor } from './options.js';

export async function mcpAction(context: CommandContext, _opts: unknown, command: Command): Promise<void> {
  const config = configFor(command, context.io);
  await serveMcp(config, context.io, command.parent?.version() ?? '');
}
