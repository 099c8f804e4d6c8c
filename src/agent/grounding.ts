/**
 * Grounding a note in the page it was written on, without depending on
 * perfect quoting. Small models paraphrase, reformat numbers, translate quotes
 * or quote nothing at all; what matters is whether the page says it. A quote is
 * aligned to the best-matching passage of the text the model was shown (small
 * edits tolerated, numbers and names not), and the page's own words become the
 * quote, so a citation always shows real page text.
 */
import { extractQuotes, quoteOnPage, withoutQuotes } from './quotes.js';
import { dominantScript, namesOf, numbersOf, tokenize, type Token } from './text-tokens.js';
import type { Note } from './types.js';

export type Grounding = 'verified' | 'supported' | 'unverified';

export interface NoteGrounding {
  state: Grounding;
  /** Passages of the page that back the note, in the page's own words. */
  quotes: string[];
  /** The model's quotes that match nothing on the page. */
  missing: string[];
  /** Why the note is unverified, in a few words; '' otherwise. */
  reason: string;
  /** The PDF page its first quote stands on (the last `[page N]` line before it), when the text has such lines. */
  page?: number;
}

/** Share of a quote's tokens a passage must hold (as a Dice coefficient) to count as the same words. */
const ALIGN_SCORE = 0.75;
const MIN_ALIGN_TOKENS = 4;
/** A note's own words found on the page in a run this long support it. */
const MIN_SPAN_TOKENS = 6;
const MIN_SPAN_CJK = 8;
const MAX_WINDOW_SENTENCES = 3;

interface Page {
  text: string;
  tokens: Token[];
  norms: Set<string>;
}

function pageOf(text: string): Page {
  const normalised = text.normalize('NFKC');
  const tokens = tokenize(normalised);
  return { text: normalised, tokens, norms: new Set(tokens.map((t) => t.norm)) };
}

/** The page's text from token from to token to; a whole sentence keeps its closing punctuation. */
function passage(page: Page, from: number, to: number, sentence = false): string {
  let end = page.tokens[to]!.end;
  while (sentence && end < page.text.length && /[.!?。！？)"”]/.test(page.text[end]!)) end++;
  return page.text.slice(page.tokens[from]!.start, end).replace(/\s+/g, ' ').trim();
}

function contains(norms: ReadonlySet<string>, needed: readonly string[]): boolean {
  return needed.every((n) => norms.has(n));
}

/** The best window of the page for these tokens, by multiset overlap, over window lengths near the quote's. */
function bestWindow(page: Page, wanted: readonly string[]): { from: number; to: number; score: number } | undefined {
  const want = new Map<string, number>();
  for (const w of wanted) want.set(w, (want.get(w) ?? 0) + 1);
  const m = wanted.length;
  let best: { from: number; to: number; score: number } | undefined;
  for (let len = Math.max(1, m - 3); len <= m + 3 && len <= page.tokens.length; len++) {
    const have = new Map<string, number>();
    let overlap = 0;
    const add = (norm: string, delta: 1 | -1) => {
      const before = Math.min(have.get(norm) ?? 0, want.get(norm) ?? 0);
      have.set(norm, (have.get(norm) ?? 0) + delta);
      overlap += Math.min(have.get(norm)!, want.get(norm) ?? 0) - before;
    };
    for (let i = 0; i < page.tokens.length; i++) {
      add(page.tokens[i]!.norm, 1);
      if (i >= len) add(page.tokens[i - len]!.norm, -1);
      if (i < len - 1) continue;
      const score = (2 * overlap) / (m + len);
      if (!best || score > best.score) best = { from: i - len + 1, to: i, score };
    }
  }
  if (!best) return undefined;
  // Edges that are not words of the quote are not part of the passage.
  while (best.from < best.to && !want.has(page.tokens[best.from]!.norm)) best.from++;
  while (best.to > best.from && !want.has(page.tokens[best.to]!.norm)) best.to--;
  return best;
}

/** The page's passage for a quote that is close to, but not exactly, its words; numbers and names must match. */
export function alignQuote(quote: string, pageText: string | Page): string | undefined {
  const page = typeof pageText === 'string' ? pageOf(pageText) : pageText;
  const tokens = tokenize(quote);
  if (tokens.length < MIN_ALIGN_TOKENS) return undefined;
  const window = bestWindow(page, tokens.map((t) => t.norm));
  if (!window || window.score < ALIGN_SCORE) return undefined;
  const inWindow = new Set(page.tokens.slice(window.from, window.to + 1).map((t) => t.norm));
  if (!contains(inWindow, numbersOf(tokens)) || !contains(inWindow, namesOf(tokens, quote.normalize('NFKC')))) return undefined;
  return passage(page, window.from, window.to);
}

/** Sentences of the page as token ranges. */
function sentences(page: Page): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let from = 0;
  for (let i = 0; i < page.tokens.length; i++) {
    const next = page.tokens[i + 1];
    const between = next ? page.text.slice(page.tokens[i]!.end, next.start) : '';
    if (!next || /[.!?。！？]\s|[。！？]|\n/.test(between)) {
      out.push({ from, to: i });
      from = i + 1;
    }
  }
  return out;
}

