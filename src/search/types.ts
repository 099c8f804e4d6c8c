/** The one interface scout uses to ask a web search engine. */
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
  safesearch?: 'off' | 'moderate' | 'strict';
  signal?: AbortSignal;
}

/** The refined results together with the engine's own answer (its JSON, or the HTML page). */
export interface SearchResponse {
  results: SearchResult[];
  raw: unknown;
}

export interface SearchProvider {
  readonly name: 'searxng' | 'brave';
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
  searchRaw(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Reachable and usable (for SearxNG: the JSON format enabled). Never throws. */
  check(signal?: AbortSignal): Promise<HealthCheck>;
}
