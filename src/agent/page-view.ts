/**
 * What of a page the model is shown: the whole page when it is short, else a
 * condensation for the question (condense.ts) within the page budget; with
 * condensation off, the page cut to the budget as before. A page keeps its
 * state between rounds, so `Action: more <section>` shows that section on the
 * next round without loading the page again.
 */
import type { PageView } from '../browser/types.js';
import { estimateTokens } from '../llm/tokens.js';
import { condense, seenText } from './condense.js';
import { outlineOf, plainTitle, type PageOutline, type Section } from './outline.js';
import { scoreBlocks } from './relevance.js';

/**
 * Pages longer than this are condensed, to at most this many tokens (outline
 * and markers included). Most articles are shown whole (AEB: 121 of 141
 * pages); long guides, listings and manuals are not (WCXB: 107 of 280 pages
 * are condensed). On those pages' questions in bench/fact-survival.ts the
 * sentence that answers survives 98.7% of the time (96.8% at 1,000 tokens),
 * while the median condensed page shrinks from 3,436 to 942 tokens.
 */
export const CONDENSE_ABOVE_TOKENS = 2000;
export const CONDENSE_TO_TOKENS = 2000;
/** A round that shows a section the model asked for may use this much more. */
const EXPAND_TOKENS = 1500;
/** `more` answers on one page at most; then the page is left. */
export const MAX_MORE = 3;

/** A page as read, kept across the rounds that show it. */
export interface ReadPage {
  url: string;
  view: PageView;
  /** The whole page, framed. */
  whole: string;
  outline?: PageOutline;
  /** Sections asked for with `more`, most recent first. */
  expand: number[];
}

export interface Shown {
  /** The page text of the prompt. */
  text: string;
  /** What grounding reads: the text without scout's own markers. */
  seen: string;
  /** Set when the page was condensed: the sections the model may still ask for. */
  skipped?: readonly Section[];
  outline?: PageOutline;
}

export interface ShowOptions {
  condense: boolean;
  /** The question and the search query. */
  query: string;
  /** The search query alone: what the on-topic check of a condensation looks for. */
  focus?: string;
  /** Room for the page in the prompt. */
  budget: { chars: number; tokens: number };
}

export function readPageState(url: string, view: PageView): ReadPage {
  return { url, view, whole: view.frame(Number.MAX_SAFE_INTEGER), expand: [] };
}

export function show(page: ReadPage, options: ShowOptions): Shown {
  const { budget } = options;
  if (!options.condense) {
    const text = page.view.frame(budget.chars);
    return { text, seen: text };
  }
  if (page.expand.length === 0 && estimateTokens(page.whole) <= Math.min(CONDENSE_ABOVE_TOKENS, budget.tokens)) return { text: page.whole, seen: page.whole };
  page.outline ??= outlineOf(page.whole);
  const target = Math.min(budget.tokens, CONDENSE_TO_TOKENS + (page.expand.length > 0 ? EXPAND_TOKENS : 0));
  const condensed = condense({ outline: page.outline, query: options.query, focus: options.focus, targetTokens: target, expand: page.expand });
  return { text: condensed.text, seen: seenText(condensed.text), skipped: condensed.skipped, outline: page.outline };
}

const normal = (text: string) => plainTitle(text).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The section a `more` answer names: by its number (§3, 3, "section 3"), else
 * by its title, exactly, as a prefix, contained, or the best word match.
 */
export function sectionNamed(sections: readonly Section[], name: string): Section | undefined {
  const wanted = normal(name.replace(/^\s*(?:§|section|part|sec\.?)\s*/i, ''));
  if (!wanted) return undefined;
  const number = wanted.match(/^(\d+)$/)?.[1];
  if (number) return sections.find((s) => s.n === Number(number));
  const titles = sections.map((s) => normal(s.title.replace(/^"|…?"$/g, '')));
  const exact = titles.findIndex((t) => t === wanted);
  const prefix = titles.findIndex((t) => t.startsWith(wanted) || (t.length > 0 && wanted.startsWith(t)));
  const within = titles.findIndex((t) => t.includes(wanted));
  const found = [exact, prefix, within].find((i) => i >= 0);
  if (found !== undefined) return sections[found];
  const scores = scoreBlocks(wanted, titles);
  const best = Math.max(...scores);
  return best > 0 ? sections[scores.indexOf(best)] : undefined;
}

/** Words of a link's address: its path and query, split at punctuation. */
function addressWords(url: string): string {
  try {
    const u = new URL(url);
    return decodeURIComponent(`${u.pathname} ${u.search}`).replace(/[/_\-.+=&?%]+/g, ' ');
  } catch {
    return '';
  }
}

/** A page's links, those matching the question (by text and address) first; the rest keep page order. */
export function rankLinks<T extends { url: string; text: string }>(query: string, links: readonly T[]): T[] {
  const scores = scoreBlocks(query, links.map((l) => `${l.text} ${addressWords(l.url)}`));
  return links.map((link, i) => ({ link, i })).sort((a, b) => scores[b.i]! - scores[a.i]! || a.i - b.i).map((x) => x.link);
}
