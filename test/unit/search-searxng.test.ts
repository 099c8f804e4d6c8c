/** The SearxNG provider against the loopback double: JSON, the HTML fallback, faults. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config.js';
import { createSearch } from '../../src/search/index.js';
import { createSearxng } from '../../src/search/searxng.js';
import type { TraceEvent } from '../../src/trace.js';
import { RECORDED_RESULTS, startSearxngDouble, type DoubleResult, type SearxngDouble } from '../support/searxng-double.js';
import { scoutErrorOf } from '../support/expect-error.js';

const many = (n: number): DoubleResult[] => Array.from({ length: n }, (_, i) => ({ url: `https://site${i}.example/page`, title: `Page ${i}`, content: `about ${i}` }));

let doubles: SearxngDouble[] = [];
async function double(options: Parameters<typeof startSearxngDouble>[0] = {}) {
  const d = await startSearxngDouble(options);
  doubles.push(d);
  return d;
}
afterEach(async () => {
  await Promise.all(doubles.map((d) => d.close()));
  doubles = [];
});


describe('SearxNG JSON API', () => {
  it('returns the recorded results with title, url, snippet and engine, asking format=json', async () => {
    const d = await double();
    const results = await createSearxng({ baseUrl: d.url }).search('tallest building europe', { language: 'de', timeRange: 'year', safesearch: 'strict' });
    expect(results).toEqual(RECORDED_RESULTS);
    expect(d.queries).toHaveLength(1);
    expect(d.queries[0]?.params).toMatchObject({ q: 'tallest building europe', format: 'json', language: 'de', time_range: 'year', safesearch: '2' });
  });

  it('keeps the top N (config.maxResults by default, count when given), without duplicates or non-http(s) links', async () => {
    const d = await double({
      results: [
        { url: 'https://a.example/x', title: 'A' },
        { url: 'https://www.a.example/x/#frag', title: 'A again' },
        { url: 'magnet:?xt=urn:btih:123', title: 'torrent' },
        { url: 'ftp://files.example/a', title: 'ftp' },
        ...many(30),
      ],
    });
    const results = await createSearch({ ...DEFAULTS, searxngUrl: d.url }).search('q');
    expect(results).toHaveLength(DEFAULTS.maxResults);
    expect(results[0]?.title).toBe('A');
    expect(results.map((r) => r.url)).not.toContain('https://www.a.example/x/#frag');
    expect(results.every((r) => r.url.startsWith('https://'))).toBe(true);
    expect(await createSearch({ ...DEFAULTS, searxngUrl: d.url, maxResults: 5 }).search('q')).toHaveLength(5);
    expect(await createSearxng({ baseUrl: d.url }).search('q', { count: 3 })).toHaveLength(3);
  });

  it('emits one search trace event per search', async () => {
    const d = await double();
    const events: TraceEvent[] = [];
    await createSearch({ ...DEFAULTS, searxngUrl: d.url }, { tracer: (e) => events.push(e) }).search('towers');
    expect(events).toEqual([{ type: 'search', engine: 'searxng', query: 'towers', results: 2, ms: expect.any(Number), retries: 0 }]);
  });

  it('reads zero results as an empty list', async () => {
    const d = await double({ results: [] });
    expect(await createSearxng({ baseUrl: d.url }).search('nothing')).toEqual([]);
  });
});

describe('SearxNG with the JSON format disabled (403)', () => {
  it('falls back to the HTML results page and warns once with the settings.yml line', async () => {
    const d = await double({ jsonEnabled: false, results: [{ url: 'https://x.example/', title: 'X', content: 'ex' }, { url: 'https://x.example', title: 'X dup' }] });
    const warnings: string[] = [];
    const searx = createSearch({ ...DEFAULTS, searxngUrl: d.url }, { onWarning: (w) => warnings.push(w) });
    const first = await searx.searchRaw('one');
    expect(first.results).toEqual([{ title: 'X', url: 'https://x.example/', snippet: 'ex', engine: 'duckduckgo' }]);
    expect(first.raw).toEqual(expect.stringContaining('<article class="result'));
    await searx.search('two');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('settings.yml');
    expect(warnings[0]).toContain('- json');
    expect(d.queries.map((q) => `${q.q}:${q.format}`)).toEqual(['one:json', 'one:html', 'two:json', 'two:html']);
  });
});

describe('SearxNG faults', () => {
  it('connection refused -> SEARCH_UNREACHABLE, exit 3, with the docker compose hint (the secret included: the compose file refuses to start without it)', async () => {
    const d = await startSearxngDouble();
    const url = d.url;
    await d.close();
    const error = await scoutErrorOf(createSearxng({ baseUrl: url }).search('q'));
    expect(error.code).toBe('SEARCH_UNREACHABLE');
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain(url);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.hint).toContain('start it: `export SEARXNG_SECRET=$(openssl rand -hex 32) && docker compose up -d`');
    expect(error.hint).toContain('--search browser');
  });

  it('a request that outlives its timeout fails as unreachable instead of hanging', async () => {
    const d = await double({ delayMs: 2000 });
    const error = await scoutErrorOf(createSearxng({ baseUrl: d.url, timeoutMs: 150 }).search('slow'));
    expect(error.code).toBe('SEARCH_UNREACHABLE');
    expect(error.message).toContain('no answer within 0.15 s');
  });

  it('an HTTP error or malformed JSON is SEARCH_FAILED with what the instance said', async () => {
    const broken = await double({ status: 500 });
    const e500 = await scoutErrorOf(createSearxng({ baseUrl: broken.url }).search('q'));
    expect(e500.code).toBe('SEARCH_FAILED');
    expect(e500.message).toContain('HTTP 500');
    const garbled = await double({ rawJson: '{"results": [' });
    const bad = await scoutErrorOf(createSearxng({ baseUrl: garbled.url }).search('q'));
    expect(bad.code).toBe('SEARCH_FAILED');
    expect(bad.message).toContain('does not parse');
  });

  it('check() reports ok, JSON disabled, and unreachable without throwing', async () => {
    const ok = await double();
    expect(await createSearxng({ baseUrl: ok.url }).check()).toMatchObject({ ok: true });
    const noJson = await double({ jsonEnabled: false });
    expect(await createSearxng({ baseUrl: noJson.url }).check()).toMatchObject({ ok: false, hint: expect.stringContaining('- json') });
    const gone = await startSearxngDouble();
    await gone.close();
    expect(await createSearxng({ baseUrl: gone.url }).check()).toMatchObject({ ok: false, hint: expect.stringContaining('docker compose up -d') });
  });
});
