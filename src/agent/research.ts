/**
 * The research run: rewrite the question into a query, browse (search, then
 * one page per round with a fresh chat of instructions + question + notes +
 * page), and conclude from the notes. It yields events and never prints.
 */
import { searchPrompt } from '../prompts/search.js';
import { BrowserLifecycle } from './browser-lifecycle.js';
import { browse } from './browse.js';
import { forPrompt } from './grounding.js';
import { withNamedSources } from './named-sources.js';
import { answerDirectly, conclude } from './conclude.js';
import { parseSearchAnswer } from './parse.js';
import { Run } from './run.js';
import type { ResearchDeps, ResearchEvent, ResearchOptions, ResearchResult, StoppedBy } from './types.js';

export async function* research(deps: ResearchDeps, options: ResearchOptions): AsyncGenerator<ResearchEvent, ResearchResult> {
  const run = new Run({ ...deps, search: withNamedSources(deps.search, options) }, options);
  const browsers = new BrowserLifecycle(deps.openBrowser);
  try {
    yield { type: 'rewriting' };
    // Chromium starts while the model rewrites the question: the launch overlaps LLM time.
    browsers.start();
    const earlierNotes = options.earlier && forPrompt(options.earlier.notes);
    const rewritten = await run.chat(searchPrompt({ question: run.options.question, today: run.now(), earlierNotes }), options.hardStop);
    const rewrite = parseSearchAnswer(rewritten.text, rewritten.thinking);
    // Pages the person named are read even when the model would answer without the web.
    if (rewrite.kind === 'exit' && !options.urls?.length) {
      // A follow-up the earlier notes answer is concluded from them, without a search.
      return yield* earlierNotes ? conclude(run, 'no_search_needed') : answerDirectly(run);
    }
    const stoppedBy = yield* browseUntilStopped(run, browsers, rewrite.kind === 'search' ? rewrite.query : options.question);
    browsers.closeSoon();
    return yield* conclude(run, stoppedBy);
  } finally {
    run.stop.dispose();
    await browsers.end(options.hardStop);
  }
}

/** A search or an LLM call cut short by the stop ends browsing like any other stop; other failures end the run. */
async function* browseUntilStopped(run: Run, browsers: BrowserLifecycle, query: string): AsyncGenerator<ResearchEvent, StoppedBy> {
  try {
    return yield* browse(run, browsers, query);
  } catch (error) {
    if (run.stop.reason) return run.stop.reason;
    throw error;
  }
}
