/** SearxNG's simple-theme results page, parsed with cheerio. */
import { describe, expect, it } from 'vitest';
import { parseSearxngHtml } from '../../src/search/html-results.js';
import { RECORDED_HTML, renderHtml } from '../support/searxng-double.js';

describe('parseSearxngHtml', () => {
  it('reads title, url, snippet and engine from the recorded page', () => {
    expect(parseSearxngHtml(RECORDED_HTML)).toEqual([
      {
        title: 'List of tallest buildings in Europe - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe',
        snippet: 'This list ranks completed and topped-out buildings in Europe that stand at least 180 metres tall.',
        engine: 'duckduckgo',
      },
      {
        title: 'Tallest buildings in Europe | The Skyscraper Center',
        url: 'https://www.skyscrapercenter.com/buildings?region=europe',
        snippet: 'The 100 tallest completed buildings in Europe, ranked by height to architectural top.',
        engine: 'brave',
      },
    ]);
  });

  it('decodes entities, ignores the suggestions sidebar, and reads an empty page as no results', () => {
    const html = renderHtml([{ url: 'https://example.org/?a=1&b=2', title: 'Fish & <Chips>', content: 'Salt "and" vinegar' }]);
    expect(parseSearxngHtml(html)).toEqual([{ title: 'Fish & <Chips>', url: 'https://example.org/?a=1&b=2', snippet: 'Salt "and" vinegar', engine: 'duckduckgo' }]);
    expect(parseSearxngHtml(renderHtml([]))).toEqual([]);
  });
});
