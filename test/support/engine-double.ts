/**
 * Test double of a search engine's public result page (DuckDuckGo's HTML
 * endpoint, Mojeek, Bing, Brave Search): the pages recorded in
 * test/fixtures/engines/ in each engine's own markup (the one SearxNG's
 * engine parsers read), with per-test results rendered into that markup, or
 * the engine's refusal: DuckDuckGo's bot challenge, or a bare HTTP 403 as
 * Mojeek answers an address over its budget (searxng/searxng#4307).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { listen, type Listening } from './listen.js';

export type EngineName = 'duckduckgo' | 'mojeek' | 'bing' | 'brave';

const FIXTURES = fileURLToPath(new URL('../fixtures/engines/', import.meta.url));
export const recordedPage = (file: string) => readFileSync(`${FIXTURES}${file}.html`, 'utf8');

export interface EngineResult {
  url: string;
  title: string;
  snippet?: string;
}

export interface EngineDoubleOptions {
  engine: EngineName;
  /** Results rendered into the engine's markup; default: the recorded page as it is. */
  results?: (query: string) => EngineResult[];
  /** Answer with a refusal instead: DuckDuckGo's challenge page, or HTTP 403. */
  refuse?: 'captcha' | 'forbidden';
}

export interface EngineDouble extends Listening {
  engine: EngineName;
  /** Queries asked, in order. */
  queries: string[];
  /** The engine as --browser-engines names it: name=url. */
  setting: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** DuckDuckGo's HTML endpoint hands the reader on through /l/?uddg=; Bing through /ck/a?u=a1<base64url>. */
const viaDuckDuckGo = (url: string) => `//duckduckgo.com/l/?uddg=${encodeURIComponent(url)}&amp;rut=0a1b`;
const viaBing = (url: string) => `https://www.bing.com/ck/a?!&amp;&amp;p=0a1b&amp;ptn=3&amp;ver=2&amp;u=a1${Buffer.from(url).toString('base64url')}&amp;ntb=1`;

const ITEMS: Record<EngineName, (r: EngineResult) => string> = {
  duckduckgo: (r) =>
    `<div class="result results_links results_links_deep web-result "><div class="links_main links_deep result__body"><h2 class="result__title"><a rel="nofollow" class="result__a" href="${viaDuckDuckGo(r.url)}">${escape(r.title)}</a></h2><a class="result__snippet" href="${viaDuckDuckGo(r.url)}">${escape(r.snippet ?? '')}</a><div class="clear"></div></div></div>`,
  mojeek: (r) =>
    `<li><a class="ob" href="${escape(r.url)}"><p class="i">${escape(new URL(r.url).host)}</p></a><h2><a class="title" href="${escape(r.url)}">${escape(r.title)}</a></h2><p class="s">${escape(r.snippet ?? '')}</p></li>`,
  bing: (r) =>
    `<li class="b_algo" data-bm="6"><h2><a href="${viaBing(r.url)}" h="ID=SERP,5136.1">${escape(r.title)}</a></h2><div class="b_caption" role="contentinfo"><p class="b_lineclamp2 b_algoSlug"><span class="algoSlug_icon" data-priority="2">WEB</span>${escape(r.snippet ?? '')}</p></div></li>`,
  brave: (r) =>
    `<div class="snippet svelte-jmfu5f" data-type="web"><a href="${escape(r.url)}" class="heading-serpresult svelte-7ipt5e"><div class="title search-snippet-title line-clamp-1 svelte-7ipt5e">${escape(r.title)}</div></a><div class="snippet-content svelte-jmfu5f"><div class="content desktop-default-regular t-primary svelte-jmfu5f">${escape(r.snippet ?? '')}</div></div></div>`,
};

/** The recorded page of `engine` with its results replaced by these, in the same markup. */
export function renderPage(engine: EngineName, results: EngineResult[]): string {
  const $ = load(recordedPage(engine));
  const items = results.map(ITEMS[engine]).join('\n');
  switch (engine) {
    case 'duckduckgo':
      $('#links > div.result').remove();
      $('#links > .nav-link').before(items);
      break;
    case 'mojeek':
      $('ul.results-standard').html(items);
      break;
    case 'bing':
      $('ol#b_results > li.b_algo, ol#b_results > li.b_ad').remove();
      $('ol#b_results > li.b_pag').before(items);
      break;
    case 'brave':
      $('#results').html(items);
  }
  return $.html();
}

const PATHS: Record<EngineName, string> = { duckduckgo: '/html/', mojeek: '/search', bing: '/search', brave: '/search' };

export async function startEngineDouble(options: EngineDoubleOptions): Promise<EngineDouble> {
  const { engine } = options;
  const queries: string[] = [];
  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== PATHS[engine]) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const q = url.searchParams.get('q') ?? '';
    queries.push(q);
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (options.refuse === 'captcha') return void res.writeHead(200, html).end(recordedPage('duckduckgo-challenge'));
    if (options.refuse === 'forbidden') return void res.writeHead(403, html).end(recordedPage('mojeek-blocked'));
    res.writeHead(200, html).end(options.results ? renderPage(engine, options.results(q)) : recordedPage(engine));
  });
  return { ...server, engine, queries, setting: `${engine}=${server.url}` };
}

/** One double per engine, in --browser-engines order; `setting` is the whole flag value. */
export async function startEngines(list: EngineDoubleOptions[]): Promise<{ engines: EngineDouble[]; setting: string; close(): Promise<void> }> {
  const engines = await Promise.all(list.map(startEngineDouble));
  return { engines, setting: engines.map((e) => e.setting).join(','), close: async () => void (await Promise.all(engines.map((e) => e.close()))) };
}
