/**
 * `scout batch questions.txt|questions.jsonl --jobs N`: N research runs at a
 * time on one shared Chromium and one LLM endpoint, one JSON line per question
 * as each finishes, resumable with the same -o file, progress on stderr.
 */
import type { Command } from 'commander';
import { redactor } from '../agent/secrets.js';
import { chromiumPool } from '../batch/chromium-pool.js';
import { runQuestion } from '../batch/one-run.js';
import { readQuestions, type BatchQuestion } from '../batch/questions.js';
import { openResultLines } from '../batch/results.js';
import { eachAtATime, parseJobs } from '../batch/schedule.js';
import { browserSessionOptions } from '../browser/session/reading-session.js';
import { researchDeps } from '../compose.js';
import { EXIT, ScoutError } from '../errors.js';
import { createProgress } from '../ui/progress.js';
import { openTraceFile } from '../ui/trace-file.js';
import { terminalText } from '../util/terminal-text.js';
import type { CommandContext } from './io.js';
import { configFor } from './options.js';
import { watchInterrupts } from './signals.js';

interface BatchFlags {
  jobs: string;
  output?: string;
  trace?: string;
}

function jobsOf(value: string): number {
  const jobs = parseJobs(value);
  if (jobs === undefined) throw new ScoutError('BAD_OPTION', `--jobs must be a whole number from 1 up, not "${value}"`, 'e.g. --jobs 4: four questions researched at a time');
  return jobs;
}

export async function batchAction(context: CommandContext, file: string, _opts: unknown, cmd: Command): Promise<void> {
  const { io } = context;
  const flags = cmd.opts<BatchFlags>();
  const jobs = jobsOf(flags.jobs);
  const config = configFor(cmd, io);
  const input = readQuestions(file);
  for (const bad of input.bad) io.stderr.write(terminalText(`scout: ${file} line ${bad.line}: ${bad.problem}; skipped\n`));
  const results = openResultLines(flags.output, io);
  const todo = input.questions.filter((q) => !results.done.has(q.id));
  const traceFile = flags.trace ? openTraceFile(flags.trace, redactor(config.secrets)) : undefined;
  const progress = createProgress({ quiet: config.quiet, stream: io.stderr, env: io.env });
  const interrupts = watchInterrupts(() => progress.warn('interrupted: finishing no more questions; the lines written are kept (Ctrl-C again to quit now)'));
  const pool = chromiumPool({ ...browserSessionOptions(config).launch, allowPrivateNetwork: config.allowPrivateNetwork }, (event) => traceFile?.trace(event));
  const count = { done: 0, failed: 0 };
  const skipped = input.questions.length - todo.length;
  if (skipped > 0) progress.info(`${skipped} of ${input.questions.length} questions already answered in ${flags.output ?? ''}`);

  const one = async (q: BatchQuestion) => {
    const trace = (event: { type: string }) => traceFile?.trace({ ...event, id: q.id });
    const deps = researchDeps(config, trace, (message) => progress.warn(`line ${q.line}: ${message}`), pool.lease);
    const { record, failed } = await runQuestion(q, config, deps, trace, interrupts.first);
    if (interrupts.first.aborted) return;
    results.write(record);
    count.done += 1;
    if (failed) count.failed += 1;
    const what = 'error' in record ? `failed: ${(record.error as { message: string }).message}` : failed ? 'no supported answer' : 'answered';
    progress.info(`${count.done}/${todo.length} done${count.failed ? ` (${count.failed} failed)` : ''}: line ${q.line} ${what}`);
    if (count.done < todo.length) progress.step(`${count.done}/${todo.length} done, ${jobs} at a time`);
  };

  try {
    if (todo.length > 0) progress.step(`0/${todo.length} done, ${jobs} at a time`);
    await eachAtATime(todo, jobs, interrupts.first, one);
  } finally {
    progress.stop();
    interrupts.dispose();
    await pool.close();
    results.close();
    traceFile?.close();
  }
  context.setExit(interrupts.first.aborted ? EXIT.interrupted : input.bad.length > 0 ? EXIT.usage : count.failed > 0 ? EXIT.notFound : EXIT.ok);
}
