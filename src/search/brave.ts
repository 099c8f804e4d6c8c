/**
 * Brave Search through its Web Search API (GET /res/v1/web/search): every
 * documented parameter from the config or the call, the documented request
 * headers, one rate limiter per process, retries on 429 and 5xx.
 */
import type { Config } from '../config.js';
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { noTrace, type Tracer } from '../trace.js';
import { parseRetryAfter, retryDelay, type RetryPolicy } from '../util/retry.js';
import { sleep as realSleep } from '../util/timing.js';
import { braveFailure, BRAVE_KEY_HINT, describeBody, isQuota, rateLimitReset } from './brave-errors.js';
import { braveLanguage, braveParams, MAX_COUNT, type BraveOptionalParams, type BraveParams } from './brave-params.js';
import { refine } from './normalise-url.js';
import { scopedQuery } from './scope.js';
import { sharedRateLimiter, type Sleep } from './rate-limit.js';
import type { SearchOptions, SearchProvider, SearchResponse, SearchResult } from './types.js';

export { BRAVE_KEY_HINT } from './brave-errors.js';
export const BRAVE_URL = 'https://api.search.brave.com';
/** 3 tries, 1 s then 2 s apart; a Retry-After over 30 s is not waited for (a 100 s one would stall the run). */
export const BRAVE_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 1000, maxDelayMs: 4000, maxRetryAfterMs: 30_000 };

export interface BraveOptions {
  apiKey: string | undefined;
  baseUrl?: string;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** Default 1; fractions are fine; <= 0 disables the limiter. One limiter per endpoint and key is shared by the whole process. */
  requestsPerSecond?: number;
  /** Tries on 429 and 5xx, and the waits between them; default BRAVE_RETRY. */
  retry?: RetryPolicy;
  maxResults?: number;
  /** Parameters for every search (the config's); a call's own SearchOptions.params win over them. */
  params?: BraveOptionalParams;
  /** Extra request headers, already checked (brave-headers.ts). */
  headers?: Readonly<Record<string, string>>;
  tracer?: Tracer;
  onWarning?: (message: string) => void;
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
/** Brave marks query words with <strong> unless text_decorations is off; snippets are plain text. */
export const plain = (s: string) =>
  s.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '').replace(/\s+/g, ' ').trim();

/** Web results as scout's: the extra snippets first when Brave sent any (extra_snippets), else the description. */
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

/** The provider's options from the config: key, endpoint, rate, and the Brave parameters and headers set there. */
export function braveOptions(config: Config, hooks: { tracer?: Tracer; onWarning?: (message: string) => void } = {}): BraveOptions {
  const params: BraveOptionalParams = {
    country: config.braveCountry,
    search_lang: config.braveSearchLang,
    offset: config.braveOffset,
    safesearch: config.braveSafesearch,
    freshness: config.braveFreshness,
    spellcheck: config.braveSpellcheck,
    text_decorations: config.braveTextDecorations,
    extra_snippets: config.braveExtraSnippets,
    operators: config.braveOperators,
  };
  return {
    apiKey: config.braveApiKey,
    baseUrl: config.braveUrl,
    requestsPerSecond: config.braveRequestsPerSecond,
    maxResults: config.maxResults,
    params,
    headers: config.braveHeaders,
    tracer: hooks.tracer,
    onWarning: hooks.onWarning,
    ...(config.searchTimeoutMs ? { timeoutMs: config.searchTimeoutMs } : {}),
  };
}

const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const;

/** One call's raw parameters: its language as a default, then the config's, then the call's own. */
function callInput(query: string, count: number, defaults: BraveOptionalParams, search: SearchOptions): Record<string, unknown> {
  return {
    search_lang: search.language ? braveLanguage(search.language) : undefined,
    ...Object.fromEntries(Object.entries(defaults).filter(([, v]) => v !== undefined)),
    ...(search.safesearch ? { safesearch: search.safesearch } : {}),
    ...(search.timeRange ? { freshness: FRESHNESS[search.timeRange] } : {}),
    ...search.params,
    q: scopedQuery(query, search),
    count: Math.min(MAX_COUNT, Math.max(1, count)),
  };
}

export function createBrave(options: BraveOptions): BraveProvider {
  const { apiKey, baseUrl = BRAVE_URL, timeoutMs = 30_000, retry = BRAVE_RETRY, maxResults = 16 } = options;
  const tracer = options.tracer ?? noTrace;
  const sleep = options.sleep ?? realSleep;
  if (!apiKey) throw new ScoutError('SEARCH_AUTH', 'Brave Search needs an API key and none is set', BRAVE_KEY_HINT);
  const limit = sharedRateLimiter(`${baseUrl}\n${apiKey}`, options.requestsPerSecond ?? 1);
  let clampReported = false;

  async function send(params: BraveParams, signal?: AbortSignal): Promise<Response> {
    const url = new URL('/res/v1/web/search', baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    await limit(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(url, {
        headers: { ...options.headers, accept: 'application/json', 'x-subscription-token': apiKey as string },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const why = timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : messageOf((error as { cause?: unknown }).cause ?? error);
      throw new ScoutError('SEARCH_UNREACHABLE', `Brave Search is not reachable at ${baseUrl} (${why})`, 'check the network connection, or use another engine with --search', { cause: error });
    }
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
          throw new ScoutError('SEARCH_FAILED', `Brave Search sent JSON that does not parse: ${text.slice(0, 500)}`, 'try again later, or use another engine with --search');
        }
      }
      const retryable = (response.status === 429 || response.status >= 500) && !isQuota(describeBody(text).code);
      if (!retryable) throw braveFailure(response.status, text, attempt);
      const asked = parseRetryAfter(response.headers) ?? (response.status === 429 ? rateLimitReset(response.headers) : undefined);
      const wait = retryDelay(attempt + 1, asked, retry);
      if (wait === undefined) throw braveFailure(response.status, text, attempt, asked !== undefined && asked > retry.maxRetryAfterMs ? asked : undefined);
      await sleep(wait, signal);
    }
  }

  async function searchRaw(query: string, search: SearchOptions = {}): Promise<SearchResponse> {
    const started = Date.now();
    const count = search.count ?? maxResults;
    if (count > MAX_COUNT && !clampReported) {
      clampReported = true;
      options.onWarning?.(`Brave returns at most ${MAX_COUNT} results a request: asking for ${MAX_COUNT}, not ${count}`);
    }
    const { body, retries } = await web(callInput(query, count, options.params ?? {}, search), search.signal);
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
