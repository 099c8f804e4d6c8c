/**
 * Brave Search through its Web Search API (GET /res/v1/web/search), with a
 * per-instance rate limiter and retries on 429 and 5xx.
 */
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { noTrace, type Tracer } from '../trace.js';
import { parseRetryAfter, retryDelay, type RetryPolicy } from '../util/retry.js';
import { sleep as realSleep } from '../util/timing.js';
import { braveLanguage, braveParams, type BraveParams } from './brave-params.js';
import { refine } from './normalise-url.js';
import { createRateLimiter, type Sleep } from './rate-limit.js';
import type { SearchOptions, SearchProvider, SearchResponse, SearchResult } from './types.js';

export const BRAVE_URL = 'https://api.search.brave.com';
export const BRAVE_KEY_HINT = 'set BRAVE_API_KEY (or "braveApiKey" in the config file), or use --search searxng';
const QUOTA_CODES = new Set(['QUOTA_LIMITED', 'USAGE_LIMIT_EXCEEDED']);
const AUTH_CODES = new Set(['SUBSCRIPTION_TOKEN_INVALID', 'SUBSCRIPTION_NOT_FOUND', 'UNAUTHORIZED']);
/** 3 tries, 1 s then 2 s apart; a Retry-After over 30 s is not waited for (a 100 s one would stall the run). */
export const BRAVE_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 1000, maxDelayMs: 4000, maxRetryAfterMs: 30_000 };

export interface BraveOptions {
  apiKey: string | undefined;
  baseUrl?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Default 1; <= 0 disables the limiter. */
  requestsPerSecond?: number;
  /** Tries on 429 and 5xx, and the waits between them; default BRAVE_RETRY. */
  retry?: RetryPolicy;
  maxResults?: number;
  tracer?: Tracer;
  sleep?: Sleep;
}

export interface BraveWebResult {
  title?: string;
  url?: string;
  description?: string;
  extra_snippets?: string[];
  profile?: { name?: string };
}

export interface BraveWebResponse {
  web?: { results?: BraveWebResult[] };
  [key: string]: unknown;
}

export interface BraveProvider extends SearchProvider {
  /** Validate raw parameters, then call the API: the JSON as Brave sent it, and how many retries it took. */
  web(input: Record<string, unknown>, signal?: AbortSignal): Promise<{ body: BraveWebResponse; retries: number }>;
}

interface BraveError {
  type?: string;
  error?: { code?: string; detail?: string; status?: number; meta?: unknown };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
/** Brave marks query words with <strong>; snippets are plain text. */
export const plain = (s: string) =>
  s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '').replace(/\s+/g, ' ').trim();

export function refineBrave(body: BraveWebResponse): SearchResult[] {
  return (body.web?.results ?? []).map((r) => {
    const extras = (r.extra_snippets ?? []).filter((s) => typeof s === 'string' && s.trim() !== '');
    return {
      title: plain(r.title ?? '') || (r.url ?? ''),
      url: r.url ?? '',
      snippet: plain(extras.length ? extras.join(' … ') : (r.description ?? '')),
      engine: 'brave',
    };
  });
}

function describeBody(text: string): { message: string; code?: string } {
  try {
    const parsed = JSON.parse(text) as BraveError;
    if (parsed.error && (parsed.error.code || parsed.error.detail)) {
      return { message: `${parsed.error.code ?? 'error'}: ${parsed.error.detail ?? ''}`.trim(), code: parsed.error.code };
    }
  } catch {
    // not JSON: quote the body itself
  }
  return { message: text.slice(0, 500) };
}

