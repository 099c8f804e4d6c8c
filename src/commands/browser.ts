/** `scout browser <action>`: the browser tool from the shell. */
import type { Command } from 'commander';
import { ScoutError } from '../errors.js';
import type { CommandContext } from './io.js';

export function registerBrowser(cmd: Command, _context: CommandContext): void {
  cmd.action(() => {
    throw new ScoutError('NOT_AVAILABLE_YET', '`scout browser` is not available yet', 'see README.md for what this version can do');
  });
}
