/** Engines' result pages (recorded in each engine's own markup) read into results; the engine list a config names; merging. */
import { describe, expect, it } from 'vitest';
import { mergeResults } from '../../src/search/browser-search.js';
import { DEFAULT_BROWSER_ENGINES, parseEngineList, resultPageUrl } from '../../src/search/engines.js';
import { readResultPage } from '../../src/search/result-pages.js';
import { recordedPage, renderPage } from '../support/engine-double.js';

const LAKHTA = 'https://en.wikipedia.org/wiki/Lakhta_Center';
const LIST = 'https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe';
const CENTER = 'https://www.skyscrapercenter.com/buildings?region=europe&status=completed';
const CTBUH = 'https://www.ctbuh.org/resource/tallest-buildings-europe';
const at = 'http://127.0.0.1:8000/search?q=tallest';

describe('readResultPage on the recorded pages', () => {
  it('DuckDuckGo: web results only (no ad), the /l/?uddg= links unwrapped, snippets as text', () => {
    const { results, blocked } = readResultPage('duckduckgo', recordedPage('duckduckgo'), 'https://html.duckduckgo.com/html/?q=tallest');
    expect(blocked).toBeUndefined();
    expect(results.map((r) => r.url)).toEqual([LAKHTA, LIST, CENTER]);
    expect(results[0]).toEqual({
      title: 'Lakhta Center - Wikipedia',
      url: LAKHTA,
      snippet: 'The Lakhta Center is an 87-storey skyscraper in Saint Petersburg, Russia. Standing 462 metres tall, it is the tallest building in Europe.',
      engine: 'duckduckgo',
    });
    expect(results[2]?.title).toBe("Europe's Tallest Buildings | The Skyscraper Center");
  });

  it('Mojeek: a.ob links, h2 titles, p.s snippets', () => {
    const { results } = readResultPage('mojeek', recordedPage('mojeek'), at);
    expect(results.map((r) => [r.url, r.title])).toEqual([
      [LAKHTA, 'Lakhta Center - Wikipedia'],
      [CTBUH, 'The Tallest Buildings in Europe - CTBUH'],
      [LIST, 'List of tallest buildings in Europe - Wikipedia'],
    ]);
    expect(results[1]?.snippet).toBe('A list of the tallest completed buildings in Europe, measured to their architectural top.');
  });

  it('Bing: b_algo items only (no ad), /ck/a?u=a1… links decoded, the "WEB" icon left out, the cookie banner left alone', () => {
    const { results, blocked } = readResultPage('bing', recordedPage('bing'), at);
    expect(blocked).toBeUndefined();
    expect(results.map((r) => r.url)).toEqual([LAKHTA, CENTER, 'https://www.emporis.example/statistics/tallest-buildings-europe']);
    expect(results[0]?.snippet).toBe('The Lakhta Center is an 87-storey skyscraper in Saint Petersburg; at 462 metres it is the tallest building in Europe and the northernmost supertall.');
    expect(results.every((r) => r.engine === 'bing' && !r.snippet.startsWith('WEB'))).toBe(true);
  });

  it('Brave: div.snippet blocks with a host (the relative ad link is skipped), the date left out of the snippet', () => {
    const { results } = readResultPage('brave', recordedPage('brave'), at);
    expect(results.map((r) => r.url)).toEqual([LAKHTA, LIST, CTBUH]);
    expect(results[0]).toMatchObject({ title: 'Lakhta Center - Wikipedia', snippet: 'The Lakhta Center is an 87-storey skyscraper in Saint Petersburg, Russia. At 462 metres it is the tallest building in Europe.' });
  });

  it('the pages the double renders read back as the results it was given, in every engine', () => {
    const given = [
      { url: 'http://127.0.0.1:9000/research/towers.html?a=1&b=2', title: 'Fish & <Chips>', snippet: 'Salt "and" vinegar' },
      { url: 'https://example.org/guide/europe', title: 'Guide', snippet: '' },
    ];
    for (const engine of ['duckduckgo', 'mojeek', 'bing', 'brave'] as const) {
      const { results } = readResultPage(engine, renderPage(engine, given), at);
      expect(results).toEqual(given.map((g) => ({ ...g, engine })));
    }
  });
});

