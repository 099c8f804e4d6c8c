/**
 * Helpers for the egress proxy's tests: a loopback canary that counts every
 * connection it gets, a connector that records where the proxy dials and
 * never leaves loopback, and requests sent through the proxy.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer, Socket, type Server } from 'node:net';
import type { Connect } from '../../src/browser/launch/egress-proxy.js';

export interface Canary {
  port: number;
  /** TCP connections received: any is a request that got through. */
  hits(): number;
  close(): Promise<void>;
}

export async function startCanary(): Promise<Canary> {
  let hits = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    hits += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 6\r\nconnection: close\r\n\r\ncanary');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RecordingConnect {
  connect: Connect;
  /** Every address:port the proxy dialled, in order. */
  dialled: string[];
}

/**
 * A connector for the proxy: records each dial; an address in `toLoopback`
 * (a "public" one in the test's story) is served by that loopback port, any
 * other address but 127.0.0.1 fails at once, so that no packet leaves.
 */
export function recordingConnect(toLoopback: Record<string, number> = {}): RecordingConnect {
  const dialled: string[] = [];
  const connectTo: Connect = (address, port) => {
    dialled.push(`${address}:${port}`);
    const local = toLoopback[address];
    if (local !== undefined) return connect({ host: '127.0.0.1', port: local });
    if (address === '127.0.0.1') return connect({ host: '127.0.0.1', port });
    const socket = new Socket();
    process.nextTick(() => socket.destroy(new Error(`test connector: ${address} is not loopback`)));
    return socket;
  };
  return { connect: connectTo, dialled };
}

export interface ProxyAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET an absolute URL through the proxy, as a browser does for plain HTTP. */
export function getThrough(proxyPort: number, url: string): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, path: url, headers: { host: new URL(url).host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** CONNECT host:port through the proxy: the proxy's status and, when a tunnel opened, the socket. */
export function connectThrough(proxyPort: number, authority: string): Promise<{ status: number; headers: IncomingHttpHeaders; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: authority });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, headers: res.headers, socket }));
    req.on('error', reject);
    req.end();
  });
}
