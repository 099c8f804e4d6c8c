/** `scout <question>`: run the research loop and render it: progress, answer, JSON, report file, trace. */
import { answerLanguage } from '../agent/language.js';
import { research } from '../agent/research.js';
import { parseSecrets, redactor } from '../agent/secrets.js';
import type { ResearchResult } from '../agent/types.js';
import { researchDeps } from '../compose.js';
import type { Config } from '../config.js';
import { errorJson, EXIT, printedAsJson, ScoutError } from '../errors.js';
import type { TraceEvent, Tracer } from '../trace.js';
import { markdownReport, noAnswerReason, reportTail } from '../ui/output.js';
import { createProgress } from '../ui/progress.js';
import { RunStore } from '../state/run-store.js';
import { renderEvent } from '../ui/render-events.js';
import { openReportFile } from '../ui/report-file.js';
import { openTraceFile, type TraceFile } from '../ui/trace-file.js';
import { terminalText } from '../util/terminal-text.js';
import { writeJson, type Io } from './io.js';
import { earlierRun, keepRun, namedSources, type SourceFlags } from './sources.js';
import { watchInterrupts } from './signals.js';

export interface ResearchFlags extends SourceFlags {
  json?: boolean;
  output?: string;
  trace?: string;
  secret?: string[];
  /** The run to follow up: 'last' or a run id (followUpTarget in sources.ts). */
  followUp?: string;
}

function exitCodeFor(result: ResearchResult): number {
  if (result.stoppedBy === 'interrupted') return EXIT.interrupted;
  if (result.answer.trim() === '') return EXIT.notFound;
  return EXIT.ok;
}

export async function runResearch(question: string, config: Config, flags: ResearchFlags, io: Io): Promise<number> {
  const secrets = { ...config.secrets, ...parseSecrets(flags.secret ?? []) };
  const redact = redactor(secrets);
  const store = new RunStore(io.env);
  // A bad --url or an unknown run id fails before any model call.
  const named = namedSources(flags);
  const followUp = flags.followUp ? earlierRun(store, flags.followUp) : undefined;
  // Both output files are checked before any model call: a bad path fails at once, not after the run.
  const reportFile = flags.output ? openReportFile(flags.output) : undefined;
  const progress = createProgress({ quiet: config.quiet, stream: io.stderr, env: io.env });
  let traceFile: TraceFile | undefined;
  if (flags.trace) traceFile = openTraceFile(flags.trace, redact);
  const trace: Tracer = (event: TraceEvent) => traceFile?.trace(event);
  const notes: { url: string; text: string }[] = [];
  const interrupts = watchInterrupts(() => progress.warn('interrupted: writing the answer from the notes so far (Ctrl-C again to quit now)'));

  const streaming = !flags.json && Boolean(io.stdout.isTTY);
  let streamed = false;
  const onAnswerToken = streaming
    ? (token: string) => {
        if (!streamed) progress.stop();
        streamed = true;
        io.stdout.write(terminalText(redact(token)));
      }
    : undefined;

  try {
    const run = research(
      researchDeps(config, trace, (message) => progress.warn(message)),
      {
        question,
        maxPages: config.maxPages,
        maxResults: config.maxResults,
        condense: config.condense,
        timeLimitMs: config.timeLimit === undefined ? undefined : config.timeLimit * 1000,
        language: answerLanguage(question, config.lang),
        secrets,
        ...named,
        ...(followUp ? { earlier: followUp.earlier } : {}),
        interrupt: interrupts.first,
        hardStop: interrupts.second,
        onAnswerToken,
      },
    );
    const state = { notes: 0 };
    let step = await run.next();
    while (!step.done) {
      trace({ ...step.value });
      if (step.value.type === 'note') notes.push({ url: step.value.url, text: step.value.text });
      renderEvent(progress, step.value, state);
      step = await run.next();
    }
    const result = step.value;
    progress.stop();
    trace({ type: 'result', stoppedBy: result.stoppedBy, stats: result.stats });
    keepRun(store, result, redact, followUp?.id, (message) => progress.warn(message));
    const report = markdownReport(result);
    reportFile?.write(report);
    if (flags.json) writeJson(io, result);
    else io.stdout.write(streamed ? reportTail(result) : report);
    const code = exitCodeFor(result);
    if (code === EXIT.notFound) io.stderr.write(`scout: no supported answer: ${noAnswerReason(result)}\n`);
    return code;
  } catch (error) {
    progress.stop();
    // A failure mid-run still hands over what was learnt so far.
    if (flags.json) {
      writeJson(io, { question, error: errorJson(error), notes });
      printedAsJson.add(error as object);
    } else if (notes.length > 0) {
      io.stdout.write(terminalText(['Notes gathered before the failure:', ...notes.map((n) => `- ${n.text} (${n.url})`)].join('\n') + '\n'));
    }
    if (interrupts.second.aborted) throw new ScoutError('INTERRUPTED', 'interrupted', undefined, { cause: error });
    throw error;
  } finally {
    interrupts.dispose();
    traceFile?.close();
  }
}
