/**
 * MCP tool `research`: the research loop of `scout <question>`, with progress
 * as MCP notifications. A cancelled call stops browsing (the loop closes the
 * browser) and still concludes from the notes; since MCP forbids answering a
 * cancelled request, that partial answer goes out as a log notification.
 */
import * as z from 'zod';
import { answerLanguage } from '../../agent/language.js';
import { research } from '../../agent/research.js';
import type { ResearchResult } from '../../agent/types.js';
import { researchDeps } from '../../compose.js';
import { noTrace } from '../../trace.js';
import { markdownReport } from '../../ui/output.js';
import { renderEvent } from '../../ui/render-events.js';
import { errorResult, stderrProgress, textResult, type McpContext, type ToolExtra } from '../context.js';
import { mcpProgress } from '../progress.js';

/** The logger name of the notification that carries a cancelled call's partial answer. */
export const PARTIAL_ANSWER_LOGGER = 'scout.research.partial';

const inputSchema = {
  question: z.string().trim().min(1).describe('the question, in any language; the answer is written in it'),
  maxPages: z.number().int().min(1).max(200).optional().describe('pages to read at most (default: the configured --max-pages, 12)'),
  lang: z
    .string()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'a language code such as en, zh or pt-BR')
    .optional()
    .describe('answer language code such as en, zh, pt-BR (default: the language of the question)'),
};

const DESCRIPTION =
  'Research a question on the web: search, read result pages one at a time in a real Chromium, keep notes, and answer ' +
  'in the question\'s language with numbered citations and a Sources list. Takes from seconds to minutes; sends progress ' +
  'notifications when given a progressToken. Cancelling stops browsing; the partial answer from the notes so far is sent ' +
  `as a notifications/message log entry (logger "${PARTIAL_ANSWER_LOGGER}").`;

export function registerResearch(context: McpContext): void {
  context.server.registerTool(
    'research',
    { title: 'Research the web', description: DESCRIPTION, inputSchema, annotations: { readOnlyHint: true, openWorldHint: true } },
    (args, extra) => {
      const call = runResearchCall(context, args, extra);
      context.calls.add(call);
      return call.finally(() => context.calls.delete(call));
    },
  );
}

async function runResearchCall(context: McpContext, args: { question: string; maxPages?: number; lang?: string }, extra: ToolExtra) {
  const { config } = context;
  const interrupt = new AbortController();
  const hardStop = new AbortController();
  const onCancel = () => interrupt.abort();
  const onClosing = () => {
    interrupt.abort();
    hardStop.abort();
  };
  extra.signal.addEventListener('abort', onCancel);
  context.closing.addEventListener('abort', onClosing);
  if (extra.signal.aborted) onCancel();
  if (context.closing.aborted) onClosing();
  const progress = mcpProgress(extra, stderrProgress(context));
  const notes: { url: string; text: string }[] = [];
  try {
    const run = research(researchDeps(config, noTrace, (message) => progress.warn(message)), {
      question: args.question,
      maxPages: args.maxPages ?? config.maxPages,
      maxResults: config.maxResults,
      condense: config.condense,
      timeLimitMs: config.timeLimit === undefined ? undefined : config.timeLimit * 1000,
      language: answerLanguage(args.question, args.lang ?? config.lang),
      secrets: {},
      interrupt: interrupt.signal,
      hardStop: hardStop.signal,
    });
    const state = { notes: 0 };
    let step = await run.next();
    while (!step.done) {
      if (step.value.type === 'note') notes.push({ url: step.value.url, text: step.value.text });
      renderEvent(progress, step.value, state);
      step = await run.next();
    }
    const result = step.value;
    const report = markdownReport(result);
    if (extra.signal.aborted) await sendPartialAnswer(context, extra, result, report);
    return textResult(report, { ...result });
  } catch (error) {
    const gathered = notes.length > 0 ? `\n\nNotes gathered before the failure:\n${notes.map((n) => `- ${n.text} (${n.url})`).join('\n')}` : '';
    return errorResult(error, gathered);
  } finally {
    progress.stop();
    extra.signal.removeEventListener('abort', onCancel);
    context.closing.removeEventListener('abort', onClosing);
  }
}

async function sendPartialAnswer(context: McpContext, extra: ToolExtra, result: ResearchResult, report: string): Promise<void> {
  await context.server
    .sendLoggingMessage({ level: 'notice', logger: PARTIAL_ANSWER_LOGGER, data: { requestId: extra.requestId, report, result } })
    .catch(() => {});
}
