/**
 * One page of the research: load it (relaunching a dead browser once), show it
 * to the model within the prompt budget, and ask, once more if the model only
 * repeated its previous answer.
 */
import type { PageLoad, PageView, ResearchBrowser } from '../browser/types.js';
import { pageBudget } from '../llm/budget.js';
import type { ChatMessage } from '../llm/types.js';
import type { FormCheckInput } from '../prompts/formcheck.js';
import { navigatePrompt } from '../prompts/navigate.js';
import { messageOf, ScoutError } from '../errors.js';
import type { BrowserLifecycle } from './browser-lifecycle.js';
import type { AnsweredPage } from './decide.js';
import { isRepeat } from './guards.js';
import { answerKey, parseNavigation, type NavigationAnswer } from './parse.js';
import type { Run } from './run.js';
import type { ResearchEvent } from './types.js';

/** Search results loaded ahead while the model reads the current page. */
export const PREFETCH = 2;
const MAX_LINKS = 40;
const OUTPUT_RESERVE_TOKENS = 1024;
const STUCK = 'You repeated your previous answer word for word. Choose differently: another link, GO_BACK, or REQUEST_EXIT if your notes answer the question.';

/** The page to read next; a form's result page comes already loaded. */
export interface Target {
  url: string;
  load?: PageLoad;
  formCheck?: FormCheckInput;
}

export interface RoundInput {
  target: Target;
  /** Warnings for the model from the rounds before. */
  corrections: readonly string[];
  /** answerKey of the previous answer, for the repeat rule. */
  previousKey: string;
}

export type RoundOutcome =
  /** Browsing was stopped while the page loaded. */
  | { kind: 'stopped' }
  | { kind: 'unreadable'; correction: string }
  | { kind: 'answered'; page: AnsweredPage; answer: NavigationAnswer; key: string };

export async function* round(run: Run, browsers: BrowserLifecycle, input: RoundInput): AsyncGenerator<ResearchEvent, RoundOutcome> {
  const { target } = input;
  run.stats.pages++;
  yield { type: 'page', n: run.stats.pages, of: run.options.maxPages, url: target.url };
  const load = yield* openTarget(run, browsers, target);
  if (!load) return { kind: 'stopped' };
  if (load.error) {
    return { kind: 'unreadable', correction: `The page ${target.url} could not be opened (${load.error}). That site is unavailable; consider another link or GO_BACK.` };
  }
  const browser = await browsers.get();
  const view = browser.read(load);
  const links = run.frontier.offer(view.links, MAX_LINKS);
  const promptFor = (text: string, extraWarnings: readonly string[] = []) =>
    navigatePrompt({
      question: run.options.question,
      notes: run.notes,
      page: { url: load.url, title: view.title, text, links, fields: view.fields },
      secretNames: Object.keys(run.options.secrets),
      warnings: [...input.corrections, ...extraWarnings],
      formCheck: target.formCheck,
    });
  const text = budgetedText(run, view, promptFor);
  browser.prefetch(run.frontier.peek(PREFETCH));
  const { answer, key } = yield* ask(run, (extra) => promptFor(text, extra), input.previousKey);
  return { kind: 'answered', page: { url: load.url, title: view.title, text, links }, answer, key };
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
  const error = load.error ? { error: load.error } : {};
  run.visited.push({ url: load.url, status: load.status, ms: load.ms, ...error });
  yield { type: 'visited', url: load.url, status: load.status, ms: load.ms, ...error, ...(load.interstitial ? { interstitial: load.interstitial } : {}) };
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

/** The page text, cut to what fits the model's context next to the rest of the prompt (counted with the longest warning). */
function budgetedText(run: Run, view: PageView, promptFor: (text: string, extraWarnings?: readonly string[]) => ChatMessage[]): string {
  const fixed = promptFor('', [STUCK]).map((m) => m.content).join('\n');
  const whole = view.frame(Number.MAX_SAFE_INTEGER);
  return view.frame(pageBudget({ contextTokens: run.deps.llm.contextTokens, outputTokens: OUTPUT_RESERVE_TOKENS, fixed, notes: '', page: whole }).chars);
}

async function* ask(run: Run, prompt: (extraWarnings: readonly string[]) => ChatMessage[], previousKey: string): AsyncGenerator<ResearchEvent, { answer: NavigationAnswer; key: string }> {
  let reply = await run.chat(prompt([]), run.stop.signal);
  yield* run.flush();
  let key = answerKey(reply.text);
  let answer = parseNavigation(reply.text);
  if (isRepeat(key, previousKey, answer.action)) {
    yield { type: 'warning', message: 'the model repeated its previous answer; asking it to choose differently' };
    reply = await run.chat(prompt([STUCK]), run.stop.signal);
    key = answerKey(reply.text);
    answer = parseNavigation(reply.text);
  }
  return { answer, key };
}
