/**
 * Test double of a SearxNG instance: /search answers in SearxNG's JSON shape
 * (format=json) or its simple-theme HTML results page, both rendered from the
 * recorded responses in test/fixtures/searxng/, with per-test results and faults.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listen, sleep, type Listening } from './listen.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/searxng/', import.meta.url));
export const RECORDED_JSON = JSON.parse(readFileSync(`${FIXTURES}search.json`, 'utf8')) as { results: Record<string, unknown>[] } & Record<string, unknown>;
export const RECORDED_HTML = readFileSync(`${FIXTURES}results.html`, 'utf8');

/** The recorded results as a provider refines them: {title, url, snippet, engine}. */
export const RECORDED_RESULTS = RECORDED_JSON.results.map((r) => ({ title: String(r.title), url: String(r.url), snippet: String(r.content), engine: String(r.engine) }));

export interface DoubleResult {
  url: string;
  title: string;
  content?: string;
  engine?: string;
}

export interface SearxngDoubleOptions {
  /** Results for a query; default: the recorded ones. */
  results?: DoubleResult[] | ((query: string) => DoubleResult[]);
  /** false: JSON requests get 403 as on a stock instance without `json` in search.formats. */
  jsonEnabled?: boolean;
  delayMs?: number;
  /** Answer every request with this status and a short body. */
  status?: number;
  /** Send this raw body as the JSON answer (malformed JSON tests). */
  rawJson?: string;
}

export interface SearxngDouble extends Listening {
  queries: { q: string; format: string; params: Record<string, string> }[];
  /** GET /healthz requests (scout's --search auto asks whether SearxNG answers). */
  probes: () => number;
  options: SearxngDoubleOptions;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A result in the recorded JSON shape. */
export function jsonResult(r: DoubleResult, index: number): Record<string, unknown> {
  const u = new URL(r.url);
  const engine = r.engine ?? 'duckduckgo';
  return {
    ...RECORDED_JSON.results[0],
    url: r.url,
    title: r.title,
    content: r.content ?? '',
    engine,
    engines: [engine],
    positions: [index + 1],
    score: 1 / (index + 1),
    parsed_url: [u.protocol.replace(':', ''), u.host, u.pathname, '', u.search.replace(/^\?/, ''), u.hash.replace(/^#/, '')],
  };
}

/** A result as the simple theme renders it (searx/templates/simple/macros.html result_header). */
export function htmlResult(r: DoubleResult): string {
  const engine = r.engine ?? 'duckduckgo';
  const u = new URL(r.url);
  return `<article class="result result-default category-general ${engine}">
<a href="${escape(r.url)}" class="url_wrapper" rel="noreferrer"><span class="url_o1"><span class="url_i1">${escape(u.origin)}</span></span></a><h3><a href="${escape(r.url)}" rel="noreferrer">${escape(r.title)}</a></h3><p class="content">${escape(r.content ?? '')}</p><div class="engines">
  <span>${engine}</span>
</div><div class="break"></div>
</article>`;
}

export function renderHtml(results: DoubleResult[]): string {
  const start = RECORDED_HTML.indexOf('<article');
  const end = RECORDED_HTML.lastIndexOf('</article>') + '</article>'.length;
  return RECORDED_HTML.slice(0, start) + results.map(htmlResult).join('\n') + RECORDED_HTML.slice(end);
}

export async function startSearxngDouble(options: SearxngDoubleOptions = {}): Promise<SearxngDouble> {
  const queries: SearxngDouble['queries'] = [];
  let probes = 0;
  const recorded = RECORDED_JSON.results.map((r) => ({ url: String(r.url), title: String(r.title), content: String(r.content), engine: String(r.engine) }));
  const server = await listen(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/healthz') {
      probes++;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      return;
    }
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const params = Object.fromEntries(req.method === 'POST' ? new URLSearchParams(body) : url.searchParams);
    const q = params.q ?? '';
    const format = params.format ?? 'html';
    queries.push({ q, format, params });
    if (options.delayMs) await sleep(options.delayMs);
    if (options.status) {
      res.writeHead(options.status, { 'content-type': 'text/plain' }).end(`status ${options.status}`);
      return;
    }
    const results = typeof options.results === 'function' ? options.results(q) : (options.results ?? recorded);
    if (format === 'json') {
      if (options.jsonEnabled === false) {
        res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(options.rawJson ?? JSON.stringify({ ...RECORDED_JSON, query: q, results: results.map(jsonResult) }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(renderHtml(results));
  });
  return { ...server, queries, options, probes: () => probes };
}
