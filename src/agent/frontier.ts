/**
 * What may be visited next: the queue of search results (ranked against the
 * question), the set of visited pages, and the addresses the model was offered.
 * Anything not offered is refused.
 */
import { normaliseUrl } from '../search/normalise-url.js';
import type { OfferedLink } from '../prompts/sections.js';
import type { SearchResult } from '../search/types.js';
import { rankResults } from './rank-results.js';

function key(url: string): string {
  try {
    return normaliseUrl(url);
  } catch {
    return url;
  }
}

export class Frontier {
  private readonly queue: SearchResult[] = [];
  private readonly visited = new Set<string>();
  private readonly offered = new Set<string>();
  readonly queries: string[] = [];

  /** Queue a search's results in the order worth reading (rank-results.ts): best match for the question first. */
  addResults(query: string, results: readonly SearchResult[], question = query): number {
    this.queries.push(query);
    let added = 0;
    for (const result of rankResults(results, question, query)) {
      const k = key(result.url);
      if (this.visited.has(k) || this.queue.some((r) => key(r.url) === k)) continue;
      this.queue.push(result);
      this.offered.add(k);
      added++;
    }
    return added;
  }

  /** The next search result not yet visited. */
  nextResult(): SearchResult | undefined {
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      if (!this.visited.has(key(next.url))) return next;
    }
    return undefined;
  }

  /** The next n search results that would be read, without taking them (for prefetching). */
  peek(n: number): string[] {
    return this.queue.filter((r) => !this.visited.has(key(r.url))).slice(0, n).map((r) => r.url);
  }

  markVisited(url: string): void {
    this.visited.add(key(url));
  }

  isVisited(url: string): boolean {
    return this.visited.has(key(url));
  }

  /** Number a page's links for the prompt, leaving out visited ones; each becomes an allowed target. */
  offer(links: readonly { url: string; text: string }[], limit: number): OfferedLink[] {
    const out: OfferedLink[] = [];
    const seen = new Set<string>();
    for (const link of links) {
      const k = key(link.url);
      if (this.visited.has(k) || seen.has(k)) continue;
      seen.add(k);
      this.offered.add(k);
      out.push({ n: out.length + 1, url: link.url, text: link.text });
      if (out.length >= limit) break;
    }
    return out;
  }

  isOffered(url: string): boolean {
    return this.offered.has(key(url));
  }

  sameAs(a: string, b: string): boolean {
    return key(a) === key(b);
  }
}
