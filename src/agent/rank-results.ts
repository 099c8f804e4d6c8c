/**
 * Search results in the order worth reading, before any is read: each result's
 * title and snippet scored against the question and the search query
 * (relevance.ts, model-free), blended with the engine's own order as a prior.
 * Close scores and ties keep the engine's order; a result whose title and
 * snippet share nothing with the question falls behind those that do, so it is
 * read late or not at all. jina's node-DeepResearch reranks its URLs before
 * reading them the same way (the question against title and description).
 */
import type { SearchResult } from '../search/types.js';
import { scoreBlocks } from './relevance.js';

/**
 * What the engine's order is worth beside relevance (the best-matching result
 * scores 1): the top result gets this much, the last one nothing. A result the
 * engine put first but that matches nothing yields to any result near it that does.
 */
const ENGINE_PRIOR = 0.5;

export function rankResults(results: readonly SearchResult[], question: string, query: string): SearchResult[] {
  const scores = scoreBlocks(`${question}\n${query}`, results.map((r) => `${r.title}\n${r.snippet}`));
  const best = Math.max(0, ...scores);
  if (best === 0) return [...results];
  const value = scores.map((score, i) => score / best + ENGINE_PRIOR * (1 - i / results.length));
  return results
    .map((_, i) => i)
    .sort((a, b) => value[b]! - value[a]! || a - b)
    .map((i) => results[i]!);
}
