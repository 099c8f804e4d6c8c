/** `scout history`: the runs kept for follow-ups, newest first (id, time, stoppedBy, question), or --json. */
import type { Command } from 'commander';
import { BAD_LIMIT, RunStore, type StoredRun } from '../state/run-store.js';
import { ScoutError } from '../errors.js';
import { terminalText } from '../util/terminal-text.js';
import { writeJson, type CommandContext } from './io.js';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function line(run: StoredRun): string {
  return `${run.id}  ${run.time.slice(0, 19).replace('T', ' ')}Z  ${run.result.stoppedBy.padEnd(16)}  ${oneLine(run.result.question)}`;
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return 20;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new ScoutError('BAD_OPTION', `--limit "${value}" is not a whole number above 0`, BAD_LIMIT);
  return n;
}

export function historyAction(context: CommandContext, _opts: unknown, command: Command): Promise<void> {
  const { io } = context;
  const { json, limit } = command.opts<{ json?: boolean; limit?: string }>();
  const store = new RunStore(io.env);
  const runs = store.recent(limitOf(limit), (message) => io.stderr.write(terminalText(`scout: warning: ${message}\n`)));
  if (json) writeJson(io, runs.map((r) => ({ id: r.id, time: r.time, question: r.result.question, stoppedBy: r.result.stoppedBy, ...(r.followUpOf ? { followUpOf: r.followUpOf } : {}) })));
  else if (runs.length === 0) io.stderr.write(terminalText(`scout: no runs kept yet (they go to ${store.dir})\n`));
  else io.stdout.write(terminalText(`${runs.map(line).join('\n')}\n`));
  return Promise.resolve();
}
