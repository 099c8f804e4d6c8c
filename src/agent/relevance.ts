/**
 * Model-free relevance: BM25 over a set of text blocks for a query (the
 * question and the search query). Terms come from text-tokens.ts, so it works
 * the same in any script: words, numbers read however they are grouped, and
 * for CJK each character plus each pair of adjacent characters (a pair is
 * about a word there). Terms in most blocks weigh little by IDF, which stands
 * in for a stop-word list in every language; names and numbers of the query
 * weigh double, since a question turns on them. Words are cut to their first
 * five letters, a stemmer that needs no language (ticket/tickets, adult/adults,
 * Besuch/Besucher match; truncation to 4–5 letters stems about as well as
 * Snowball across European languages, McNamee & Mayfield 2004).
 */
import { namesOf, numbersOf, tokenize, type Token } from './text-tokens.js';

const K1 = 1.2;
const B = 0.75;
const KEY_WEIGHT = 2;
const STEM = 5;

function termOf(token: Token): string {
  return token.kind === 'word' ? [...token.norm].slice(0, STEM).join('') : token.norm;
}

/** A text's terms, repeated as often as they occur. */
export function termsOf(tokens: readonly Token[]): string[] {
  const terms: string[] = [];
  for (const [i, token] of tokens.entries()) {
    terms.push(termOf(token));
    const next = tokens[i + 1];
    if (token.kind === 'cjk' && next?.kind === 'cjk' && next.start === token.end) terms.push(token.norm + next.norm);
  }
  return terms;
}

/** Each query term with its weight: once per occurrence in the query, double for its names and numbers. */
function queryWeights(query: string): Map<string, number> {
  const tokens = tokenize(query);
  const keyNorms = new Set([...namesOf(tokens, query), ...numbersOf(tokens)]);
  const keys = new Set(tokens.filter((t) => keyNorms.has(t.norm)).map(termOf));
  const weights = new Map<string, number>();
  for (const term of termsOf(tokens)) weights.set(term, (weights.get(term) ?? 0) + (keys.has(term) ? KEY_WEIGHT : 1));
  return weights;
}

/** A block as text, or as its terms already taken (termsOf) when several scores read the same text. */
export type Block = string | readonly string[];

const blockTerms = (block: Block): readonly string[] => (typeof block === 'string' ? termsOf(tokenize(block)) : block);

/** One score per block, in the blocks' order; 0 for a block that shares no term with the query. */
export function scoreBlocks(query: string, blocks: readonly Block[]): number[] {
  const weights = queryWeights(query);
  if (weights.size === 0 || blocks.length === 0) return blocks.map(() => 0);
  const counts = blocks.map((block) => {
    const count = new Map<string, number>();
    const terms = blockTerms(block);
    for (const term of terms) if (weights.has(term)) count.set(term, (count.get(term) ?? 0) + 1);
    return { count, length: terms.length };
  });
  const average = counts.reduce((sum, c) => sum + c.length, 0) / blocks.length || 1;
  const idf = new Map<string, number>();
  for (const term of weights.keys()) {
    const df = counts.filter((c) => c.count.has(term)).length;
    idf.set(term, Math.log(1 + (blocks.length - df + 0.5) / (df + 0.5)));
  }
  return counts.map(({ count, length }) => {
    let score = 0;
    for (const [term, tf] of count) {
      const norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average));
      score += weights.get(term)! * idf.get(term)! * norm;
    }
    return score;
  });
}

/**
 * The query's content terms: its names and numbers, its words of a whole
 * stem's length, and pairs of adjacent CJK characters. Short words (what,
 * when, was, wie, ist) fall out in any language; longer question words that
 * stay (which, number) do no harm, as terms are only counted where found.
 */
function contentTerms(query: string): Set<string> {
  const tokens = tokenize(query);
  const names = new Set(namesOf(tokens, query));
  const content = new Set<string>();
  for (const [i, token] of tokens.entries()) {
    const next = tokens[i + 1];
    if (token.kind === 'cjk') {
      if (next?.kind === 'cjk' && next.start === token.end) content.add(token.norm + next.norm);
    } else if (token.kind === 'number' || names.has(token.norm) || [...token.norm].length >= STEM) content.add(termOf(token));
  }
  return content;
}

/**
 * How many of the query's distinct content terms each block holds, and how
 * many the query has. Unlike a BM25 score it is absolute: a page that never
 * uses two of the question's words together holds nothing for it, however
 * its blocks rank among themselves.
 */
export function sharedTerms(query: string, blocks: readonly Block[]): { counts: number[]; of: number } {
  const content = contentTerms(query);
  const counts = blocks.map((block) => new Set(blockTerms(block).filter((term) => content.has(term))).size);
  return { counts, of: content.size };
}

/** The indexes of the blocks, best first; ties keep their order. */
export function rankBlocks(query: string, blocks: readonly string[]): number[] {
  const scores = scoreBlocks(query, blocks);
  return scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}
