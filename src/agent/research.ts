/**
 * The research loop: rewrite the question into a query, search, then read one
 * page per round with a fresh chat (instructions + question + notes + page),
 * and finally conclude from the notes. It yields events and never prints.
 */
import type { PageLoad, ResearchBrowser } from '../browser/types.js';
import { pageBudget } from '../llm/budget.js';
import type { ChatMessage, ChatResult } from '../llm/types.js';
import { concludePrompt } from '../prompts/conclude.js';
import { directPrompt } from '../prompts/direct.js';
import type { FormCheckInput } from '../prompts/formcheck.js';
import { navigatePrompt } from '../prompts/navigate.js';
import { newSearchPrompt } from '../prompts/newsearch.js';
import { searchPrompt } from '../prompts/search.js';
import { messageOf, ScoutError } from '../errors.js';
import { checkCitations } from './citations.js';
import { Frontier } from './frontier.js';
import { checkNote } from './quotes.js';
import { answerKey, parseNavigation, parseSearchAnswer, type NavigationAnswer } from './parse.js';
import { redactor } from './secrets.js';
import type { Note, ResearchDeps, ResearchEvent, ResearchOptions, ResearchResult, StoppedBy, Visit } from './types.js';

const MAX_NEW_SEARCHES = 2;
/** Search results loaded ahead while the model reads the current page. */
const PREFETCH = 2;
const MAX_FORMS = 3;
const MAX_LINKS = 40;
const MAX_NOTE_CHARS = 800;
const OUTPUT_RESERVE_TOKENS = 1024;
const STUCK = 'You repeated your previous answer word for word. Choose differently: another link, GO_BACK, or REQUEST_EXIT if your notes answer the question.';

type Target = { url: string; load?: PageLoad; formCheck?: FormCheckInput };

class Stop extends Error {
  constructor(readonly reason: StoppedBy) {
    super(reason);
  }
}

