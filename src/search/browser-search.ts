/**
 * Search through the browser: an engine's public result page is loaded like
 * any page a person opens (the run's Chromium, URL guard, egress proxy and
 * pacing), read from its rendered DOM, and the engines' results merged as
 * SearxNG merges its engines. Engines are asked in order, once each per query,
 * until enough results are in; one that shows a captcha or a wall, or fails to
 * load, is reported and the next one asked.
 */
import { ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { noTrace, type Tracer } from '../trace.js';
import { resultPageUrl, type BrowserEngine } from './engines.js';
import { normaliseUrl, refine } from './normalise-url.js';
import { scopedQuery } from './scope.js';
import { SEARXNG_START } from './searxng.js';
import type { PageLoader, SearchOptions, SearchProvider, SearchResponse, SearchResult } from './types.js';

export const BROWSER_SEARCH_HINT = `check the network connection; engines also turn away traffic that looks automated at times, so try again later, run SearxNG (\`${SEARXNG_START}\` in scout's folder), or use --search brave with BRAVE_API_KEY`;

export interface BrowserSearchOptions {
  engines: readonly BrowserEngine[];
  /** The browser to load result pages in: a research run's own. */
  browser: () => Promise<PageLoader>;
  /** Results kept when a search does not ask for a count; default 16. */
  maxResults?: number;
  /** One result page's load; default 20 s. */
  timeoutMs?: number;
  tracer?: Tracer;
  onWarning?: (message: string) => void;
}

/** One engine's page for one query, as `--raw` and `--save-results` show it. */
export interface EnginePage {
  engine: string;
  url: string;
  status: number | null;
  results: number;
  /** Why it gave no results: a captcha, a wall, a load that failed. */
  failed?: string;
  html: string;
}

interface Asked {
  page: EnginePage;
  results: SearchResult[];
}

/**
 * The result page for the query, kept to the sites asked for (site: works on
 * all four engines) and, on DuckDuckGo, to the time range (its df parameter);
 * the other engines' pages are asked without one.
 */
function pageUrl(engine: BrowserEngine, query: string, search: SearchOptions): string {
  const url = resultPageUrl(engine, scopedQuery(query, search));
  return engine.name === 'duckduckgo' && search.timeRange ? `${url}&df=${search.timeRange[0]}` : url;
}

async function ask(browser: PageLoader, engine: BrowserEngine, query: string, timeoutMs: number, search: SearchOptions): Promise<Asked> {
  const { signal } = search;
  // cheerio is loaded only when a result page is read, not by every command that builds a provider.
  const [load, { readResultPage }] = await Promise.all([browser.load(pageUrl(engine, query, search), { timeoutMs, signal }), import('./result-pages.js')]);
  if (signal?.aborted) throw signal.reason;
  const page = { engine: engine.name, url: load.url, status: load.status, html: load.html };
  if (load.error) return { page: { ...page, results: 0, failed: load.error }, results: [] };
  const { results, blocked } = readResultPage(engine.name, load.html, load.url);
  const refused = load.status !== null && load.status >= 400 ? `HTTP ${load.status}` : undefined;
  const failed = results.length > 0 ? undefined : (blocked ?? (load.interstitial ? `a captcha ("${load.interstitial}")` : refused));
  return { page: { ...page, results: results.length, ...(failed ? { failed } : {}) }, results };
}

/** SearxNG's order: a page that several engines found, or found high up, comes first (score: the sum of 1/position). */
export function mergeResults(lists: readonly SearchResult[][]): SearchResult[] {
  const merged = new Map<string, { result: SearchResult; score: number; first: number }>();
  for (const list of lists) {
    refine(list, Number.POSITIVE_INFINITY).forEach((result, i) => {
      const key = normaliseUrl(result.url);
      const seen = merged.get(key);
      if (seen) seen.score += 1 / (i + 1);
      else merged.set(key, { result, score: 1 / (i + 1), first: merged.size });
    });
  }
  return [...merged.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((m) => m.result);
}

export function createBrowserSearch(options: BrowserSearchOptions): SearchProvider {
  const { engines, maxResults = 16, timeoutMs = 20_000, tracer = noTrace, onWarning = () => {} } = options;
  const names = engines.map((e) => e.name).join(', ');

  async function searchRaw(query: string, search: SearchOptions = {}): Promise<SearchResponse> {
    const started = Date.now();
    const count = search.count ?? maxResults;
    const browser = await options.browser();
    const pages: EnginePage[] = [];
    const lists: SearchResult[][] = [];
    for (const [i, engine] of engines.entries()) {
      const { page, results } = await ask(browser, engine, query, timeoutMs, search);
      pages.push(page);
      lists.push(results);
      const next = engines[i + 1];
      if (page.failed) onWarning(`${engine.name} gave no results (${page.failed})${next ? `, so scout asks ${next.name}` : ''}`);
      if (mergeResults(lists).length >= count) break;
    }
    const results = mergeResults(lists).slice(0, count);
    tracer({ type: 'search', engine: 'browser', query, results: results.length, ms: Date.now() - started, retries: 0, engines: pages.map(({ html: _html, ...page }) => page) });
    if (pages.every((p) => p.failed)) {
      const why = pages.map((p) => `${p.engine}: ${p.failed}`).join('; ');
      throw new ScoutError('SEARCH_UNREACHABLE', `no search engine gave results through the browser (${why})`, BROWSER_SEARCH_HINT);
    }
    return { results, raw: pages };
  }

  return {
    name: 'browser',
    searchRaw,
    search: async (query, search) => (await searchRaw(query, search)).results,
    check(): Promise<HealthCheck> {
      return Promise.resolve({ name: 'search (browser)', ok: true, detail: `the result pages of ${names}, read in Chromium` });
    },
  };
}
