/**
 * One question of a batch: a research run on the shared browser, its events
 * traced under the question's id, ending in the record written as its line
 * (what `scout --json` prints for a run, with the id and line number first).
 */
import { answerLanguage } from '../agent/language.js';
import { research } from '../agent/research.js';
import type { ResearchDeps } from '../agent/types.js';
import type { Config } from '../config.js';
import { errorJson } from '../errors.js';
import type { Tracer } from '../trace.js';
import type { BatchQuestion } from './questions.js';

export interface RunRecord {
  record: Record<string, unknown>;
  /** An error, or no supported answer. */
  failed: boolean;
}

export async function runQuestion(q: BatchQuestion, config: Config, deps: ResearchDeps, trace: Tracer, stop: AbortSignal): Promise<RunRecord> {
  const head = { id: q.id, line: q.line };
  const notes: { url: string; text: string }[] = [];
  try {
    const run = research(deps, {
      question: q.question,
      maxPages: config.maxPages,
      maxResults: config.maxResults,
      condense: config.condense,
      timeLimitMs: config.timeLimit === undefined ? undefined : config.timeLimit * 1000,
      language: answerLanguage(q.question, config.lang),
      secrets: config.secrets,
      // Ctrl-C abandons the runs in flight (a rerun does them again) rather than writing half-researched answers.
      interrupt: stop,
      hardStop: stop,
    });
    let step = await run.next();
    while (!step.done) {
      trace({ ...step.value });
      if (step.value.type === 'note') notes.push({ url: step.value.url, text: step.value.text });
      step = await run.next();
    }
    const result = step.value;
    trace({ type: 'result', stoppedBy: result.stoppedBy, stats: result.stats });
    return { record: { ...head, ...result }, failed: result.answer.trim() === '' };
  } catch (error) {
    return { record: { ...head, question: q.question, error: errorJson(error), notes }, failed: true };
  }
}
