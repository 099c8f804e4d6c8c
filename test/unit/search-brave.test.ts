/** The Brave provider against the loopback double replaying recorded API responses. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config.js';
import { ScoutError } from '../../src/errors.js';
import { createBrave, type BraveOptions } from '../../src/search/brave.js';
import { createSearch } from '../../src/search/index.js';
import type { TraceEvent } from '../../src/trace.js';
import { BRAVE_BAD_GATEWAY, BRAVE_SUCCESS, reply, startBraveDouble, type BraveDouble, type BraveDoubleOptions } from '../support/brave-double.js';
import { scoutErrorOf } from '../support/expect-error.js';

let doubles: BraveDouble[] = [];
async function double(options: BraveDoubleOptions = {}) {
  const d = await startBraveDouble(options);
  doubles.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(doubles.map((d) => d.close()));
  doubles = [];
});

/** A client of the double: no limiter and short backoff unless a test says otherwise. */
const brave = (d: BraveDouble, options: Partial<BraveOptions> = {}) =>
  createBrave({ apiKey: 'test-key', baseUrl: d.url, requestsPerSecond: 0, retry: { tries: 3, baseDelayMs: 20, maxDelayMs: 80, maxRetryAfterMs: 30_000 }, ...options });


describe('Brave success', () => {
  it('sends the key and Accept headers and refines web.results (extra_snippets preferred, duplicates and ftp dropped)', async () => {
    const d = await double({ apiKey: 'test-key' });
    const results = await brave(d).search('tallest building europe', { count: 5, language: 'pt-BR', timeRange: 'week', safesearch: 'strict' });
    expect(results).toEqual([
      {
        title: 'List of tallest buildings in Europe - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe',
        snippet:
          'The Lakhta Center in Saint Petersburg, at 462 metres, is the tallest building in Europe. … Outside Russia, the tallest building is the Varso Tower in Warsaw & it reaches 310 metres.',
        engine: 'brave',
      },
      {
        title: 'Tallest buildings in Europe | The Skyscraper Center',
        url: 'https://www.skyscrapercenter.com/buildings?region=europe',
        snippet: 'The 100 tallest completed buildings in Europe, ranked by height to architectural top.',
        engine: 'brave',
      },
    ]);
    expect(d.requests).toHaveLength(1);
    const [request] = d.requests;
    expect(request?.headers['x-subscription-token']).toBe('test-key');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.params).toEqual({ q: 'tallest building europe', count: '5', search_lang: 'pt-br', safesearch: 'strict', freshness: 'pw', result_filter: 'web' });
  });

  it('keeps the API JSON as raw and reports a search trace event', async () => {
    const d = await double();
    const events: TraceEvent[] = [];
    const provider = createSearch({ ...DEFAULTS, search: 'brave', braveApiKey: 'k', braveUrl: d.url, braveRequestsPerSecond: 0 }, { tracer: (e) => events.push(e) });
    const { raw } = await provider.searchRaw('towers');
    expect(raw).toEqual(BRAVE_SUCCESS);
    expect(d.requests[0]?.params.count).toBe('16');
    expect(events).toEqual([{ type: 'search', engine: 'brave', query: 'towers', results: 2, ms: expect.any(Number), retries: 0 }]);
  });
});

