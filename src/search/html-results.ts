/**
 * Results read from SearxNG's simple-theme HTML page, for instances that refuse
 * format=json: each `article.result` holds the link in `h3 a` (and `a.url_wrapper`),
 * the snippet in `p.content`, the engines as `.engines span`.
 */
import { load } from 'cheerio';
import type { SearchResult } from './types.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function parseSearxngHtml(html: string): SearchResult[] {
  const $ = load(html);
  const results: SearchResult[] = [];
  $('article.result').each((_, element) => {
    const article = $(element);
    const link = article.find('h3 a').first();
    const url = link.attr('href') ?? article.find('a.url_wrapper').first().attr('href');
    if (!url) return;
    const engine = squash(article.find('.engines span').first().text());
    results.push({
      title: squash(link.text()) || url,
      url,
      snippet: squash(article.find('p.content').first().text()),
      ...(engine ? { engine } : {}),
    });
  });
  return results;
}
