/**
 * The page loop: search, then read one page per round until the model has its
 * answer, the links run out, or a budget or the person stops it. The reason
 * it stopped is its return value.
 */
import type { FieldValue } from '../browser/types.js';
import { messageOf, ScoutError } from '../errors.js';
import { newSearchPrompt } from '../prompts/newsearch.js';
import type { BrowserLifecycle } from './browser-lifecycle.js';
import { decide } from './decide.js';
import { forPrompt } from './grounding.js';
import { substitute } from './guards.js';
import { parseSearchAnswer } from './parse.js';
import { PREFETCH, round, runView, type Target } from './round.js';
import type { Run } from './run.js';
import type { ResearchEvent, StoppedBy } from './types.js';

const MAX_NEW_SEARCHES = 2;
const STUCK_MOVED_ON = 'You gave the same answer again after being asked to choose differently, so scout moved on to the next search result.';

export async function* browse(run: Run, browsers: BrowserLifecycle, query: string): AsyncGenerator<ResearchEvent, StoppedBy> {
  const corrections: string[] = [];
  let previousKey = '';
  let formsFilled = 0;
  let newSearches = 0;
  let next: Target | undefined;

  if (run.stop.reason) return run.stop.reason;
  yield* search(run, browsers, query, 1);
  for (;;) {
    if (run.stop.reason) return run.stop.reason;
    if (run.stats.pages >= run.options.maxPages) return 'page_limit';
    const target = next ?? nextResult(run);
    next = undefined;
    if (!target) {
      if (newSearches >= MAX_NEW_SEARCHES) return 'links_exhausted';
      newSearches++;
      if (!(yield* searchAgain(run, browsers, newSearches + 1))) return 'links_exhausted';
      continue;
    }

    const outcome = yield* round(run, browsers, { target, corrections, previousKey, formsFilled });
    // The stop check at the top of the loop returns the reason.
    if (outcome.kind === 'stopped') continue;
    if (outcome.kind === 'unreadable') {
      corrections.push(outcome.correction);
      continue;
    }
    corrections.length = 0;
    previousKey = outcome.key;

    const decision = decide(outcome.answer, outcome.page, runView(run, formsFilled));
    if (decision.note) run.notes.push(decision.note);
    yield* decision.events;
    corrections.push(...(outcome.stuck ? [STUCK_MOVED_ON] : decision.corrections));
    const { step } = decision;
    if (step.kind === 'stop') return 'answer_found';
    if (step.kind === 'navigate') next = { url: step.url };
    if (step.kind === 'more') next = { url: outcome.page.url, again: { ...outcome.read, expand: [step.section, ...outcome.read.expand] } };
    if (step.kind === 'form') {
      formsFilled++;
      next = await fillForm(run, browsers, step.fields, outcome.page.url, corrections);
    }
  }
}

function nextResult(run: Run): Target | undefined {
  const result = run.frontier.nextResult();
  return result && { url: result.url };
}

async function* search(run: Run, browsers: BrowserLifecycle, query: string, attempt: number): AsyncGenerator<ResearchEvent> {
  run.query = query;
  yield { type: 'query', query, attempt };
  const results = await run.deps.search.search(query, { count: run.options.maxResults, language: run.options.language.code, signal: run.stop.signal });
  const added = run.frontier.addResults(query, results, run.options.question);
  yield { type: 'search', query, results: added };
  browsers.ready?.prefetch(run.frontier.peek(PREFETCH + 1).slice(1));
}

/** Ask the model for a new query once the results ran out; false when searching failed and browsing should end. */
async function* searchAgain(run: Run, browsers: BrowserLifecycle, attempt: number): AsyncGenerator<ResearchEvent, boolean> {
  const { question } = run.options;
  const reply = await run.chat(newSearchPrompt({ question, today: run.now(), previousQueries: run.frontier.queries, notes: forPrompt(run.notes) }), run.stop.signal);
  const fresh = parseSearchAnswer(reply.text, reply.thinking);
  if (fresh.kind !== 'search' || run.frontier.queries.includes(fresh.query)) return true;
  try {
    yield* search(run, browsers, fresh.query, attempt);
    return true;
  } catch (error) {
    // The notes gathered so far are still worth an answer: stop browsing instead of failing the run.
    if (!(error instanceof ScoutError) || run.stop.signal.aborted) throw error;
    yield { type: 'warning', message: `searching again failed (${error.message}); answering from the notes so far` };
    return false;
  }
}

/** Fill and submit the form; the page it led to is read next, with a note to judge the submission first. */
async function fillForm(run: Run, browsers: BrowserLifecycle, fields: readonly FieldValue[], formUrl: string, corrections: string[]): Promise<Target | undefined> {
  const browser = await browsers.get();
  const outcome = await browser.fillForm(fields.map((f) => ({ field: f.field, value: substitute(f.value, run.options.secrets) }))).catch((error: unknown) => {
    if (error instanceof ScoutError) throw error;
    corrections.push(`Filling the form on ${formUrl} failed (${messageOf(error)}).`);
    return undefined;
  });
  if (!outcome) return undefined;
  return { url: outcome.load.url, load: outcome.load, formCheck: { formUrl, filled: outcome.filled, failed: outcome.failed, navigated: outcome.navigated } };
}
