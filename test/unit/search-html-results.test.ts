/** SearxNG's simple-theme results page, parsed with cheerio. */
import { describe, expect, it } from 'vitest';
import { parseSearxngHtml } from '../../src/search/html-results.js';
import { RECORDED_HTML, RECORDED_RESULTS, renderHtml } from '../support/searxng-double.js';

describe('parseSearxngHtml', () => {
  it('reads title, url, snippet and engine from the recorded page', () => {
    expect(parseSearxngHtml(RECORDED_HTML)).toEqual(RECORDED_RESULTS);
  });

  it('decodes entities, ignores the suggestions sidebar, and reads an empty page as no results', () => {
    const html = renderHtml([{ url: 'https://example.org/?a=1&b=2', title: 'Fish & <Chips>', content: 'Salt "and" vinegar' }]);
    expect(parseSearxngHtml(html)).toEqual([{ title: 'Fish & <Chips>', url: 'https://example.org/?a=1&b=2', snippet: 'Salt "and" vinegar', engine: 'duckduckgo' }]);
    expect(parseSearxngHtml(renderHtml([]))).toEqual([]);
  });
});
