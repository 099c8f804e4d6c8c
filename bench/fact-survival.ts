/**
 * Fact survival: does the sentence that answers a question survive
 * condensation? On the shared AEB (141 articles) and WCXB (280 pages of seven
 * kinds) sets, each page is read in-process with scout's reader; questions
 * come from the ground truth's sentences that carry a number or a name, asked
 * the way a person would: the fact taken out, and only every other one of the
 * remaining content words kept (a person names the subject, not the sentence),
 * followed, as in a research round, by the search query a model writes for it
 * (those words). A question survives when its whole sentence is in the
 * condensed view (as grounding reads it: skips are breaks). Only sentences the
 * reader kept count; the others are extraction misses, reported apart. Beside
 * it, what a condensed page shows for a question asked of another page (one it
 * is not about). Prompt tokens saved are against the whole page, over all pages.
 *
 *   npm run bench:facts [-- --max-questions 4 --show 10 --every 3]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { condense, seenText } from '../src/agent/condense.js';
import { outlineOf } from '../src/agent/outline.js';
import { normaliseForQuote } from '../src/agent/quotes.js';
import { CONDENSE_ABOVE_TOKENS, CONDENSE_TO_TOKENS } from '../src/agent/page-view.js';
import { namesOf, numbersOf, tokenize } from '../src/agent/text-tokens.js';
import { readPage } from '../src/browser/read/page-text.js';
import { estimateTokens } from '../src/llm/tokens.js';
import { flag, median, printTable } from './support.js';

const SHARED = resolve(fileURLToPath(new URL('..', import.meta.url)), '..', 'shared', 'data');
const MAX_QUESTIONS = flag('max-questions', 4);
/** Print this many questions with their sentences, and the misses at the default threshold. */
const SHOW = flag('show', 0);
/** One in this many content words of the sentence go into its question. */
const EVERY = flag('every', 3);

interface Page {
  set: string;
  id: string;
  url: string;
  html: string;
  truth: string;
}

interface Question {
  sentence: string;
  question: string;
  /** The search query a model writes for it: the subject, without the question's opening words. */
  search: string;
}

function pages(): Page[] {
  const aeb = join(SHARED, 'aeb');
  const aebTruth = JSON.parse(readFileSync(join(aeb, 'ground-truth.json'), 'utf8')) as Record<string, { url: string; articleBody: string }>;
  const out: Page[] = readdirSync(join(aeb, 'html'))
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => {
      const id = basename(f, '.html');
      return { set: 'aeb', id, url: aebTruth[id]!.url, html: readFileSync(join(aeb, 'html', f), 'utf8'), truth: aebTruth[id]!.articleBody };
    });
  const wcxb = join(SHARED, 'wcxb', 'dev');
  for (const f of readdirSync(join(wcxb, 'html')).filter((name) => name.endsWith('.html')).sort()) {
    const id = basename(f, '.html');
    const truth = JSON.parse(readFileSync(join(wcxb, 'ground-truth', `${id}.json`), 'utf8')) as { url: string; ground_truth: { main_content: string } };
    out.push({ set: 'wcxb', id, url: truth.url, html: readFileSync(join(wcxb, 'html', f), 'utf8'), truth: truth.ground_truth.main_content });
  }
  return out;
}

/**
 * A question for a sentence with a number or a name: the fact out, one in
 * EVERY of the remaining content words kept, at most five, and at most one
 * other name (a person asking knows the subject, not every name the answer holds).
 */
function questionFor(sentence: string): Omit<Question, 'sentence'> | undefined {
  const tokens = tokenize(sentence);
  const numbers = numbersOf(tokens);
  const names = namesOf(tokens, sentence);
  const fact = numbers[0] ?? names[0];
  if (!fact) return undefined;
  const content = tokens.filter((t) => t.norm !== fact && t.kind !== 'number' && (t.kind === 'cjk' || t.raw.length >= 4 || names.includes(t.norm)));
  let named = 0;
  const kept = content
    .filter((_, i) => i % EVERY === 0)
    .filter((t) => !names.includes(t.norm) || named++ < 1)
    .slice(0, 5)
    .map((t) => t.raw);
  if (kept.length < 2) return undefined;
  const search = kept.join(' ');
  return { question: `${numbers[0] ? 'How many or which number' : 'Who or what'}: ${search}?`, search };
}

/** Up to MAX_QUESTIONS sentences of 8 to 60 words with a fact, spread over the page. */
function questionsOf(truth: string): Question[] {
  const sentences = truth
    .split(/\n+/)
    .flatMap((p) => p.split(/(?<=[.!?。！？])\s+/))
    .map((s) => s.trim())
    .filter((s) => {
      const words = tokenize(s).length;
      return words >= 8 && words <= 60;
    });
  const candidates = sentences.flatMap((sentence) => {
    const question = questionFor(sentence);
    return question ? [{ sentence, ...question }] : [];
  });
  const step = Math.max(1, candidates.length / MAX_QUESTIONS);
  return Array.from({ length: Math.min(MAX_QUESTIONS, candidates.length) }, (_, i) => candidates[Math.floor(i * step)]!);
}

