/**
 * scout's egress proxy: an HTTP proxy on 127.0.0.1 through which every request
 * of a Chromium scout launched goes (--proxy-server, loopback included): plain
 * HTTP as absolute-URI requests, HTTPS and WebSockets through CONNECT, ws://
 * also as an HTTP Upgrade. For each request it resolves the host once, within
 * DNS_TIMEOUT_MS (a slow or failed lookup is refused), refuses loopback,
 * private, link-local, metadata and other non-public addresses in every
 * spelling (address-policy.ts) unless --allow-private-network, refuses the
 * hosts Chromium calls by itself unless a page asked for them, and then
 * connects to exactly the address it checked: nothing resolves the name a
 * second time, so DNS rebinding has nothing to rebind. Bodies are streamed.
 *
 * The design follows Stripe's smokescreen: classify the resolved address, not
 * the name, and dial the classified address.
 */
import { createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ipLiteral, isBrowserServiceHost, refusedKind } from '../page/address-policy.js';
import { defaultLookup, DNS_TIMEOUT_MS, resolveWithin, type Lookup } from '../page/dns.js';

/** Opens the TCP connection to a checked address; tests inject one that records it and stays on loopback. */
export type Connect = (address: string, port: number) => Socket;

export interface EgressOptions {
  /** --allow-private-network: loopback and private addresses may be reached. */
  allowPrivateNetwork: boolean;
  lookup?: Lookup;
  connect?: Connect;
  dnsTimeoutMs?: number;
}

/** One request the proxy decided on. */
export interface EgressRecord {
  /** The HTTP method, CONNECT for a tunnel, UPGRADE for a ws:// upgrade. */
  method: string;
  host: string;
  port: number;
  /** The address connected to (allowed requests). */
  address?: string;
  /** Why the request was refused. */
  refused?: string;
  /** Refused for a non-public address (lifted by --allow-private-network). */
  privateAddress?: boolean;
}

export interface EgressProxy {
  /** http://127.0.0.1:<port>, for --proxy-server. */
  readonly url: string;
  /** Every decision, oldest first (the last LOG_LIMIT). */
  readonly log: readonly EgressRecord[];
  /** A page asked for host: if it is a browser service host, its requests are let through from now on. */
  pageAsked(host: string): void;
  /** The refusal of host's latest request, if it was refused. */
  refusal(host: string): EgressRecord | undefined;
  close(): Promise<void>;
}

const LOG_LIMIT = 2_000;
const REFUSED_HEADER = 'X-Scout-Refused';
/** On the proxy's 502 when the checked address did not answer: the error as Chromium would name it. */
const UNREACHABLE_HEADER = 'X-Scout-Unreachable';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

type Verdict = { ok: true; address: string } | { ok: false; status: 403 | 502; reason: string; privateAddress: boolean };

const normalHost = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** Headers to pass on: hop-by-hop ones (and those Connection names) and the proxy's own dropped; repeated ones kept. */
function endToEnd(raw: readonly string[], keepUpgrade = false): OutgoingHttpHeaders {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'connection') for (const n of (raw[i + 1] ?? '').split(',')) named.add(n.trim().toLowerCase());
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    const value = raw[i + 1] ?? '';
    const hop = HOP_BY_HOP.has(name) || named.has(name) || name.startsWith('x-scout-');
    if (hop && !(keepUpgrade && (name === 'upgrade' || name === 'connection'))) continue;
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return headers;
}

function refusalText(status: 403 | 502, reason: string): string {
  const body = `scout refused this request: ${reason}\n`;
  const head = `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\n${REFUSED_HEADER}: ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return head + body;
}

/** A failed connection named as Chromium names it, so that a page behind the proxy fails as it would without. */
function chromiumError(code: string | undefined): string {
  const names: Record<string, string> = { ECONNREFUSED: 'ERR_CONNECTION_REFUSED', ECONNRESET: 'ERR_CONNECTION_RESET', ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT', EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE', ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE' };
  return `net::${names[code ?? ''] ?? 'ERR_CONNECTION_FAILED'}`;
}

/** host:port of a CONNECT target, or of an absolute URI's authority. */
function targetOf(authority: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const url = new URL(`http://${authority}`);
    return { host: normalHost(url.hostname), port: url.port ? Number(url.port) : defaultPort };
  } catch {
    return undefined;
  }
}

class Gate {
  readonly log: EgressRecord[] = [];
  private readonly asked = new Set<string>();
  private readonly refusals = new Map<string, EgressRecord>();
  private readonly lookup: Lookup;

  constructor(private readonly options: EgressOptions) {
    this.lookup = options.lookup ?? defaultLookup();
  }

  pageAsked(host: string): void {
    const name = normalHost(host);
    if (isBrowserServiceHost(name)) this.asked.add(name);
  }

  refusal(host: string): EgressRecord | undefined {
    return this.refusals.get(normalHost(host));
  }

  async decide(method: string, host: string, port: number): Promise<Verdict> {
    const verdict = await this.verdict(host);
    const record: EgressRecord = verdict.ok ? { method, host, port, address: verdict.address } : { method, host, port, refused: verdict.reason, privateAddress: verdict.privateAddress };
    this.log.push(record);
    if (this.log.length > LOG_LIMIT) this.log.shift();
    if (verdict.ok) this.refusals.delete(host);
    else this.refusals.set(host, record);
    return verdict;
  }