describe('Brave retries', () => {
  it('429 with Retry-After: 2, then success: waits the two seconds, then returns the results', async () => {
    const d = await double({ script: [reply.rateLimited('2')] });
    const events: TraceEvent[] = [];
    const results = await brave(d, { tracer: (e) => events.push(e) }).search('q');
    expect(results).toHaveLength(2);
    expect(d.requests).toHaveLength(2);
    const waited = (d.requests[1]?.at ?? 0) - (d.requests[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(1900);
    expect(events[0]).toMatchObject({ retries: 1 });
  });

  it('a quota 429 (QUOTA_LIMITED, USAGE_LIMIT_EXCEEDED) is sent exactly once and explains the quota', async () => {
    const d = await double({ script: [reply.quotaLimited()] });
    const error = await scoutErrorOf(brave(d).search('q'));
    expect(d.requests).toHaveLength(1);
    expect(error.code).toBe('SEARCH_FAILED');
    expect(error.message).toContain('HTTP 429: QUOTA_LIMITED: Request quota limit exceeded for plan.');
    expect(error.hint).toContain('quota');
    const usage = await double({ script: [{ ...reply.quotaLimited(), body: reply.quotaLimited().body.replace('QUOTA_LIMITED', 'USAGE_LIMIT_EXCEEDED') }] });
    await scoutErrorOf(brave(usage).search('q'));
    expect(usage.requests).toHaveLength(1);
  });

  it('502 then success: retried once after the backoff', async () => {
    const d = await double({ script: [reply.badGateway()] });
    expect(await brave(d).search('q')).toHaveLength(2);
    expect(d.requests).toHaveLength(2);
  });

  it('waits 1 s then 2 s by default when there is no Retry-After, and stops after 3 tries with the body in the message', async () => {
    const d = await double({ fallback: reply.badGateway() });
    const waits: number[] = [];
    const error = await scoutErrorOf(createBrave({ apiKey: 'k', baseUrl: d.url, requestsPerSecond: 0, sleep: async (ms) => void waits.push(ms) }).search('q'));
    expect(waits).toEqual([1000, 2000]);
    expect(d.requests).toHaveLength(3);
    expect(error.code).toBe('SEARCH_FAILED');
    expect(error.message).toContain('HTTP 502 after 3 tries');
    expect(error.message).toContain(BRAVE_BAD_GATEWAY.slice(0, 60));
  });

  it('a 429 that never clears fails after 3 tries with the API\'s code and detail', async () => {
    const d = await double({ fallback: reply.rateLimited() });
    const error = await scoutErrorOf(brave(d).search('q'));
    expect(d.requests).toHaveLength(3);
    expect(error.message).toContain('HTTP 429 after 3 tries: RATE_LIMITED: Request rate limit exceeded for plan. ({"plan":"Free","rate_limit":1,');
  });

  it('a Retry-After beyond the cap (100 s) is not waited for: the search fails at once and says how long Brave asked for', async () => {
    const d = await double({ fallback: reply.rateLimited('100') });
    const waits: number[] = [];
    const error = await scoutErrorOf(brave(d, { sleep: async (ms) => void waits.push(ms) }).search('q'));
    expect(waits).toEqual([]);
    expect(d.requests).toHaveLength(1);
    expect(error.code).toBe('SEARCH_FAILED');
    expect(error.message).toContain('HTTP 429 (it asks to wait 100 s): RATE_LIMITED');
  });

  it('a long non-JSON error body is cut to its first 500 characters', async () => {
    const body = 'x'.repeat(499) + 'END-OF-500' + 'y'.repeat(1000);
    const d = await double({ fallback: { status: 503, body } });
    const error = await scoutErrorOf(brave(d).search('q'));
    expect(error.message).toContain('x'.repeat(499) + 'E');
    expect(error.message).not.toContain('END-OF-500');
  });

  it('401 is not retried and says the key was rejected', async () => {
    const d = await double({ apiKey: 'right-key' });
    const error = await scoutErrorOf(brave(d, { apiKey: 'wrong-key' }).search('q'));
    expect(d.requests).toHaveLength(1);
    expect(error.code).toBe('SEARCH_AUTH');
    expect(error.message).toContain('HTTP 401: SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.');
    expect(error.hint).toContain('BRAVE_API_KEY');
  });

  it('422 is not retried and carries the API\'s code and detail', async () => {
    const d = await double({ script: [reply.validation()] });
    const error = await scoutErrorOf(brave(d).search('q'));
    expect(d.requests).toHaveLength(1);
    expect(error.code).toBe('SEARCH_FAILED');
    expect(error.message).toContain('HTTP 422: VALIDATION: Unable to validate request parameter(s)');
    // The meta says which parameter was wrong and what Brave wanted.
    expect(error.message).toContain(`(query.result_filter: Input should be 'discussions', 'faq', 'infobox', 'news', 'query', 'summarizer', 'videos', 'web' or 'locations', got "everything")`);
  });
});

describe('Brave parameters', () => {
  it('rejects invalid parameters before any request is sent', async () => {
    const d = await double();
    const client = brave(d);
    const cases: [Record<string, unknown>, string][] = [
      [{ q: '' }, 'q'],
      [{ q: '   ' }, 'q'],
      [{}, 'q'],
      [{ q: 'x'.repeat(401) }, 'q'],
      [{ q: 'ok', count: 0 }, 'count'],
      [{ q: 'ok', count: 21 }, 'count'],
      [{ q: 'ok', count: 2.5 }, 'count'],
      [{ q: 'ok', offset: 10 }, 'offset'],
      [{ q: 'ok', offset: -1 }, 'offset'],
      [{ q: 'x '.repeat(51) }, 'q'],
      [{ q: 'ok', country: 'U' }, 'country'],
      [{ q: 'ok', country: 'USA' }, 'country'],
      [{ q: 'ok', search_lang: 'English' }, 'search_lang'],
      [{ q: 'ok', search_lang: 'ja' }, 'search_lang'],
      [{ q: 'ok', search_language: 'xx' }, 'search_language'],
      [{ q: 'ok', spellcheck: 'maybe' }, 'spellcheck'],
      [{ q: 'ok', extra_snippets: 2 }, 'extra_snippets'],
      [{ q: 'ok', safesearch: 'high' }, 'safesearch'],
      [{ q: 'ok', freshness: 'py2' }, 'freshness'],
      [{ q: 'ok', freshness: '2024-01-01' }, 'freshness'],
      [{ q: 'ok', freshness: '2024-02-30to2024-03-01' }, 'freshness'],
    ];
    for (const [input, name] of cases) {
      const error = await scoutErrorOf(client.web(input));
      expect(error.code).toBe('BAD_INPUT');
      expect(error.message).toContain(`parameter ${name}`);
      expect(error.hint).toMatch(/^expected /);
    }
    await scoutErrorOf(client.search(''));
    expect(d.requests).toHaveLength(0);
  });

  it('accepts the boundary values, query and search_query as aliases of q, and strips null-like optional values', async () => {
    const d = await double();
    const client = brave(d);
    await client.web({ q: 'x'.repeat(400), count: 20, offset: 9, country: 'de', search_lang: 'zh-hans', safesearch: 'off', freshness: '2024-01-01to2024-12-31' });
    await client.web({ query: 'by query', count: 1, offset: 0, country: 'ALL', spellcheck: false, text_decorations: 'false', extra_snippets: true, operators: 'off' });
    await client.web({ search_query: 'by search_query', freshness: 'pd', search_language: 'JP' });
    await client.web({ q: 'stripped', count: null, offset: '', country: 'null', search_lang: [], safesearch: undefined, freshness: 'NULL' });
    const web = { result_filter: 'web' };
    expect(d.requests.map((r) => r.params)).toEqual([
      { q: 'x'.repeat(400), count: '20', offset: '9', country: 'DE', search_lang: 'zh-hans', safesearch: 'off', freshness: '2024-01-01to2024-12-31', ...web },
      { q: 'by query', count: '1', offset: '0', country: 'ALL', spellcheck: 'false', text_decorations: 'false', extra_snippets: 'true', operators: 'false', ...web },
      { q: 'by search_query', freshness: 'pd', search_lang: 'jp', ...web },
      { q: 'stripped', ...web },
    ]);
  });
});

describe('Brave key and rate limiter', () => {
  it('a missing key is a clear error at creation, before any request', async () => {
    const d = await double();
    let error: unknown;
    try {
      createSearch({ ...DEFAULTS, search: 'brave', braveApiKey: undefined, braveUrl: d.url });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoutError);
    expect((error as ScoutError).code).toBe('SEARCH_AUTH');
    expect((error as ScoutError).message).toContain('API key');
    expect((error as ScoutError).hint).toContain('BRAVE_API_KEY');
    expect(d.requests).toHaveLength(0);
  });

  it('spaces 5 concurrent calls of one instance by 1/requests_per_second', async () => {
    const d = await double();
    const client = brave(d, { requestsPerSecond: 10 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, (_, i) => client.search(`q${i}`)));
    const times = d.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(5);
    // The k-th request may leave no earlier than k slots of 100 ms after the start; a loaded machine only delays it further.
    times.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual(k * 100 - 5));
  });

  it('check() reports an accepted key and a rejected one without throwing', async () => {
    const d = await double({ apiKey: 'good' });
    expect(await brave(d, { apiKey: 'good' }).check()).toMatchObject({ ok: true, name: 'search (brave)' });
    expect(await brave(d, { apiKey: 'bad' }).check()).toMatchObject({ ok: false, hint: expect.stringContaining('BRAVE_API_KEY') });
  });
});

describe('Brave parameters from the config and the call', () => {
  it('sends every parameter the config sets, lets the call override them, and its headers', async () => {
    const d = await double();
    const config = {
      ...DEFAULTS,
      search: 'brave' as const,
      braveApiKey: 'k',
      braveUrl: d.url,
      braveRequestsPerSecond: 0,
      braveCountry: 'DE',
      braveSearchLang: 'de',
      braveOffset: 1,
      braveSafesearch: 'off' as const,
      braveFreshness: 'pm',
      braveSpellcheck: false,
      braveExtraSnippets: true,
      braveOperators: false,
      braveHeaders: { 'X-Loc-City': 'Berlin', 'X-Loc-Lat': '52.52' },
    };
    const provider = createSearch(config);
    // The question's language is only a default: the configured search_lang wins over it.
    await provider.search('turm', { count: 5, language: 'en' });
    await provider.search('turm', { count: 5, params: { country: 'at', offset: 0, search_language: 'en', text_decorations: true } });
    expect(d.requests.map((r) => r.params)).toEqual([
      { q: 'turm', count: '5', country: 'DE', search_lang: 'de', offset: '1', safesearch: 'off', freshness: 'pm', spellcheck: 'false', text_decorations: 'false', extra_snippets: 'true', operators: 'false', result_filter: 'web' },
      { q: 'turm', count: '5', country: 'AT', search_lang: 'en', offset: '0', safesearch: 'off', freshness: 'pm', spellcheck: 'false', text_decorations: 'true', extra_snippets: 'true', operators: 'false', result_filter: 'web' },
    ]);
    expect(d.requests[0]?.headers).toMatchObject({ 'x-loc-city': 'Berlin', 'x-loc-lat': '52.52', 'x-subscription-token': 'k' });
  });

  it('asks for at most 20 results and says so once', async () => {
    const d = await double();
    const warnings: string[] = [];
    const client = brave(d, { onWarning: (m) => warnings.push(m) });
    await client.search('q', { count: 50 });
    await client.search('q', { count: 30 });
    expect(d.requests.map((r) => r.params.count)).toEqual(['20', '20']);
    expect(warnings).toEqual(['Brave returns at most 20 results a request: asking for 20, not 50']);
  });

  it('a 429 without Retry-After waits what X-RateLimit-Reset gives for the per-second window', async () => {
    const limited = reply.rateLimited();
    const d = await double({ script: [{ ...limited, headers: { ...limited.headers, 'x-ratelimit-reset': '1, 1419704' } }] });
    const waits: number[] = [];
    expect(await brave(d, { sleep: async (ms) => void waits.push(ms) }).search('q')).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });
});

describe('Brave rate limiter shared by the process', () => {
  it('providers built per call (as MCP search does) share one limiter for the endpoint and key', async () => {
    const d = await double();
    const started = Date.now();
    await Promise.all(Array.from({ length: 4 }, (_, i) => brave(d, { requestsPerSecond: 10 }).search(`q${i}`)));
    const times = d.requests.map((r) => r.at).sort((a, b) => a - b);
    times.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual(k * 100 - 5));
  });

  it('a fractional rate spaces requests by its inverse (2.5 per second: 400 ms)', async () => {
    const d = await double();
    const client = brave(d, { requestsPerSecond: 2.5 });
    const started = Date.now();
    await Promise.all([client.search('a'), client.search('b'), client.search('c')]);
    const times = d.requests.map((r) => r.at).sort((a, b) => a - b);
    times.forEach((at, k) => expect(at - started).toBeGreaterThanOrEqual(k * 400 - 5));
  });
});
