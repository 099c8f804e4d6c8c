/**
 * The egress proxy through the real CLI: names resolve through the tests' DNS
 * double (SCOUT_DNS_SERVER, a test-only switch), every answer is loopback or
 * none, so nothing can leave the machine. A name that answers 127.0.0.1 after
 * 2.5 s, or only once the URL guard has looked, is refused, not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsDouble, type DnsDouble } from '../support/dns-double.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { runCli } from '../support/run-cli.js';

let web: FixtureWeb;
let dns: DnsDouble;
beforeAll(async () => {
  web = await startFixtureWeb();
  dns = await startDnsDouble();
});
afterAll(async () => {
  await Promise.all([web.close(), dns.close()]);
});

describe('scout read behind the egress proxy', () => {
  it('refuses a name that answers 127.0.0.1 after 2.5 s (exit 2), and the fixture web sees nothing', async () => {
    dns.set('slow.test', { answers: [['127.0.0.1']], delayMs: 2_500 });
    const before = web.requests.length;
    const url = `http://slow.test:${web.port}/articles/towers.html`;
    const { code, stdout, stderr } = await runCli(['read', url], { env: { SCOUT_DNS_SERVER: dns.server } });
    expect(stderr.split('\n')[0]).toBe(`scout: refused ${url}: slow.test did not resolve within 2 s`);
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(web.requests.length).toBe(before);
  });

  it('refuses a name that turns to 127.0.0.1 after the URL guard looked: the proxy checks what it dials', async () => {
    // The URL guard's lookups (the command's, then the session's) find nothing and let the page
    // through; the proxy's own lookup, the one it would dial, answers loopback.
    dns.set('turns.test', { answers: [[], [], ['127.0.0.1']] });
    const before = web.requests.length;
    const url = `http://turns.test:${web.port}/articles/towers.html`;
    const { code, stdout, stderr } = await runCli(['read', url], { env: { SCOUT_DNS_SERVER: dns.server } });
    expect(stderr.split('\n')[0]).toBe(`scout: refused ${url}: turns.test resolves to a loopback address (127.0.0.1)`);
    expect(stderr).toContain('hint: pass --allow-private-network');
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(web.requests.length).toBe(before);
  });

  it('reads the same page with --allow-private-network, through the proxy', async () => {
    dns.set('local.test', '127.0.0.1');
    const { code, stdout } = await runCli(['read', `http://local.test:${web.port}/articles/towers.html`, '--allow-private-network'], { env: { SCOUT_DNS_SERVER: dns.server } });
    expect(code).toBe(0);
    expect(stdout).toContain('The Lakhta Center in Saint Petersburg is 462 metres tall');
  });
});
