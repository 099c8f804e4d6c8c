/**
 * --search auto and browser search's engine order, against loopback doubles of
 * SearxNG and of the engines' result pages. Unit tests have no Chromium: the
 * result pages are loaded over plain HTTP here; test/e2e/browser-search.test.ts
 * loads them in the real browser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PageLoad } from '../../src/browser/types.js';
import { DEFAULTS, type Config } from '../../src/config.js';
import { parseEngineList } from '../../src/search/engines.js';
import { chooseSearch, createSearch } from '../../src/search/index.js';
import type { PageLoader } from '../../src/search/types.js';
import type { TraceEvent } from '../../src/trace.js';
import { startEngines } from '../support/engine-double.js';
import { scoutErrorOf } from '../support/expect-error.js';
import { startSearxngDouble } from '../support/searxng-double.js';

/** Loads a page as a browser without scripts would: status, final URL and HTML. */
const httpLoader: PageLoader = {
  async load(url: string): Promise<PageLoad> {
    const started = Date.now();
    const base = { requestedUrl: url, url, title: '', dialogs: [], downloads: [], popups: [] };
    try {
      const response = await fetch(url);
      return { ...base, url: response.url, status: response.status, html: await response.text(), ms: Date.now() - started };
    } catch (error) {
      return { ...base, status: null, html: '', ms: Date.now() - started, error: String(error) };
    }
  },
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function goneUrl(): Promise<string> {
  const gone = await startSearxngDouble();
  await gone.close();
  return gone.url;
}

function config(overrides: Partial<Config>): Config {
  return { ...DEFAULTS, ...overrides };
}

function engines(setting: string) {
  const list = parseEngineList(setting);
  if (typeof list === 'string') throw new Error(list);
  return list;
}

describe('--search auto', () => {
  it('is the default, and picks SearxNG when its /healthz answers, asking once for the run', async () => {
    const searx = await startSearxngDouble();
    closers.push(() => searx.close());
    const warnings: string[] = [];
    const provider = createSearch(config({ searxngUrl: searx.url }), { onWarning: (m) => warnings.push(m), browser: () => Promise.resolve(httpLoader) });
    expect(DEFAULTS.search).toBe('auto');
    expect(provider.name).toBe('auto');
    await provider.search('towers');
    await provider.search('spires');
    expect(provider.name).toBe('searxng');
    expect(searx.queries.map((q) => q.q)).toEqual(['towers', 'spires']);
    expect(searx.probes()).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('searches through the browser when SearxNG does not answer, and says so once, with how to start SearxNG', async () => {
    const world = await startEngines([{ engine: 'duckduckgo' }]);
    closers.push(world.close);
    const warnings: string[] = [];
    const provider = createSearch(config({ searxngUrl: await goneUrl(), browserEngines: engines(world.setting) }), { onWarning: (m) => warnings.push(m), browser: () => Promise.resolve(httpLoader) });
    expect((await provider.search('tallest building in Europe')).map((r) => r.engine)).toEqual(['duckduckgo', 'duckduckgo', 'duckduckgo']);
    await provider.search('spires');
    expect(provider.name).toBe('browser');
    expect(world.engines[0]?.queries).toEqual(['tallest building in Europe', 'spires']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SearxNG does not answer at http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\): searching through the browser \(duckduckgo\); for SearxNG run `export SEARXNG_SECRET=\$\(openssl rand -hex 32\) && docker compose up -d`/);
  });

  it('says why it chose: for doctor', async () => {
    const searx = await startSearxngDouble();
    closers.push(() => searx.close());
    expect(await chooseSearch(config({ searxngUrl: searx.url }))).toMatchObject({ why: `auto: SearxNG answers at ${searx.url}`, provider: { name: 'searxng' } });
    const down = await chooseSearch(config({ searxngUrl: await goneUrl() }));
    expect(down.provider.name).toBe('browser');
    expect(down.why).toMatch(/^auto: SearxNG does not answer at .*so scout searches through the browser \(duckduckgo, mojeek, bing, brave\)$/);
    expect(await chooseSearch(config({ search: 'searxng', searxngUrl: await goneUrl() }))).toMatchObject({ why: 'search is set to searxng', provider: { name: 'searxng' } });
  });
});

describe('browser search across engines', () => {
  it('asks engines in order until it has enough results, once each, and merges them', async () => {
    const world = await startEngines([{ engine: 'duckduckgo' }, { engine: 'mojeek' }, { engine: 'bing' }]);
    closers.push(world.close);
    const events: TraceEvent[] = [];
    const provider = createSearch(config({ search: 'browser', browserEngines: engines(world.setting) }), { tracer: (e) => events.push(e), browser: () => Promise.resolve(httpLoader) });
    const results = await provider.search('tallest building in Europe', { count: 4 });
    expect(results.map((r) => [r.url, r.engine])).toEqual([
      ['https://en.wikipedia.org/wiki/Lakhta_Center', 'duckduckgo'],
      ['https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe', 'duckduckgo'],
      ['https://www.ctbuh.org/resource/tallest-buildings-europe', 'mojeek'],
      ['https://www.skyscrapercenter.com/buildings?region=europe&status=completed', 'duckduckgo'],
    ]);
    expect(world.engines.map((e) => e.queries.length)).toEqual([1, 1, 0]);
    expect(events).toEqual([expect.objectContaining({ type: 'search', engine: 'browser', results: 4, engines: [expect.objectContaining({ engine: 'duckduckgo', results: 3 }), expect.objectContaining({ engine: 'mojeek', results: 3 })] })]);
  });

  it('moves on from a captcha and from HTTP 403, and reports each', async () => {
    const world = await startEngines([{ engine: 'duckduckgo', refuse: 'captcha' }, { engine: 'mojeek', refuse: 'forbidden' }, { engine: 'brave' }]);
    closers.push(world.close);
    const warnings: string[] = [];
    const provider = createSearch(config({ search: 'browser', browserEngines: engines(world.setting) }), { onWarning: (m) => warnings.push(m), browser: () => Promise.resolve(httpLoader) });
    expect((await provider.search('tallest building in Europe')).map((r) => r.engine)).toEqual(['brave', 'brave', 'brave']);
    expect(warnings).toEqual(['duckduckgo gave no results (a captcha), so scout asks mojeek', 'mojeek gave no results (HTTP 403), so scout asks brave']);
  });

  it('fails with SEARCH_UNREACHABLE (exit 3) and a hint when no engine gives results; an honest "nothing found" is an empty list', async () => {
    const world = await startEngines([{ engine: 'duckduckgo', refuse: 'captcha' }, { engine: 'bing', refuse: 'forbidden' }]);
    closers.push(world.close);
    const blocked = createSearch(config({ search: 'browser', browserEngines: engines(`${world.setting},brave=${await goneUrl()}`) }), { browser: () => Promise.resolve(httpLoader) });
    const error = await scoutErrorOf(blocked.search('towers'));
    expect(error.code).toBe('SEARCH_UNREACHABLE');
    expect(error.exitCode).toBe(3);
    expect(error.message).toMatch(/^no search engine gave results through the browser \(duckduckgo: a captcha; bing: HTTP 403; brave: .+\)$/);
    expect(error.hint).toContain('docker compose up -d');

    const empty = await startEngines([{ engine: 'mojeek', results: () => [] }, { engine: 'brave', results: () => [] }]);
    closers.push(empty.close);
    const nothing = createSearch(config({ search: 'browser', browserEngines: engines(empty.setting) }), { browser: () => Promise.resolve(httpLoader) });
    expect(await nothing.search('zzqx')).toEqual([]);
  });
});
