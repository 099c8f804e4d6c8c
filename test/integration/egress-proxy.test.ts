/**
 * The egress proxy on its own, against the tests' DNS double and a loopback
 * canary: slow DNS, rebinding, every spelling of loopback, Chromium's own
 * hosts, and what --allow-private-network lets through. Nothing leaves the
 * machine: "public" addresses are dialled through a recording connector.
 */
import { connect, createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy, type EgressProxy } from '../../src/browser/launch/egress-proxy.js';
import { defaultLookup } from '../../src/browser/page/dns.js';
import { startDnsDouble, type DnsDouble } from '../support/dns-double.js';
import { connectThrough, getThrough, recordingConnect, startCanary, type Canary } from '../support/egress-harness.js';
import { listen, type Listening } from '../support/listen.js';

const PUBLIC = '93.184.215.14';

let dns: DnsDouble;
let canary: Canary;
let stub: Listening;
beforeAll(async () => {
  dns = await startDnsDouble();
  canary = await startCanary();
  // The "public" server of the tests' story, on loopback.
  stub = await listen((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`public page ${req.url ?? ''}`);
  });
});
afterAll(async () => {
  await Promise.all([dns.close(), canary.close(), stub.close()]);
});

let proxy: EgressProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

/** A ws:// upgrade sent to the proxy as an absolute URI; returns what the server behind it received. */
async function upgradeThrough(proxyPort: number): Promise<string> {
  let received = '';
  const server = createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.endsWith('ping')) socket.end();
      else if (received.includes('\r\n\r\n')) socket.write('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const client = connect({ host: '127.0.0.1', port: proxyPort });
  client.write(`GET ws://127.0.0.1:${port}/socket HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n\r\n`);
  await new Promise<void>((resolve) => client.once('data', () => resolve()));
  client.write('ping');
  await new Promise<void>((resolve) => client.on('close', () => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return received;
}

const lookups = (name: string) => dns.queries.filter((q) => q.name === name && q.type === 'A').length;

describe('the egress proxy', () => {
  it('refuses a name whose answer comes after 2 s, even with --allow-private-network (fails closed)', async () => {
    // An answer far past the 2 s bound, so that a loaded machine's slack cannot blur giving up with waiting.
    dns.set('slow.test', { answers: [['127.0.0.1']], delayMs: 8_000 });
    for (const allowPrivateNetwork of [false, true]) {
      proxy = await startEgressProxy({ allowPrivateNetwork, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }) });
      const port = Number(new URL(proxy.url).port);
      const started = Date.now();
      const answer = await getThrough(port, `http://slow.test:${canary.port}/`);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(answer.status).toBe(502);
      expect(answer.headers['x-scout-refused']).toBe('slow.test did not resolve within 2 s');
      expect((await connectThrough(port, `slow.test:${canary.port}`)).status).toBe(502);
      await proxy.close();
      proxy = undefined;
    }
    expect(canary.hits()).toBe(0);
  });

  it('dials the address it checked, once per request: a name rebinding to 127.0.0.1 never reaches loopback', async () => {
    dns.set('rebind.test', { answers: [[PUBLIC], ['127.0.0.1']] });
    const dial = recordingConnect({ [PUBLIC]: stub.port });
    proxy = await startEgressProxy({ allowPrivateNetwork: false, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }), connect: dial.connect });
    const port = Number(new URL(proxy.url).port);
    const first = await getThrough(port, `http://rebind.test:${canary.port}/first`);
    expect(first).toMatchObject({ status: 200, body: 'public page /first' });
    expect(lookups('rebind.test')).toBe(1);
    const second = await getThrough(port, `http://rebind.test:${canary.port}/second`);
    expect(second.status).toBe(403);
    expect(second.body).toBe('scout refused this request: rebind.test resolves to a loopback address (127.0.0.1)\n');
    const tunnel = await connectThrough(port, `rebind.test:${canary.port}`);
    expect(tunnel.status).toBe(403);
    expect(lookups('rebind.test')).toBe(3);
    expect(dial.dialled).toEqual([`${PUBLIC}:${canary.port}`]);
    expect(canary.hits()).toBe(0);
  });

  it('refuses a name with one private address among public ones', async () => {
    dns.set('mixed.test', { answers: [[PUBLIC, '10.0.0.7']] });
    const dial = recordingConnect();
    proxy = await startEgressProxy({ allowPrivateNetwork: false, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }), connect: dial.connect });
    const answer = await getThrough(Number(new URL(proxy.url).port), 'http://mixed.test/');
    expect(answer.headers['x-scout-refused']).toBe('mixed.test resolves to a private address (10.0.0.7)');
    expect(dial.dialled).toEqual([]);
  });

  it('refuses loopback, link-local and private hosts in every spelling, for CONNECT and plain HTTP', async () => {
    dns.set('loopy.test', { answers: [['::ffff:127.0.0.1']] });
    const dial = recordingConnect();
    proxy = await startEgressProxy({ allowPrivateNetwork: false, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }), connect: dial.connect });
    const port = Number(new URL(proxy.url).port);
    const c = canary.port;
    for (const authority of [`127.0.0.1:${c}`, `2130706433:${c}`, `0177.0.0.1:${c}`, `0x7f.1:${c}`, `[::1]:${c}`, `[::ffff:127.0.0.1]:${c}`, `[::ffff:7f00:1]:${c}`, `[64:ff9b::7f00:1]:${c}`, `[::]:${c}`, `0.0.0.0:${c}`, `169.254.169.254:80`, `[fd00::1]:${c}`, `100.64.0.1:${c}`, `loopy.test:${c}`, `localhost:${c}`]) {
      const tunnel = await connectThrough(port, authority);
      expect(tunnel.status, authority).not.toBe(200);
      expect(tunnel.headers['x-scout-refused'], authority).toBeTruthy();
      tunnel.socket.destroy();
      const plain = await getThrough(port, `http://${authority}/`);
      expect(plain.status, authority).not.toBe(200);
    }
    expect(dial.dialled).toEqual([]);
    expect(canary.hits()).toBe(0);
  });

  it('refuses Chromium\'s own service hosts before any lookup, unless a page asked for one', async () => {
    const dial = recordingConnect();
    proxy = await startEgressProxy({ allowPrivateNetwork: false, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }), connect: dial.connect });
    const port = Number(new URL(proxy.url).port);
    for (const host of ['update.googleapis.com', 'clients2.google.com', 'optimizationguide-pa.googleapis.com', 'redirector.gvt1.com']) {
      const tunnel = await connectThrough(port, `${host}:443`);
      expect(tunnel.status).toBe(403);
      expect(tunnel.headers['x-scout-refused']).toBe(`${host} is one of Chromium's own service hosts and no page asked for it`);
      tunnel.socket.destroy();
    }
    expect(dns.queries.map((q) => q.name)).not.toContain('update.googleapis.com');
    dns.set('clients2.google.com', { answers: [['127.0.0.1']] });
    proxy.pageAsked('clients2.google.com');
    const asked = await connectThrough(port, 'clients2.google.com:443');
    // Let through the service-host rule, then refused for its (loopback) address like any host.
    expect(asked.headers['x-scout-refused']).toBe('clients2.google.com resolves to a loopback address (127.0.0.1)');
    asked.socket.destroy();
    expect(proxy.log.filter((r) => !r.refused)).toEqual([]);
    expect(dial.dialled).toEqual([]);
  });

  it('with --allow-private-network, streams plain HTTP and opens tunnels and upgrades to loopback', async () => {
    proxy = await startEgressProxy({ allowPrivateNetwork: true, lookup: defaultLookup({ SCOUT_DNS_SERVER: dns.server }) });
    const port = Number(new URL(proxy.url).port);
    expect(await getThrough(port, `${stub.url}/plain?q=1`)).toMatchObject({ status: 200, body: 'public page /plain?q=1' });
    const tunnel = await connectThrough(port, `127.0.0.1:${stub.port}`);
    expect(tunnel.status).toBe(200);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      tunnel.socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      tunnel.socket.on('end', () => resolve(text));
      tunnel.socket.write(`GET /tunnelled HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*public page \/tunnelled/);
    expect(await upgradeThrough(port)).toMatch(/^GET \/socket HTTP\/1\.1\r\n[\s\S]*upgrade: websocket\r\n[\s\S]*\r\n\r\nping$/);
    expect(proxy.log.map((r) => [r.method, r.address])).toEqual([
      ['GET', '127.0.0.1'],
      ['CONNECT', '127.0.0.1'],
      ['UPGRADE', '127.0.0.1'],
    ]);
  });
});