export async function* research(deps: ResearchDeps, options: ResearchOptions): AsyncGenerator<ResearchEvent, ResearchResult> {
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const redact = redactor(options.secrets);
  const stats = { llmCalls: 0, promptTokens: 0, completionTokens: 0, pages: 0, elapsedMs: 0 };
  const notes: Note[] = [];
  const visited: Visit[] = [];
  const frontier = new Frontier();
  let query = '';
  let stoppedBy: StoppedBy = 'links_exhausted';
  let browser: ResearchBrowser | undefined;
  let openingBrowser: () => Promise<ResearchBrowser> = deps.openBrowser;
  let launching: Promise<ResearchBrowser> | undefined;
  let relaunched = false;
  let closing: Promise<void> | undefined;

  // Browsing stops on Ctrl-C or at the time limit; the conclusion stops only on a second Ctrl-C.
  const browsing = new AbortController();
  let limitReason: StoppedBy | undefined;
  const stopBrowsing = (reason: StoppedBy) => {
    limitReason ??= reason;
    browsing.abort(reason);
  };
  const onInterrupt = () => stopBrowsing('interrupted');
  if (options.interrupt.aborted) onInterrupt();
  options.interrupt.addEventListener('abort', onInterrupt);
  const timer = options.timeLimitMs ? setTimeout(() => stopBrowsing('time_limit'), options.timeLimitMs) : undefined;
  const checkStop = () => {
    if (limitReason) throw new Stop(limitReason);
  };

  // Warnings raised outside the generator's body (inside chat calls), yielded at the next step.
  const pending: string[] = [];
  let cutReported = false;
  const chat = async (messages: ChatMessage[], signal: AbortSignal, onToken?: (t: string) => void): Promise<ChatResult> => {
    const result = await deps.llm.chat(messages, { signal, onToken, temperature: 0.2 });
    if (result.promptCut && !cutReported) {
      cutReported = true;
      const { countedTokens, estimatedTokens } = result.promptCut;
      pending.push(`the LLM server counted ${countedTokens} prompt tokens of about ${estimatedTokens} sent: it cut the prompt, so the model answered from a cut page; raise the context with --ctx (e.g. --ctx 32768) and check the server's own context limit`);
    }
    stats.llmCalls++;
    stats.promptTokens += result.usage.promptTokens;
    stats.completionTokens += result.usage.completionTokens;
    return result;
  };

  const runSearch = async function* (q: string, attempt: number): AsyncGenerator<ResearchEvent, number> {
    query = q;
    yield { type: 'query', query: q, attempt };
    const results = await deps.search.search(q, { count: options.maxResults, language: options.language.code, signal: browsing.signal });
    const added = frontier.addResults(q, results);
    yield { type: 'search', query: q, results: added };
    browser?.prefetch(frontier.peek(PREFETCH + 1).slice(1));
    return added;
  };

  const flush = function* (): Generator<ResearchEvent> {
    for (const message of pending.splice(0)) yield { type: 'warning', message };
  };

  const finish = function* (answerText: string): Generator<ResearchEvent, ResearchResult> {
    yield* flush();
    const checked = checkCitations(redact(answerText), notes);
    if (checked.invalid.length > 0) {
      yield { type: 'warning', message: `the answer cited ${checked.invalid.map((n) => `[${n}]`).join(' ')}, which name no note; removed` };
    }
    stats.elapsedMs = Date.now() - started;
    return {
      question: options.question,
      query,
      language: options.language.code,
      answer: checked.answer,
      sources: checked.sources,
      citations: checked.citations,
      notes,
      visited,
      stoppedBy,
      stats,
    };
  };

  try {
    yield { type: 'rewriting' };
    // Chromium starts while the model rewrites the question: the launch overlaps LLM time.
    launching = deps.openBrowser();
    launching.catch(() => undefined);
    openingBrowser = () => {
      const pending = launching ?? deps.openBrowser();
      launching = undefined;
      return pending;
    };
    const rewrite = parseSearchAnswer((await chat(searchPrompt({ question: options.question, today: now() }), options.hardStop)).text);
    if (rewrite.kind === 'exit') {

      stoppedBy = 'no_search_needed';
      yield { type: 'concluding', notes: 0, stoppedBy };
      const direct = await chat(directPrompt({ question: options.question, language: options.language.name, today: now() }), options.hardStop, options.onAnswerToken);
      return yield* finish(direct.text);
    }

    const warnings: string[] = [];
    let newSearches = 0;
    let forms = 0;
    let previousKey = '';
    let next: Target | undefined;

    try {
      checkStop();
      yield* runSearch(rewrite.kind === 'search' ? rewrite.query : options.question, 1);
      for (;;) {
        checkStop();
        if (stats.pages >= options.maxPages) {
          stoppedBy = 'page_limit';
          break;
        }
        let target = next;
        next = undefined;
        if (!target) {
          const result = frontier.nextResult();
          if (result) target = { url: result.url };
        }
        if (!target) {
          if (newSearches >= MAX_NEW_SEARCHES) {
            stoppedBy = 'links_exhausted';
            break;
          }
          newSearches++;
          const fresh = parseSearchAnswer((await chat(newSearchPrompt({ question: options.question, today: now(), previousQueries: frontier.queries, notes }), browsing.signal)).text);
          if (fresh.kind !== 'search' || frontier.queries.includes(fresh.query)) continue;
          try {
            yield* runSearch(fresh.query, newSearches + 1);
          } catch (error) {
            // The notes gathered so far are still worth an answer: stop browsing instead of failing the run.
            if (!(error instanceof ScoutError) || browsing.signal.aborted) throw error;
            yield { type: 'warning', message: `searching again failed (${error.message}); answering from the notes so far` };
            stoppedBy = 'links_exhausted';
            break;
          }
          continue;
        }

        stats.pages++;
        yield { type: 'page', n: stats.pages, of: options.maxPages, url: target.url };
        browser ??= await openingBrowser();
        let load = target.load ?? (await loadSafely(browser, target.url, browsing.signal));
        checkStop();
        if (load.error && !browser.alive() && !relaunched) {
          relaunched = true;
          yield { type: 'warning', message: `the browser died (${load.error}); relaunching it once` };
          await browser.close().catch(() => undefined);
          browser = undefined;
          browser = await deps.openBrowser();
          if (!load.refused) load = { ...load, error: `${load.error} (the browser was relaunched)` };
        }
        frontier.markVisited(target.url);
        frontier.markVisited(load.url);
        visited.push({ url: load.url, status: load.status, ms: load.ms, ...(load.error ? { error: load.error } : {}) });
        yield { type: 'visited', url: load.url, status: load.status, ms: load.ms, ...(load.error ? { error: load.error } : {}), ...(load.interstitial ? { interstitial: load.interstitial } : {}) };
        if (load.error) {
          warnings.push(`The page ${target.url} could not be opened (${load.error}). That site is unavailable; consider another link or GO_BACK.`);
          continue;
        }

        const view = browser.read(load);
        const links = frontier.offer(view.links, MAX_LINKS);
        const promptFor = (text: string, extraWarnings: readonly string[] = []) =>
          navigatePrompt({
            question: options.question,
            notes,
            page: { url: load.url, title: view.title, text, links, fields: view.fields },
            secretNames: Object.keys(options.secrets),
            warnings: [...warnings, ...extraWarnings],
            formCheck: target.formCheck,
          });
        const fixed = promptFor('', [STUCK]).map((m) => m.content).join('\n');
        const whole = view.frame(Number.MAX_SAFE_INTEGER);
        const text = view.frame(pageBudget({ contextTokens: deps.llm.contextTokens, outputTokens: OUTPUT_RESERVE_TOKENS, fixed, notes: '', page: whole }).chars);
        browser.prefetch(frontier.peek(PREFETCH));
        let reply = await chat(promptFor(text), browsing.signal);
        yield* flush();
        // The same Error + GO_BACK on another useless page is fine; the same choice of link, or no choice, is being stuck.
        let key = answerKey(reply.text);
        let answer: NavigationAnswer = parseNavigation(reply.text);
        if (key !== '' && key === previousKey && !['back', 'exit'].includes(answer.action.kind)) {
          yield { type: 'warning', message: 'the model repeated its previous answer; asking it to choose differently' };
          reply = await chat(promptFor(text, [STUCK]), browsing.signal);
          key = answerKey(reply.text);
          answer = parseNavigation(reply.text);
        }
        warnings.length = 0;
        previousKey = key;

        if (answer.note) {
          const noteText = redact(answer.note.slice(0, MAX_NOTE_CHARS));
          const check = checkNote(noteText, text);
          notes.push({ url: load.url, title: view.title, text: noteText, quotes: check.quotes, verified: check.verified });
          yield { type: 'note', url: load.url, text: noteText, verified: check.verified };
          if (check.quotes.length === 0) warnings.push(`Your note on ${load.url} quoted nothing from the page, so it is unverified. End every Note with the page's exact words in double quotes.`);
          else if (!check.verified) warnings.push(`Your note on ${load.url} quoted words that are not on the page: ${check.missing.map((q) => `"${q}"`).join(', ')}. Copy quotes letter for letter from the page text.`);
        } else if (answer.error) {
          yield { type: 'page_error', url: load.url, text: redact(answer.error) };
        }

        const leaking = answer.fields.filter((f) => leaksNotes(f.value, notes));
        if (leaking.length > 0) {
          warnings.push(`Form values that repeat your notes were refused (${leaking.map((f) => f.field).join(', ')}): notes are never sent to a site.`);
          yield { type: 'warning', message: `refused to send note text into a form on ${load.url}` };
        }
        const fields = answer.fields.filter((f) => !leaking.includes(f));
        if (fields.length > 0 && forms < MAX_FORMS) {
          forms++;
          yield { type: 'action', action: 'form', target: fields.map((f) => f.field).join(', ') };
          const outcome = await browser.fillForm(fields.map((f) => ({ field: f.field, value: substitute(f.value, options.secrets) }))).catch((error: unknown) => {
            if (error instanceof ScoutError) throw error;
            warnings.push(`Filling the form on ${load.url} failed (${messageOf(error)}).`);
            return undefined;
          });
          if (!outcome) continue;
          next = { url: outcome.load.url, load: outcome.load, formCheck: { formUrl: load.url, filled: outcome.filled, failed: outcome.failed, navigated: outcome.navigated } };
          continue;
        }

        const action = answer.action;
        if (action.kind === 'exit') {
          yield { type: 'action', action: 'exit' };
          stoppedBy = 'answer_found';
          break;
        }
        if (action.kind === 'navigate') {
          const url = resolveTarget(action.target, links);
          if (url && frontier.sameAs(url, load.url)) {
            warnings.push('You chose the page you were already on; scout went back to the search results.');
            yield { type: 'action', action: 'back' };
          } else if (url && frontier.isVisited(url)) {
            warnings.push(`You chose ${url}, which was already visited; scout went back to the search results.`);
            yield { type: 'action', action: 'back' };
          } else if (url && frontier.isOffered(url)) {
            yield { type: 'action', action: 'navigate', target: url };
            next = { url };
          } else {
            warnings.push(`"${action.target}" was not offered as a link on the page or in the search results, so it was refused. Navigate only by the numbers of the links shown.`);
            yield { type: 'warning', message: `refused a target that was not offered: ${redact(action.target)}` };
          }
          continue;
        }
        if (action.kind === 'none') warnings.push('Your previous answer had no Action line; always end with one.');
        yield { type: 'action', action: action.kind };
      }
    } catch (error) {
      if (error instanceof Stop) stoppedBy = error.reason;
      else if (limitReason && browsing.signal.aborted) stoppedBy = limitReason;
      else throw error;
    }

    // Chromium shuts down while the model writes the conclusion.
    closing = browser?.close().catch(() => undefined);
    browser = undefined;
    yield { type: 'concluding', notes: notes.length, stoppedBy };
    // Without a single note whose quotes are on its page there is nothing to stand on: say so, do not improvise.
    if (!notes.some((n) => n.verified)) return yield* finish('');
    const incomplete = stoppedBy === 'time_limit' ? 'the time limit was reached' : stoppedBy === 'interrupted' ? 'the person interrupted the research' : undefined;
    const conclusion = await chat(concludePrompt({ question: options.question, language: options.language.name, notes, incomplete }), options.hardStop, options.onAnswerToken);
    return yield* finish(conclusion.text);
  } finally {
    if (timer) clearTimeout(timer);
    options.interrupt.removeEventListener('abort', onInterrupt);
    // A browser still starting when the run ended early is closed once it is up.
    const closed = Promise.all([browser?.close(), closing, launching?.then((b) => b.close(), () => undefined)]);
    // After a second Ctrl-C what was learnt is handed over at once: the browser
    // closes meanwhile, or is killed with the process.
    if (options.hardStop.aborted) void closed.catch(() => undefined);
    else await closed;
  }
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

function resolveTarget(target: string, links: readonly { n: number; url: string }[]): string | undefined {
  if (/^\d+$/.test(target)) return links.find((l) => l.n === Number(target))?.url;
  return target;
}

/** Shared runs this long between a form value and a note mean the page is fishing for the notes. */
const LEAK_CHARS = 24;

/** Does a form value carry text of the notes? Page content must never make scout send its notes away. */
export function leaksNotes(value: string, notes: readonly Note[]): boolean {
  const v = value.toLowerCase().replace(/\s+/g, ' ');
  if (v.length < LEAK_CHARS) return false;
  return notes.some((note) => {
    const text = note.text.toLowerCase().replace(/\s+/g, ' ');
    for (let i = 0; i + LEAK_CHARS <= v.length; i += 8) if (text.includes(v.slice(i, i + LEAK_CHARS))) return true;
    return false;
  });
}

/** `secret:name` becomes the stored value, only at the moment of filling. */
function substitute(value: string, secrets: Readonly<Record<string, string>>): string {
  const m = value.match(/^secret:(\S+)$/);
  return m?.[1] !== undefined && secrets[m[1]] !== undefined ? secrets[m[1]]! : value;
}
