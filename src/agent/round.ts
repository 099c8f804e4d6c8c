/**
 * One page of the research: load it (relaunching a dead browser once), show it
 * to the model within the prompt budget (condensed for the question when it is
 * long, page-view.ts), and ask, once more if the model only repeated its
 * previous answer.
 */
import type { PageLoad, ResearchBrowser } from '../browser/types.js';
import { pageBudget } from '../llm/budget.js';
import type { ChatMessage } from '../llm/types.js';
import type { FormCheckInput } from '../prompts/formcheck.js';
import { navigatePrompt } from '../prompts/navigate.js';
import { messageOf, ScoutError } from '../errors.js';
import type { BrowserLifecycle } from './browser-lifecycle.js';
import { correctionFor, type AnsweredPage, type RunView } from './decide.js';
import { forPrompt } from './grounding.js';
import { isRepeat } from './guards.js';
import { MAX_MORE, rankLinks, readPageState, show, type ReadPage, type Shown } from './page-view.js';
import { answerKey, parseNavigation, type NavigationAnswer } from './parse.js';
import type { Run } from './run.js';
import type { ResearchEvent } from './types.js';

/** Search results loaded ahead while the model reads the current page. */
export const PREFETCH = 2;
/** Links offered per page, the most relevant to the question first. */
const MAX_LINKS = 24;
const OUTPUT_RESERVE_TOKENS = 1024;
const STUCK = 'You repeated your previous answer word for word. Choose differently: another link, GO_BACK, or REQUEST_EXIT if your notes answer the question.';

/** The page to read next; a form's result page comes already loaded. */
export interface Target {
  url: string;
  load?: PageLoad;
  formCheck?: FormCheckInput;
  /** The page read on the round before, shown again with the section the model asked for. */
  again?: ReadPage;
}

export interface RoundInput {
  target: Target;
  /** Warnings for the model from the rounds before. */
  corrections: readonly string[];
  /** answerKey of the previous answer, for the repeat rule. */
  previousKey: string;
  formsFilled: number;
}

export type RoundOutcome =
  /** Browsing was stopped while the page loaded. */
  | { kind: 'stopped' }
  | { kind: 'unreadable'; correction: string }
  /** stuck: the model gave the same answer again after being told; it is not obeyed. */
  | { kind: 'answered'; page: AnsweredPage; read: ReadPage; answer: NavigationAnswer; key: string; stuck: boolean };

export async function* round(run: Run, browsers: BrowserLifecycle, input: RoundInput): AsyncGenerator<ResearchEvent, RoundOutcome> {
  const opened = input.target.again ? { kind: 'read' as const, read: input.target.again } : yield* open(run, browsers, input.target);
  if (opened.kind !== 'read') return opened;
  const { read } = opened;
  const { view, url } = read;
  const query = `${run.options.question}\n${run.query}`;
  const links = run.frontier.offer(rankLinks(query, view.links), MAX_LINKS);
  const promptFor = (text: string, extraWarnings: readonly string[] = []) =>
    navigatePrompt({
      question: run.options.question,
      notes: forPrompt(run.notes),
      page: { text, links, fields: view.fields },
      secrets: Object.entries(run.secretOrigins).map(([name, origin]) => ({ name, origin })),
      warnings: [...input.corrections, ...extraWarnings],
      formCheck: input.target.formCheck,
    });
  const shown = shownPage(run, read, query, promptFor);
  (await browsers.get()).prefetch(run.frontier.peek(PREFETCH));
  const more = shown.outline && { sections: shown.outline.sections, skipped: shown.skipped ?? [], left: MAX_MORE - read.expand.length };
  const page: AnsweredPage = { url, title: view.title, text: shown.seen, links, fields: view.fields, ...(more ? { more } : {}) };
  const judge = (answer: NavigationAnswer) => correctionFor(answer, page, runView(run, input.formsFilled));
  const asked = yield* ask(run, (extra) => promptFor(shown.text, extra), input.previousKey, judge);
  return { kind: 'answered', page, read, ...asked };
}

type Opened = { kind: 'stopped' } | { kind: 'unreadable'; correction: string } | { kind: 'read'; read: ReadPage };

/** Load the target and read it; a page shown again for `more` is not loaded and does not count. */
async function* open(run: Run, browsers: BrowserLifecycle, target: Target): AsyncGenerator<ResearchEvent, Opened> {
  run.stats.pages++;
  yield { type: 'page', n: run.stats.pages, of: run.options.maxPages, url: run.redact(target.url) };
  const load = yield* openTarget(run, browsers, target);
  if (!load) return { kind: 'stopped' };
  if (load.error) {
    return { kind: 'unreadable', correction: run.redact(`The page ${target.url} could not be opened (${load.error}). That site is unavailable; consider another link or GO_BACK.`) };
  }
  const browser = await browsers.get();
  // A page may echo a secret back, in its address or its text: the model sees its name instead.
  return { kind: 'read', read: readPageState(run.redact(load.url), browser.read(load, run.redact)) };
}