describe('a page that is not a result list', () => {
  it("says DuckDuckGo's bot challenge is a captcha", () => {
    expect(readResultPage('duckduckgo', recordedPage('duckduckgo-challenge'), at)).toEqual({ results: [], blocked: 'a captcha' });
  });

  it('says what an empty page is when its words tell, and nothing otherwise', () => {
    const page = (body: string) => `<html><head><title>Search</title></head><body>${body}</body></html>`;
    expect(readResultPage('bing', page('<p>Our systems have detected unusual traffic from your computer network.</p>'), at).blocked).toBe('an "unusual traffic" check');
    expect(readResultPage('brave', page('<h1>Before you continue</h1><button>Accept all</button>'), at).blocked).toBe('a consent wall');
    expect(readResultPage('mojeek', page('<p>No pages found matching: zzqx</p>'), at)).toEqual({ results: [] });
    expect(readResultPage('bing', page('<p>Solve this puzzle</p>'), 'https://www.bing.com/turing/captcha/challenge').blocked).toBe('a captcha');
  });

  it('reads results a snippet of which speaks of captchas as results', () => {
    const html = renderPage('mojeek', [{ url: 'https://example.org/captcha', title: 'Why sites show a captcha', snippet: 'unusual traffic triggers a captcha' }]);
    expect(readResultPage('mojeek', html, at)).toEqual({ results: [expect.objectContaining({ url: 'https://example.org/captcha' })] });
  });

  it('skips results the page does not show (marked hidden by the page reader)', () => {
    const html = renderPage('brave', [{ url: 'https://example.org/shown', title: 'Shown' }]).replace('<div class="snippet', '<div data-scout-hidden="1" class="snippet');
    expect(readResultPage('brave', html, at).results).toEqual([]);
  });
});

describe('the engine list', () => {
  it('takes names and name=url in the order given; the default asks all four', () => {
    expect(parseEngineList('mojeek, Bing=http://127.0.0.1:8001/ ,duckduckgo')).toEqual([
      { name: 'mojeek', url: 'https://www.mojeek.com' },
      { name: 'bing', url: 'http://127.0.0.1:8001' },
      { name: 'duckduckgo', url: 'https://html.duckduckgo.com' },
    ]);
    expect(DEFAULT_BROWSER_ENGINES.map((e) => e.name)).toEqual(['duckduckgo', 'mojeek', 'bing', 'brave']);
  });

  it('refuses unknown or repeated names and URLs that are not http(s)', () => {
    for (const bad of ['google', 'bing,bing', 'bing=ftp://x', 'bing=not a url', '']) expect(typeof parseEngineList(bad)).toBe('string');
  });

  it("asks each engine's first result page the way its search form does", () => {
    const q = 'tallest building & more';
    expect(resultPageUrl({ name: 'duckduckgo', url: 'https://html.duckduckgo.com' }, q)).toBe('https://html.duckduckgo.com/html/?q=tallest+building+%26+more');
    expect(resultPageUrl({ name: 'brave', url: 'http://127.0.0.1:9/x' }, q)).toBe('http://127.0.0.1:9/x/search?q=tallest+building+%26+more&source=web');
    expect(resultPageUrl({ name: 'mojeek', url: 'https://www.mojeek.com' }, q)).toBe('https://www.mojeek.com/search?q=tallest+building+%26+more');
  });
});

describe('mergeResults', () => {
  const r = (url: string, engine: string) => ({ title: url, url, snippet: '', engine });
  it('ranks as SearxNG does: found by more engines or higher up first, duplicates and non-http(s) links dropped', () => {
    const merged = mergeResults([
      [r('https://a.example/', 'duckduckgo'), r('https://b.example/x', 'duckduckgo'), r('magnet:?xt=1', 'duckduckgo')],
      [r('https://www.b.example/x/#top', 'mojeek'), r('https://c.example/', 'mojeek')],
    ]);
    expect(merged.map((m) => m.url)).toEqual(['https://b.example/x', 'https://a.example/', 'https://c.example/']);
    expect(merged[0]?.engine).toBe('duckduckgo');
  });
});
