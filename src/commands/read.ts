/** `scout read <url>`: print the Markdown the agent would see. */
import type { Command } from 'commander';
import { ScoutError } from '../errors.js';
import type { CommandContext } from './io.js';

export function registerRead(cmd: Command, _context: CommandContext): void {
  cmd.action(() => {
    throw new ScoutError('NOT_AVAILABLE_YET', '`scout read` is not available yet', 'see README.md for what this version can do');
  });
}
