/** `scout search <query>`: search only. */
import type { Command } from 'commander';
import { ScoutError } from '../errors.js';
import type { CommandContext } from './io.js';

export function registerSearch(cmd: Command, _context: CommandContext): void {
  cmd.action(() => {
    throw new ScoutError('NOT_AVAILABLE_YET', '`scout search` is not available yet', 'see README.md for what this version can do');
  });
}