/** The shortest run of at most three sentences holding every fact (number or name); undefined when none does. */
function factsPassage(page: Page, facts: readonly string[]): string | undefined {
  if (facts.length === 0 || !contains(page.norms, facts)) return undefined;
  const all = sentences(page);
  let best: { from: number; to: number } | undefined;
  for (let i = 0; i < all.length; i++) {
    const seen = new Set<string>();
    for (let j = i; j < Math.min(all.length, i + MAX_WINDOW_SENTENCES); j++) {
      for (let k = all[j]!.from; k <= all[j]!.to; k++) seen.add(page.tokens[k]!.norm);
      if (!contains(seen, facts)) continue;
      const candidate = { from: all[i]!.from, to: all[j]!.to };
      if (!best || candidate.to - candidate.from < best.to - best.from) best = candidate;
      break;
    }
  }
  return best ? passage(page, best.from, best.to, true) : undefined;
}

/** The longest run of the note's own tokens that stands on the page word for word. */
function verbatimSpan(page: Page, tokens: readonly Token[]): string | undefined {
  const positions = new Map<string, number[]>();
  for (const [i, t] of page.tokens.entries()) {
    const list = positions.get(t.norm);
    if (list) list.push(i);
    else positions.set(t.norm, [i]);
  }
  let best = { length: 0, pageFrom: 0, cjk: false };
  for (let s = 0; s < tokens.length; s++) {
    for (const p of positions.get(tokens[s]!.norm) ?? []) {
      let n = 0;
      while (s + n < tokens.length && p + n < page.tokens.length && tokens[s + n]!.norm === page.tokens[p + n]!.norm) n++;
      if (n > best.length) best = { length: n, pageFrom: p, cjk: tokens[s]!.kind === 'cjk' };
    }
  }
  const enough = best.cjk ? MIN_SPAN_CJK : MIN_SPAN_TOKENS;
  return best.length >= enough ? passage(page, best.pageFrom, best.pageFrom + best.length - 1) : undefined;
}

/** What a note says, without its quotes, its URLs and the "On <page>," the grammar opens it with. */
function claimOf(note: string): string {
  return withoutQuotes(note).replace(/^\s*on\s+(?:https?:\/\/[^\s,]+|[^,]{0,120}),\s*/i, '').replace(/https?:\/\/[^\s,;)]+/g, ' ');
}

function factsOf(text: string): { numbers: string[]; names: string[] } {
  const normalised = text.normalize('NFKC');
  const tokens = tokenize(normalised);
  return { numbers: numbersOf(tokens), names: namesOf(tokens, normalised) };
}

