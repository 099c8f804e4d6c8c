/**
 * An engine's result page, as the browser rendered it, read into results. The
 * markup each engine uses is the one SearxNG's engine parsers read
 * (searx/engines/duckduckgo.py, mojeek.py, bing.py, brave.py). Results a
 * person cannot see (marked by the page reader) are not read. A page without
 * results says why when it can: a captcha, an "unusual traffic" notice, a consent wall.
 */
import { load, type CheerioAPI } from 'cheerio';
import { HIDDEN_MARK } from '../browser/page/visibility-script.js';
import type { BrowserEngineName } from './engines.js';
import type { SearchResult } from './types.js';

export interface ResultPage {
  results: SearchResult[];
  /** Set when the page holds no results because it is a check or a wall, not a result list. */
  blocked?: string;
}

type Parser = ($: CheerioAPI, at: (href: string | undefined) => string | undefined) => SearchResult[];

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const VISIBLE = `:not([${HIDDEN_MARK}="1"])`;

/** DuckDuckGo's /l/?uddg=<url> and Bing's /ck/a?u=a1<base64url> hand the reader on: the page they name is the result. */
function unwrap(url: URL): string {
  if (/(^|\.)duckduckgo\.com$/.test(url.hostname) && url.pathname === '/l/') return url.searchParams.get('uddg') ?? url.href;
  const u = url.searchParams.get('u');
  if (/(^|\.)bing\.com$/.test(url.hostname) && url.pathname === '/ck/a' && u?.startsWith('a1')) {
    return Buffer.from(u.slice(2).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  }
  return url.href;
}

function result(title: string, url: string | undefined, snippet: string, engine: BrowserEngineName): SearchResult[] {
  const text = squash(title);
  return url && text ? [{ title: text, url, snippet: squash(snippet), engine }] : [];
}

/** <div id="links"> holds div.web-result blocks: h2 a is the title and link, a.result__snippet the snippet; ads are result--ad. */
const duckduckgo: Parser = ($, at) =>
  $(`#links > div.web-result${VISIBLE}:not(.result--ad)`)
    .toArray()
    .flatMap((el) => {
      const link = $(el).find('h2 a').first();
      return result(link.text(), at(link.attr('href')), $(el).find('a.result__snippet').first().text(), 'duckduckgo');
    });

/** ul.results-standard > li: a.ob carries the link, h2 a the title, p.s the snippet. */
const mojeek: Parser = ($, at) =>
  $(`ul.results-standard > li${VISIBLE}`)
    .toArray()
    .flatMap((el) => {
      const item = $(el);
      return result(item.find('h2 a').first().text(), at(item.children('a.ob').first().attr('href')), item.find('p.s').first().text(), 'mojeek');
    });

/** ol#b_results > li.b_algo: h2 a is the title and (often wrapped) link; the p elements are the snippet, less their "WEB" icon. */
const bing: Parser = ($, at) =>
  $(`ol#b_results > li.b_algo${VISIBLE}`)
    .toArray()
    .flatMap((el) => {
      const item = $(el);
      const link = item.find('h2 a').first();
      const snippet = item.find('p').clone();
      snippet.find('span.algoSlug_icon').remove();
      return result(link.text(), at(link.attr('href')), snippet.text(), 'bing');
    });

/** div.snippet blocks: the first a[href] is the link, div.title the title, div.content the snippet (less its date); a link without a host is an ad. */
const brave: Parser = ($, at) =>
  $(`div.snippet${VISIBLE}`)
    .toArray()
    .flatMap((el) => {
      const item = $(el);
      const href = item.find('a[href]').first().attr('href');
      if (!href || !/^(https?:)?\/\//i.test(href)) return [];
      const content = item.find('div.content').first().clone();
      content.find('.t-secondary').remove();
      return result(item.find('div[class*="title"]').first().text(), at(href), content.text(), 'brave');
    });

const PARSERS: Record<BrowserEngineName, Parser> = { duckduckgo, mojeek, bing, brave };

/** What a page that is not a result list says it is; checked only when no result was read (a snippet may speak of captchas). */
const WALLS: [RegExp, string][] = [
  [/unusual traffic|automated (?:queries|requests|searches)|bots use \w+ too|made by a human/i, 'an "unusual traffic" check'],
  [/captcha|are you a (?:human|robot)|verify (?:that )?you are (?:a )?human|solve the (?:challenge|puzzle)/i, 'a captcha'],
  [/before you continue|we (?:value|care about) your privacy|(?:accept|reject) all cookies/i, 'a consent wall'],
];

function blockedBy($: CheerioAPI, pageUrl: string): string | undefined {
  if ($('form#challenge-form').length > 0 || /captcha|challenge/i.test(new URL(pageUrl).pathname)) return 'a captcha';
  const text = `${$('title').text()} ${$('body').text()}`;
  return WALLS.find(([pattern]) => pattern.test(text))?.[1];
}

/** Results of one engine's rendered page, links resolved against the page's address and unwrapped. */
export function readResultPage(engine: BrowserEngineName, html: string, pageUrl: string): ResultPage {
  const $ = load(html);
  const at = (href: string | undefined): string | undefined => {
    if (!href) return undefined;
    try {
      return unwrap(new URL(href, pageUrl));
    } catch {
      return undefined;
    }
  };
  const results = PARSERS[engine]($, at);
  if (results.length > 0) return { results };
  const blocked = blockedBy($, pageUrl);
  return blocked ? { results, blocked } : { results };
}
