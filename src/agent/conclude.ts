/** The end of a run: the answer from the notes (or without the web), its citations checked, and the result. */
import { concludePrompt } from '../prompts/conclude.js';
import { directPrompt } from '../prompts/direct.js';
import { uncitedClaims } from './answer-check.js';
import { checkCitations, citationStream, withPages } from './citations.js';
import { forPrompt } from './grounding.js';
import type { Run } from './run.js';
import type { ResearchEvent, ResearchResult, StoppedBy } from './types.js';

export async function* conclude(run: Run, stoppedBy: StoppedBy): AsyncGenerator<ResearchEvent, ResearchResult> {
  const { options, notes } = run;
  yield { type: 'concluding', notes: notes.length, stoppedBy };
  // Without a single note the page backs there is nothing to stand on: say so, do not improvise.
  if (!notes.some((n) => n.support !== 'unverified')) return yield* finish(run, '', stoppedBy);
  const incomplete = stoppedBy === 'time_limit' ? 'the time limit was reached' : stoppedBy === 'interrupted' ? 'the person interrupted the research' : undefined;
  const stream = options.onAnswerToken && citationStream(notes, options.onAnswerToken);
  const conclusion = await run.chat(concludePrompt({ question: options.question, language: options.language.name, notes: forPrompt(notes), incomplete }), options.hardStop, stream?.push);
  stream?.end();
  return yield* finish(run, conclusion.text, stoppedBy);
}

/** The model found the question needs no search: it answers on its own. */
export async function* answerDirectly(run: Run): AsyncGenerator<ResearchEvent, ResearchResult> {
  const { options } = run;
  const stoppedBy = 'no_search_needed';
  yield { type: 'concluding', notes: 0, stoppedBy };
  const direct = await run.chat(directPrompt({ question: options.question, language: options.language.name, today: run.now() }), options.hardStop, options.onAnswerToken);
  return yield* finish(run, direct.text, stoppedBy);
}

function* finish(run: Run, answerText: string, stoppedBy: StoppedBy): Generator<ResearchEvent, ResearchResult> {
  yield* run.flush();
  const checked = checkCitations(run.redact(answerText), run.notes);
  if (checked.invalid.length > 0) {
    yield { type: 'warning', message: `the answer cited ${checked.invalid.map((n) => `[${n}]`).join(' ')}, which name no note; removed` };
  }
  const claims = uncitedClaims(checked.answer, run.notes, { question: run.options.question, checkNames: run.options.language.code === 'en' });
  for (const claim of claims) {
    const sentence = claim.sentence.length > 80 ? `${claim.sentence.slice(0, 77)}...` : claim.sentence;
    yield { type: 'warning', message: `"${sentence}" states ${claim.missing.join(', ')}, which ${claim.cites.map((n) => `note [${n}]`).join(' and ')} does not hold` };
  }
  const unsupported = new Set(claims.flatMap((c) => c.cites));
  const citations = checked.citations.map((c) => (unsupported.has(c.n) ? { ...c, supported: false } : c));
  run.stats.elapsedMs = Date.now() - run.started;
  return {
    question: run.asked,
    query: run.query,
    language: run.options.language.code,
    answer: withPages(checked.answer, run.notes),
    sources: checked.sources,
    citations,
    notes: run.notes,
    visited: run.visited,
    stoppedBy,
    stats: run.stats,
  };
}