  private async verdict(host: string): Promise<Verdict> {
    if (isBrowserServiceHost(host) && !this.asked.has(host)) return { ok: false, status: 403, reason: `${host} is one of Chromium's own service hosts and no page asked for it`, privateAddress: false };
    const literal = ipLiteral(host);
    const resolution = literal ? { ok: true as const, addresses: [literal] } : await resolveWithin(this.lookup, host, this.options.dnsTimeoutMs ?? DNS_TIMEOUT_MS);
    if (!resolution.ok) return { ok: false, status: 502, reason: resolution.reason, privateAddress: false };
    const [first] = resolution.addresses;
    if (first === undefined) return { ok: false, status: 502, reason: `${host} does not resolve`, privateAddress: false };
    if (!this.options.allowPrivateNetwork) {
      for (const address of resolution.addresses) {
        const kind = refusedKind(address);
        if (!kind) continue;
        const reason = literal ? `${host} is a ${kind} address` : `${host} resolves to a ${kind} address (${address})`;
        return { ok: false, status: 403, reason, privateAddress: true };
      }
    }
    return { ok: true, address: first };
  }
}

/** An absolute-URI request (plain HTTP): check, then stream it to the checked address and the answer back. */
async function forward(gate: Gate, connect: Connect, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let url: URL | undefined;
  try {
    url = new URL(req.url ?? '');
  } catch {
    url = undefined;
  }
  const target = url?.protocol === 'http:' ? targetOf(url.host, 80) : undefined;
  if (!url || !target) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('scout egress proxy: only absolute http:// URLs and CONNECT\n');
    return;
  }
  const verdict = await gate.decide(req.method ?? 'GET', target.host, target.port);
  if (!verdict.ok) {
    req.resume();
    res.writeHead(verdict.status, { [REFUSED_HEADER]: verdict.reason, 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(`scout refused this request: ${verdict.reason}\n`);
    return;
  }
  const upstream = httpRequest({
    method: req.method,
    path: `${url.pathname}${url.search}`,
    headers: endToEnd(req.rawHeaders),
    setHost: false,
    createConnection: () => connect(verdict.address, target.port),
  });
  upstream.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
    answer.pipe(res);
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { [UNREACHABLE_HEADER]: chromiumError(error.code), 'content-type': 'text/plain' }).end(`scout egress proxy: ${target.host} did not answer\n`);
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

/** Join two sockets once the upstream one is connected; either closing closes both. */
function splice(client: Duplex, upstream: Socket, first: Buffer | string, head: Buffer): void {
  let connected = false;
  upstream.once('connect', () => {
    connected = true;
    client.write(first);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  upstream.on('error', () => {
    if (!client.destroyed && !connected) client.end(refusalText(502, 'the server did not accept the connection'));
    else end();
  });
  client.on('error', end);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
}

/** A raw-socket request (CONNECT or Upgrade) checked: the address to dial, or undefined once the client was told why not. */
async function admit(gate: Gate, client: Duplex, method: string, target: { host: string; port: number } | undefined, badTarget: string): Promise<string | undefined> {
  client.on('error', () => client.destroy());
  if (!target) {
    client.end(refusalText(403, badTarget));
    return undefined;
  }
  const verdict = await gate.decide(method, target.host, target.port);
  if (verdict.ok) return verdict.address;
  client.end(refusalText(verdict.status, verdict.reason));
  return undefined;
}

/** CONNECT host:port (HTTPS, wss:// and, from Chromium, ws://): check, then a tunnel to the checked address. */
async function tunnel(gate: Gate, connect: Connect, req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
  const target = targetOf(req.url ?? '', 443);
  const address = await admit(gate, client, 'CONNECT', target, 'not a host:port');
  if (address && target) splice(client, connect(address, target.port), 'HTTP/1.1 200 Connection Established\r\n\r\n', head);
}

/** A ws:// upgrade sent to the proxy as an absolute URI: check, then replay the request to the checked address and join the sockets. */
async function upgrade(gate: Gate, connect: Connect, req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
  let url: URL | undefined;
  try {
    url = new URL(req.url ?? '');
  } catch {
    url = undefined;
  }
  const target = url && /^(ws|http):$/.test(url.protocol) ? targetOf(url.host, 80) : undefined;
  const address = await admit(gate, client, 'UPGRADE', target, 'only absolute ws:// and http:// URLs');
  if (!address || !url || !target) return;
  const headers = Object.entries(endToEnd(req.rawHeaders, true)).flatMap(([name, value]) => (Array.isArray(value) ? value : [String(value)]).map((v) => `${name}: ${v}\r\n`));
  const upstream = connect(address, target.port);
  upstream.once('connect', () => upstream.write(`${req.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\n${headers.join('')}\r\n`));
  splice(client, upstream, '', head);
}

const defaultConnect: Connect = (address, port) => netConnect({ host: address, port });

/** Start the proxy on 127.0.0.1 at a free port. */
export async function startEgressProxy(options: EgressOptions): Promise<EgressProxy> {
  const gate = new Gate(options);
  const connect = options.connect ?? defaultConnect;
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((req, res) => {
    forward(gate, connect, req, res).catch(() => res.destroy());
  });
  server.on('connection', track);
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnel(gate, connect, req, client, head).catch(() => client.destroy());
  });
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    upgrade(gate, connect, req, client, head).catch(() => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    log: gate.log,
    pageAsked: (host) => gate.pageAsked(host),
    refusal: (host) => gate.refusal(host),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const proxies = new WeakMap<object, EgressProxy>();

/** Remember the proxy a launched browser goes through, for its pages' guards. */
export function attachEgress(browser: object, proxy: EgressProxy): void {
  proxies.set(browser, proxy);
}

/** The egress proxy of a browser scout launched; undefined for one it only connected to (--cdp-url). */
export function egressOf(browser: object): EgressProxy | undefined {
  return proxies.get(browser);
}
