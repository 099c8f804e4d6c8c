/** The one interface scout uses to ask a web search engine. */
import type { BrowserSession } from '../browser/types.js';
import type { HealthCheck } from '../health.js';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  engine?: string;
}

export interface SearchOptions {
  count?: number;
  language?: string;
  timeRange?: 'day' | 'week' | 'month' | 'year';
  /** Host names results must be on (any of them), passed as site: in the query (scope.ts). */
  sites?: readonly string[];
  /** Host names results must not be on, passed as -site: in the query. */
  excludeSites?: readonly string[];
  safesearch?: 'off' | 'moderate' | 'strict';
  /** Engine parameters under the engine's own names (Brave's country, search_lang, offset...); they win over the config's; other engines ignore them. */
  params?: Readonly<Record<string, unknown>>;
  signal?: AbortSignal;
}

/** The refined results together with the engine's own answer (its JSON, or the HTML page). */
export interface SearchResponse {
  results: SearchResult[];
  raw: unknown;
}

/** searxng, brave and browser are engines; auto is one of searxng or browser, chosen on first use. */
export type SearchName = 'searxng' | 'brave' | 'browser' | 'auto';

/**
 * What browser search needs of a browser: load a page like a person and return
 * its rendered DOM. A research run hands over its own browser, so searching
 * uses the Chromium, the URL guard, the egress proxy and the pacing of its reads.
 */
export type PageLoader = Pick<BrowserSession, 'load'>;

export interface SearchProvider {
  readonly name: SearchName;
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
  searchRaw(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Reachable and usable (for SearxNG: the JSON format enabled). Never throws. */
  check(signal?: AbortSignal): Promise<HealthCheck>;
}