export function createBrave(options: BraveOptions): BraveProvider {
  const { apiKey, baseUrl = BRAVE_URL, timeoutMs = 30_000, retry = BRAVE_RETRY, maxResults = 16 } = options;
  const tracer = options.tracer ?? noTrace;
  const sleep = options.sleep ?? realSleep;
  if (!apiKey) throw new ScoutError('SEARCH_AUTH', 'Brave Search needs an API key and none is set', BRAVE_KEY_HINT);
  const limit = createRateLimiter(options.requestsPerSecond ?? 1);

  async function send(params: BraveParams, signal?: AbortSignal): Promise<Response> {
    const url = new URL('/res/v1/web/search', baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    await limit(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(url, {
        headers: { accept: 'application/json', 'x-subscription-token': apiKey as string },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const why = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : messageOf((error as { cause?: unknown }).cause ?? error);
      throw new ScoutError('SEARCH_UNREACHABLE', `Brave Search is not reachable at ${baseUrl} (${why})`, 'check the network connection, or use --search searxng', { cause: error });
    }
  }

  function failure(status: number, text: string, tries: number, retryAfterMs?: number): ScoutError {
    const { message, code } = describeBody(text);
    const asks = retryAfterMs === undefined ? '' : ` (it asks to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
    const what = `Brave Search answered HTTP ${status}${tries > 1 ? ` after ${tries} tries` : ''}${asks}: ${message}`;
    if (code && QUOTA_CODES.has(code)) return new ScoutError('SEARCH_FAILED', what, 'the plan\'s quota is used up: wait for it to reset, raise it at https://api-dashboard.search.brave.com, or use --search searxng');
    if (status === 401 || status === 403 || (code && AUTH_CODES.has(code))) return new ScoutError('SEARCH_AUTH', what, `Brave rejected the API key: ${BRAVE_KEY_HINT}`);
    if (status === 422) return new ScoutError('SEARCH_FAILED', what, 'a search parameter was refused; see the detail above');
    return new ScoutError('SEARCH_FAILED', what, 'Brave Search is having trouble: try again later, or use --search searxng');
  }

  async function web(input: Record<string, unknown>, signal?: AbortSignal): Promise<{ body: BraveWebResponse; retries: number }> {
    const params = braveParams(input);
    for (let attempt = 1; ; attempt++) {
      const response = await send(params, signal);
      const text = await response.text();
      if (response.ok) {
        try {
          return { body: JSON.parse(text) as BraveWebResponse, retries: attempt - 1 };
        } catch {
          throw new ScoutError('SEARCH_FAILED', `Brave Search sent JSON that does not parse: ${text.slice(0, 500)}`, 'try again later, or use --search searxng');
        }
      }
      const { code } = describeBody(text);
      const retryable = (response.status === 429 || response.status >= 500) && !(code && QUOTA_CODES.has(code));
      if (!retryable) throw failure(response.status, text, attempt);
      const retryAfterMs = parseRetryAfter(response.headers);
      const wait = retryDelay(attempt + 1, retryAfterMs, retry);
      if (wait === undefined) throw failure(response.status, text, attempt, retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs ? retryAfterMs : undefined);
      await sleep(wait, signal);
    }
  }

  async function searchRaw(query: string, search: SearchOptions = {}): Promise<SearchResponse> {
    const started = Date.now();
    const count = search.count ?? maxResults;
    const { body, retries } = await web(
      {
        q: query,
        count: Math.min(20, Math.max(1, count)),
        search_lang: search.language ? braveLanguage(search.language) : undefined,
        safesearch: search.safesearch,
        freshness: search.timeRange ? { day: 'pd', week: 'pw', month: 'pm', year: 'py' }[search.timeRange] : undefined,
      },
      search.signal,
    );
    const results = refine(refineBrave(body), count);
    tracer({ type: 'search', engine: 'brave', query, results: results.length, ms: Date.now() - started, retries });
    return { results, raw: body };
  }

  return {
    name: 'brave',
    web,
    searchRaw,
    search: async (query, search) => (await searchRaw(query, search)).results,

    async check(signal?: AbortSignal): Promise<HealthCheck> {
      const name = 'search (brave)';
      try {
        await web({ q: 'scout doctor', count: 1 }, signal);
        return { name, ok: true, detail: `reachable at ${baseUrl}, API key accepted` };
      } catch (error) {
        return { name, ok: false, detail: messageOf(error), hint: error instanceof ScoutError ? error.hint : undefined };
      }
    },
  };
}
