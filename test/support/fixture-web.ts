/**
 * Test double of "the web": serves test/fixtures/web/ on 127.0.0.1 plus a few
 * dynamic routes that real sites exhibit (slow, redirect, errors, a page that
 * never finishes loading). Tests add routes of their own with route().
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listen, sleep, type Handler, type Listening } from './listen.js';

export const FIXTURE_WEB_ROOT = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface FixtureWeb extends Listening {
  requests: RecordedRequest[];
  /** Serve `handler` for an exact path (query string ignored). */
  route(path: string, handler: Handler): void;
  /** Absolute URL of a path on this server. */
  at(path: string): string;
  /** Paths requested so far, in order. */
  paths(): string[];
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

/** Routes every fixture web has. */
function builtinRoutes(): Map<string, Handler> {
  const routes = new Map<string, Handler>();
  routes.set('/slow', async (req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 1000);
    await sleep(ms);
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    res.end(page('Slow page', `<main><h1>Slow page</h1><p>This page took ${ms} ms to answer.</p></main>`));
  });
  routes.set('/redirect', (req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    res.writeHead(302, { location: to });
    res.end();
  });
  routes.set('/redirect-loop', (_req, res) => {
    res.writeHead(302, { location: '/redirect-loop' });
    res.end();
  });
  routes.set('/404', (_req, res) => {
    res.writeHead(404, { 'content-type': TYPES['.html'] });
    res.end(page('Not found', '<h1>404 Not Found</h1>'));
  });
  routes.set('/500', (_req, res) => {
    res.writeHead(500, { 'content-type': TYPES['.html'] });
    res.end(page('Server error', '<h1>500 Internal Server Error</h1>'));
  });
  // Commits the navigation (headers and some HTML) but never ends the response.
  routes.set('/never', (_req, res) => {
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    res.write('<!doctype html><html><head><title>Never finishes</title></head><body><main><h1>Still loading</h1><p>This page never finishes loading.</p></main>');
  });
  return routes;
}

export async function startFixtureWeb(root: string = FIXTURE_WEB_ROOT): Promise<FixtureWeb> {
  const routes = builtinRoutes();
  const requests: RecordedRequest[] = [];
  const base = resolve(root);

  const serveFile = async (pathname: string, res: ServerResponse) => {
    const relative = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
    let file = join(base, relative);
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (pathname.endsWith('/')) file = join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      res.end(page('Not found', `<h1>404 Not Found</h1><p>${pathname}</p>`));
    }
  };

  const server = await listen(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body, at: Date.now() });
    const handler = routes.get(url.pathname);
    if (handler) await handler(req, res, body);
    else await serveFile(url.pathname, res);
  });

  return {
    ...server,
    requests,
    route: (path, handler) => void routes.set(path, handler),
    at: (path) => new URL(path, server.url).href,
    paths: () => requests.map((r) => r.path),
  };
}