/** What decide() and correctionFor() read of the run. */
export function runView(run: Run, formsFilled: number): RunView {
  return { question: run.options.question, notes: run.notes, secrets: run.secretOrigins, formsFilled, frontier: run.frontier, redact: run.redact };
}

/** Load the target and record the visit; undefined when browsing was stopped meanwhile. */
async function* openTarget(run: Run, browsers: BrowserLifecycle, target: Target): AsyncGenerator<ResearchEvent, PageLoad | undefined> {
  const browser = await browsers.get();
  let load = target.load ?? (await loadSafely(browser, target.url, run.stop.signal));
  if (run.stop.reason) return undefined;
  if (load.error && browsers.mayRelaunch()) {
    yield { type: 'warning', message: `the browser died (${load.error}); relaunching it once` };
    await browsers.relaunch();
    if (!load.refused) load = { ...load, error: `${load.error} (the browser was relaunched)` };
  }
  run.frontier.markVisited(target.url);
  run.frontier.markVisited(load.url);
  const url = run.redact(load.url);
  const error = load.error ? { error: run.redact(load.error) } : {};
  run.visited.push({ url, status: load.status, ms: load.ms, ...error });
  yield { type: 'visited', url, status: load.status, ms: load.ms, ...error, ...(load.interstitial ? { interstitial: load.interstitial } : {}) };
  return load;
}


/** A browser that throws instead of reporting (a protocol error after a crash) costs the page, not the run. */
async function loadSafely(browser: ResearchBrowser, url: string, signal: AbortSignal): Promise<PageLoad> {
  const started = Date.now();
  try {
    return await browser.load(url, { signal });
  } catch (error) {
    if (error instanceof ScoutError) throw error;
    return { requestedUrl: url, url, status: null, title: '', html: '', ms: Date.now() - started, dialogs: [], downloads: [], popups: [], error: messageOf(error) };
  }
}

/** The page as the model is shown it, within what fits its context next to the rest of the prompt (counted with the longest warning). */
function shownPage(run: Run, read: ReadPage, query: string, promptFor: (text: string, extraWarnings?: readonly string[]) => ChatMessage[]): Shown {
  const fixed = promptFor('', [STUCK]).map((m) => m.content).join('\n');
  const budget = pageBudget({ contextTokens: run.deps.llm.contextTokens, outputTokens: OUTPUT_RESERVE_TOKENS, fixed, notes: '', page: read.whole });
  return show(read, { condense: run.options.condense ?? true, query, focus: run.query, budget });
}

type Asked = { answer: NavigationAnswer; key: string; stuck: boolean };

async function* askOnce(run: Run, messages: ChatMessage[]): AsyncGenerator<ResearchEvent, Omit<Asked, 'stuck'>> {
  const reply = await run.chat(messages, run.stop.signal);
  yield* run.flush();
  return { answer: parseNavigation(reply.text, reply.thinking), key: answerKey(reply.text) };
}

/**
 * Ask, and once more on the same page when the answer repeats the previous
 * one or cannot be acted on (no action, a target not offered), with a short
 * correction. Then the loop moves on whatever the model says: an answer given
 * again word for word after the correction is not obeyed.
 */
async function* ask(run: Run, prompt: (extraWarnings: readonly string[]) => ChatMessage[], previousKey: string, judge: (answer: NavigationAnswer) => string | undefined): AsyncGenerator<ResearchEvent, Asked> {
  const first = yield* askOnce(run, prompt([]));
  const repeated = isRepeat(first.key, previousKey, first.answer.action);
  const correction = repeated ? STUCK : judge(first.answer);
  if (!correction) return { ...first, stuck: false };
  yield { type: 'warning', message: repeated ? 'the model repeated its previous answer; asking it to choose differently' : `the model's answer could not be followed; asking once more (${correction.split(/[.;] /)[0]})` };
  const second = yield* askOnce(run, prompt([correction]));
  const stuck = second.key === first.key || isRepeat(second.key, previousKey, second.answer.action);
  // A note given only the first time is still the model's note on this page.
  const answer = { ...second.answer, ...(second.answer.note || !first.answer.note ? {} : { note: first.answer.note }) };
  return { answer: stuck ? { ...answer, action: { kind: 'none' }, fields: [] } : answer, key: second.key, stuck };
}
