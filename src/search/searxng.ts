/** A self-hosted SearxNG instance through its JSON API. */
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import type { SearchOptions, SearchProvider, SearchResult } from './types.js';

export const SEARXNG_START_HINT = 'start it: `docker compose up -d` (or set --searxng-url / SEARXNG_URL)';
export const SEARXNG_JSON_HINT = 'add `- json` under `search: formats:` in searxng/settings.yml and restart SearxNG';

interface SearxngJson {
  results?: { title?: string; url?: string; content?: string; engine?: string }[];
}

export function createSearxng(baseUrl: string, timeoutMs = 15_000): SearchProvider {
  const endpoint = (query: string, options: SearchOptions) => {
    const url = new URL('/search', baseUrl);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'json');
    if (options.language) url.searchParams.set('language', options.language);
    return url;
  };
  const get = (url: URL, signal?: AbortSignal) =>
    fetch(url, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });

  return {
    name: 'searxng',

    async search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
      let response: Response;
      try {
        response = await get(endpoint(query, options), options.signal);
      } catch (error) {
        throw new ScoutError('SEARCH_UNREACHABLE', `SearxNG is not reachable at ${baseUrl} (${messageOf(error)})`, SEARXNG_START_HINT);
      }
      if (!response.ok) throw new ScoutError('SEARCH_FAILED', `SearxNG answered HTTP ${response.status}`, SEARXNG_JSON_HINT);
      const body = (await response.json()) as SearxngJson;
      return (body.results ?? [])
        .filter((r) => typeof r.url === 'string')
        .slice(0, options.count ?? 16)
        .map((r) => ({ title: r.title ?? '', url: r.url as string, snippet: r.content ?? '', engine: r.engine }));
    },

    async check(signal?: AbortSignal): Promise<HealthCheck> {
      const name = 'search (searxng)';
      let response: Response;
      try {
        response = await get(endpoint('scout doctor', {}), signal);
      } catch (error) {
        return { name, ok: false, detail: `SearxNG is not reachable at ${baseUrl} (${messageOf(error)})`, hint: SEARXNG_START_HINT };
      }
      if (response.status === 403) return { name, ok: false, detail: `SearxNG at ${baseUrl} has the JSON format disabled (HTTP 403)`, hint: SEARXNG_JSON_HINT };
      if (!response.ok) return { name, ok: false, detail: `SearxNG at ${baseUrl} answered HTTP ${response.status}`, hint: SEARXNG_START_HINT };
      return { name, ok: true, detail: `reachable at ${baseUrl}, JSON enabled` };
    },
  };
}