/** A note without a usable quote: supported when the page says it in the same words, or holds all its numbers and names together. */
function groundByContent(claim: string, page: Page, missing: string[]): NoteGrounding {
  const facts = factsOf(claim);
  if (!contains(page.norms, facts.numbers)) {
    const absent = facts.numbers.filter((n) => !page.norms.has(n));
    return { state: 'unverified', quotes: [], missing, reason: `its number${absent.length > 1 ? 's' : ''} ${absent.join(', ')} ${absent.length > 1 ? 'are' : 'is'} not on the page` };
  }
  const span = verbatimSpan(page, tokenize(claim.normalize('NFKC')));
  if (span) return { state: 'supported', quotes: [span], missing, reason: '' };
  const needed = [...facts.numbers, ...facts.names];
  const enough = facts.numbers.length > 0 || facts.names.length >= 2;
  const found = enough ? factsPassage(page, needed) : undefined;
  if (found) return { state: 'supported', quotes: [found], missing, reason: '' };
  if (missing.length > 0) return { state: 'unverified', quotes: [], missing, reason: 'its quotes are not on the page' };
  return { state: 'unverified', quotes: [], missing, reason: needed.length === 0 ? 'it quotes nothing and names no number or name to check' : 'the page does not hold its numbers and names together' };
}

const PAGE_MARKER = /^\[page (\d+)\]$/gm;

/** The page of a document's text (PDF pages open with a `[page N]` line) on which the passage stands; undefined when it is not found or the text has no pages. */
export function pageOfPassage(pageText: string, passage: string): number | undefined {
  const text = pageText.normalize('NFKC');
  if (!/^\[page \d+\]$/m.test(text)) return undefined;
  const words = passage.normalize('NFKC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const at = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+')).exec(text)?.index;
  if (at === undefined) return undefined;
  let page: number | undefined;
  for (const marker of text.matchAll(PAGE_MARKER)) {
    if (marker.index > at) break;
    page = Number(marker[1]);
  }
  return page;
}

/** The grounding with the page its first quote stands on, for a document read page by page. */
function withPage(grounding: NoteGrounding, pageText: string): NoteGrounding {
  const page = grounding.quotes[0] === undefined ? undefined : pageOfPassage(pageText, grounding.quotes[0]);
  return page === undefined ? grounding : { ...grounding, page };
}

/**
 * Ground a note in the text the model was shown: verified when every quote is
 * on the page word for word; supported when the quotes align to page passages
 * or, lacking quotes, the note's content is on the page; unverified otherwise.
 */
export function groundNote(note: string, pageText: string): NoteGrounding {
  return withPage(groundOnPage(note, pageText), pageText);
}

function groundOnPage(note: string, pageText: string): NoteGrounding {
  const page = pageOf(pageText);
  const quoted = extractQuotes(note);
  const claim = claimOf(note);
  if (quoted.length === 0) return groundByContent(claim, page, []);

  const pageScript = dominantScript(page.tokens);
  const quotes: string[] = [];
  const missing: string[] = [];
  let exact = true;
  for (const quote of quoted) {
    const aligned = alignQuote(quote, page);
    const verbatim = quoteOnPage(quote, page.text);
    if (verbatim) quotes.push(aligned ?? quote);
    else if (aligned) {
      exact = false;
      quotes.push(aligned);
    } else if (dominantScript(tokenize(quote)) !== pageScript) {
      // A quote translated into the question's language cannot match word for word: its numbers and names can.
      const facts = factsOf(`${quote} ${claim}`);
      const found = factsPassage(page, [...facts.numbers, ...facts.names]);
      exact = false;
      if (found) quotes.push(found);
      else missing.push(quote);
    } else {
      exact = false;
      missing.push(quote);
    }
  }
  if (missing.length > 0) return groundByContent(claim, page, missing);
  // Quotes on the page, but a number of the note's own words that is not (a unit conversion, or a slip): the quotes still back it.
  const claimNumbersOnPage = contains(page.norms, factsOf(claim).numbers);
  return { state: exact && claimNumbersOnPage ? 'verified' : 'supported', quotes, missing, reason: '' };
}

/** Notes as the prompts show them: a note the page backs, by quote or by content, is not marked unverified. */
export function forPrompt(notes: readonly Note[]): { url: string; text: string; verified: boolean }[] {
  return notes.map((n) => ({ url: n.url, text: n.text, verified: n.support !== 'unverified' }));
}
