/** `scout show <id>`: one kept run again, as its Markdown report under a short header, or the kept record with --json. */
import type { Command } from 'commander';
import { RunStore } from '../state/run-store.js';
import { markdownReport } from '../ui/output.js';
import { terminalText } from '../util/terminal-text.js';
import { writeJson, type CommandContext } from './io.js';

export function showAction(context: CommandContext, id: string, _opts: unknown, command: Command): Promise<void> {
  const { io } = context;
  const run = new RunStore(io.env).load(id);
  if (command.opts<{ json?: boolean }>().json) {
    writeJson(io, run);
    return Promise.resolve();
  }
  const { result } = run;
  const followUp = run.followUpOf ? `, a follow-up of ${run.followUpOf}` : '';
  const header = `Question: ${result.question.replace(/\s+/g, ' ').trim()}\nRun ${run.id} at ${run.time}, stopped by ${result.stoppedBy}${followUp}\n\n`;
  io.stdout.write(terminalText(header) + markdownReport(result));
  return Promise.resolve();
}
