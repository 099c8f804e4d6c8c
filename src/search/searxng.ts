/**
 * A self-hosted SearxNG instance: its JSON API, or its HTML results page when
 * the instance has the JSON format disabled (it then answers 403).
 */
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { noTrace, type Tracer } from '../trace.js';
import { refine } from './normalise-url.js';
import { scopedQuery } from './scope.js';
import type { SearchOptions, SearchProvider, SearchResponse, SearchResult } from './types.js';

/** The bundled SearxNG, started from scout's folder: docker-compose.yml refuses to start without a secret. */
export const SEARXNG_START = 'export SEARXNG_SECRET=$(openssl rand -hex 32) && docker compose up -d';
export const SEARXNG_START_HINT = `start it: \`${SEARXNG_START}\` in scout's folder (or set --searxng-url / SEARXNG_URL), or search through the browser: --search browser`;
export const SEARXNG_JSON_HINT = 'add `- json` under `search: formats:` in searxng/settings.yml and restart SearxNG';
export const SEARXNG_JSON_WARNING =
  'SearxNG refuses format=json (HTTP 403), so scout reads its HTML results page instead; to enable the JSON API add the line `- json` under `search: formats:` in searxng/settings.yml and restart SearxNG';

export interface SearxngOptions {
  baseUrl: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** Results kept when a search does not ask for a count; default 16. */
  maxResults?: number;
  tracer?: Tracer;
  onWarning?: (message: string) => void;
}

interface SearxngJson {
  results?: { title?: unknown; url?: unknown; content?: unknown; engine?: unknown }[];
}

const TIME_RANGE = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;
const SAFESEARCH = { off: '0', moderate: '1', strict: '2' } as const;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function fromJson(body: SearxngJson): SearchResult[] {
  if (!Array.isArray(body.results)) return [];
  return body.results.map((r) => ({
    title: str(r.title) || str(r.url),
    url: str(r.url),
    snippet: str(r.content).replace(/\s+/g, ' ').trim(),
    ...(str(r.engine) ? { engine: str(r.engine) } : {}),
  }));
}

export function createSearxng(options: SearxngOptions): SearchProvider {
  const { baseUrl, timeoutMs = 15_000, maxResults = 16, tracer = noTrace, onWarning = () => {} } = options;
  let warned = false;

  const endpoint = (query: string, search: SearchOptions, format: 'json' | 'html') => {
    const url = new URL('/search', baseUrl);
    url.searchParams.set('q', scopedQuery(query, search));
    if (format === 'json') url.searchParams.set('format', 'json');
    if (search.language) url.searchParams.set('language', search.language);
    if (search.timeRange) url.searchParams.set('time_range', TIME_RANGE[search.timeRange]);
    if (search.safesearch) url.searchParams.set('safesearch', SAFESEARCH[search.safesearch]);
    return url;
  };

  /** Every request carries a timeout; connection failures and timeouts become SEARCH_UNREACHABLE. */
  const get = async (url: URL, accept: string, signal?: AbortSignal): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(url, { headers: { accept }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const why = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : messageOf((error as { cause?: unknown }).cause ?? error);
      throw new ScoutError('SEARCH_UNREACHABLE', `SearxNG is not reachable at ${baseUrl} (${why})`, SEARXNG_START_HINT, { cause: error });
    }
  };

  const failed = (status: number) =>
    new ScoutError('SEARCH_FAILED', `SearxNG at ${baseUrl} answered HTTP ${status}`, 'check the SearxNG logs: `docker compose logs searxng`');

  async function fromHtml(query: string, search: SearchOptions): Promise<SearchResponse> {
    if (!warned) {
      warned = true;
      onWarning(SEARXNG_JSON_WARNING);
    }
    const response = await get(endpoint(query, search, 'html'), 'text/html', search.signal);
    if (!response.ok) throw failed(response.status);
    const html = await response.text();
    // cheerio is loaded only for an instance without the JSON format.
    const { parseSearxngHtml } = await import('./html-results.js');
    return { results: parseSearxngHtml(html), raw: html };
  }

  async function fetchResults(query: string, search: SearchOptions): Promise<SearchResponse> {
    const response = await get(endpoint(query, search, 'json'), 'application/json', search.signal);
    if (response.status === 403) return fromHtml(query, search);
    if (!response.ok) throw failed(response.status);
    const text = await response.text();
    let body: SearxngJson;
    try {
      body = JSON.parse(text) as SearxngJson;
    } catch {
      throw new ScoutError('SEARCH_FAILED', `SearxNG at ${baseUrl} sent JSON that does not parse: ${text.slice(0, 200)}`, SEARXNG_START_HINT);
    }
    return { results: fromJson(body), raw: body };
  }

  async function searchRaw(query: string, search: SearchOptions = {}): Promise<SearchResponse> {
    const started = Date.now();
    const { results, raw } = await fetchResults(query, search);
    const kept = refine(results, search.count ?? maxResults);
    tracer({ type: 'search', engine: 'searxng', query, results: kept.length, ms: Date.now() - started, retries: 0 });
    return { results: kept, raw };
  }

  return {
    name: 'searxng',
    searchRaw,
    search: async (query, search) => (await searchRaw(query, search)).results,

    async check(signal?: AbortSignal): Promise<HealthCheck> {
      const name = 'search (searxng)';
      let response: Response;
      try {
        response = await get(endpoint('scout doctor', {}, 'json'), 'application/json', signal);
      } catch (error) {
        return { name, ok: false, detail: messageOf(error), hint: SEARXNG_START_HINT };
      }
      if (response.status === 403) return { name, ok: false, detail: `SearxNG at ${baseUrl} has the JSON format disabled (HTTP 403)`, hint: SEARXNG_JSON_HINT };
      if (!response.ok) return { name, ok: false, detail: `SearxNG at ${baseUrl} answered HTTP ${response.status}`, hint: SEARXNG_START_HINT };
      return { name, ok: true, detail: `reachable at ${baseUrl}, JSON enabled` };
    },
  };
}

/**
 * Whether SearxNG answers at baseUrl: its /healthz within timeoutMs.
 * undefined when it does; otherwise why not, in a few words.
 */
export async function searxngDown(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.ok ? undefined : `HTTP ${response.status} on /healthz`;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
    return messageOf((error as { cause?: unknown }).cause ?? error);
  }
}