interface Tally {
  questions: number;
  survived: number;
  condensedQuestions: number;
  condensedSurvived: number;
  wholeTokens: number;
  shownTokens: number;
  condensedPages: number;
  /** Tokens shown of each condensed page, and its whole size. */
  shownCondensed: number[];
  wholeCondensed: number[];
  /** Tokens shown of each condensed page for a question asked of another page (a page the question is not about). */
  shownOffTopic: number[];
}

const TARGETS: { name: string; above: number; to: number }[] = [1000, 2000, 4000].map((n) => ({ name: `${n / 1000}k`, above: n, to: n }));
const isDefault = (t: { above: number; to: number }) => t.above === CONDENSE_ABOVE_TOKENS && t.to === CONDENSE_TO_TOKENS;
if (!TARGETS.some(isDefault)) TARGETS.push({ name: 'default', above: CONDENSE_ABOVE_TOKENS, to: CONDENSE_TO_TOKENS });
for (const t of TARGETS) if (isDefault(t)) t.name += ` (default: above ${CONDENSE_ABOVE_TOKENS}, to ${CONDENSE_TO_TOKENS})`;

const all = pages();
const tallies = TARGETS.map((): Tally => ({ questions: 0, survived: 0, condensedQuestions: 0, condensedSurvived: 0, wholeTokens: 0, shownTokens: 0, condensedPages: 0, shownCondensed: [], wholeCondensed: [], shownOffTopic: [] }));
let asked = 0;
const condensedBySet = new Map<string, number>();
let extractionMisses = 0;
const allQuestions = all.map((page) => questionsOf(page.truth));
for (const [p, page] of all.entries()) {
  const whole = readPage(page.html, page.url, { maxChars: Number.MAX_SAFE_INTEGER }).text;
  const wholeNorm = normaliseForQuote(whole);
  const wholeTokens = estimateTokens(whole);
  const outline = outlineOf(whole);
  if (wholeTokens > CONDENSE_ABOVE_TOKENS) condensedBySet.set(page.set, (condensedBySet.get(page.set) ?? 0) + 1);
  const questions = allQuestions[p]!;
  const offTopic = all.map((_, k) => allQuestions[(p + 1 + k) % all.length]![0]).find((q) => q !== undefined);
  if (asked < SHOW) for (const q of questions.slice(0, 1)) console.log(`Q: ${q.question}\n   ${q.sentence}`);
  asked += questions.length;
  const kept = questions.filter((q) => wholeNorm.includes(normaliseForQuote(q.sentence)));
  extractionMisses += questions.length - kept.length;
  for (const [t, target] of TARGETS.entries()) {
    const tally = tallies[t]!;
    tally.wholeTokens += wholeTokens;
    if (wholeTokens <= target.above) {
      tally.shownTokens += wholeTokens;
      tally.questions += kept.length;
      tally.survived += kept.length;
      continue;
    }
    tally.condensedPages++;
    let shown = 0;
    for (const q of kept) {
      const view = condense({ outline, query: `${q.question}\n${q.search}`, focus: q.search, targetTokens: target.to }).text;
      shown += estimateTokens(view);
      const ok = normaliseForQuote(seenText(view)).includes(normaliseForQuote(q.sentence));
      tally.questions++;
      tally.condensedQuestions++;
      if (!ok && SHOW > 0 && isDefault(target)) console.log(`missed (${page.set}/${page.id.slice(0, 8)}): ${q.question}\n   ${q.sentence}`);
      if (ok) {
        tally.survived++;
        tally.condensedSurvived++;
      }
    }
    const shownHere = kept.length > 0 ? shown / kept.length : estimateTokens(condense({ outline, query: '', targetTokens: target.to }).text);
    tally.shownTokens += shownHere;
    tally.shownCondensed.push(shownHere);
    tally.wholeCondensed.push(wholeTokens);
    if (offTopic) tally.shownOffTopic.push(estimateTokens(condense({ outline, query: `${offTopic.question}\n${offTopic.search}`, focus: offTopic.search, targetTokens: target.to }).text));
  }
}

const share = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3));
console.log(`condensed at the default threshold: AEB ${condensedBySet.get('aeb') ?? 0} of ${all.filter((p) => p.set === 'aeb').length} pages, WCXB ${condensedBySet.get('wcxb') ?? 0} of ${all.filter((p) => p.set === 'wcxb').length}`);
console.log(`fact survival on ${all.length} pages (AEB ${all.filter((p) => p.set === 'aeb').length}, WCXB ${all.filter((p) => p.set === 'wcxb').length}); ${asked} questions, ${asked - extractionMisses} on sentences the reader kept (${extractionMisses} extraction misses left out)`);
printTable(
  ['target', 'pages condensed', 'median tokens: whole -> shown', 'shown for another page\'s question', 'questions on them', 'survival there', 'survival, all pages', 'prompt tokens (whole)', 'prompt tokens (shown)', 'saved'],
  TARGETS.map((target, i) => {
    const t = tallies[i]!;
    return [target.name, String(t.condensedPages), `${median(t.wholeCondensed)} -> ${Math.round(median(t.shownCondensed))}`, String(Math.round(median(t.shownOffTopic))), String(t.condensedQuestions), share(t.condensedSurvived, t.condensedQuestions), share(t.survived, t.questions), String(t.wholeTokens), String(Math.round(t.shownTokens)), `${((1 - t.shownTokens / t.wholeTokens) * 100).toFixed(1)}%`];
  }),
);
