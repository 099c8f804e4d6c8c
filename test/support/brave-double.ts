/**
 * Test double of the Brave Web Search API: GET /res/v1/web/search answers from
 * the recorded responses in test/fixtures/brave/, following a per-test script
 * of replies (429 with Retry-After, quota, 502, 401, 422, then success), and
 * records every request with its arrival time, headers and parameters.
 */
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import { listen, sleep, type Listening } from './listen.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/brave/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`, 'utf8');

export const BRAVE_SUCCESS = JSON.parse(fixture('web-search.json')) as { web: { results: Record<string, unknown>[] } } & Record<string, unknown>;
export const BRAVE_RATE_LIMITED = fixture('rate-limited.json');
export const BRAVE_QUOTA_LIMITED = fixture('quota-limited.json');
export const BRAVE_UNAUTHORIZED = fixture('unauthorized.json');
export const BRAVE_VALIDATION = fixture('validation.json');
export const BRAVE_BAD_GATEWAY = fixture('bad-gateway.html');

export interface BraveReply {
  status: number;
  body: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** Canned replies in the recorded formats. */
export const reply = {
  success: (body: unknown = BRAVE_SUCCESS): BraveReply => ({ status: 200, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  rateLimited: (retryAfter?: string): BraveReply => ({
    status: 429,
    body: BRAVE_RATE_LIMITED,
    headers: { 'content-type': 'application/json', 'x-ratelimit-limit': '1, 2000', 'x-ratelimit-remaining': '0, 1983', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
  }),
  quotaLimited: (): BraveReply => ({ status: 429, body: BRAVE_QUOTA_LIMITED, headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '0, 0' } }),
  unauthorized: (): BraveReply => ({ status: 401, body: BRAVE_UNAUTHORIZED, headers: { 'content-type': 'application/json' } }),
  validation: (): BraveReply => ({ status: 422, body: BRAVE_VALIDATION, headers: { 'content-type': 'application/json' } }),
  badGateway: (): BraveReply => ({ status: 502, body: BRAVE_BAD_GATEWAY, headers: { 'content-type': 'text/html' } }),
};

export interface BraveRequest {
  at: number;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface BraveDoubleOptions {
  /** Replies in order; once used up, every request gets `fallback`. */
  script?: BraveReply[];
  /** Default: the recorded success. */
  fallback?: BraveReply;
  /** Requests with another X-Subscription-Token get 401. Default: any token is accepted. */
  apiKey?: string;
}

export interface BraveDouble extends Listening {
  requests: BraveRequest[];
}

export async function startBraveDouble(options: BraveDoubleOptions = {}): Promise<BraveDouble> {
  const requests: BraveRequest[] = [];
  const script = [...(options.script ?? [])];
  const server = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/res/v1/web/search') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"type":"ErrorResponse","error":{"status":404,"code":"NOT_FOUND","detail":"Not found"}}');
      return;
    }
    requests.push({ at: Date.now(), params: Object.fromEntries(url.searchParams), headers: req.headers });
    const wrongKey = options.apiKey !== undefined && req.headers['x-subscription-token'] !== options.apiKey;
    const next = wrongKey ? reply.unauthorized() : (script.shift() ?? options.fallback ?? reply.success());
    if (next.delayMs) await sleep(next.delayMs);
    res.writeHead(next.status, next.headers ?? {}).end(next.body);
  });
  return { ...server, requests };
}
