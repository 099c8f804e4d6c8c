/** The egress proxy's address policy, without DNS: every spelling of a refused address, and Chromium's own hosts. */
import { describe, expect, it } from 'vitest';
import { ipLiteral, isBrowserServiceHost, parseIpv4, refusedKind } from '../../src/browser/page/address-policy.js';
import { resolveWithin } from '../../src/browser/page/dns.js';

describe('refusedKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(refusedKind(address)).toBe(kind);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
    ['2002:c0a8:1::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['100::1', 'reserved'],
  ])('IPv6 %s is %s', (address, kind) => {
    expect(refusedKind(address)).toBe(kind);
  });

  it.each([
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['0xA9.0xFE.0xA9.0xFE', 'link-local'],
    ['2852039166', 'link-local'],
    ['10.0x1.2', 'private'],
    ['0', 'unspecified'],
    ['127.0.0.1.', 'loopback'],
  ])('the IPv4 literal %s is %s', (host, kind) => {
    expect(refusedKind(host)).toBe(kind);
  });

  it.each(['8.8.8.8', '93.184.215.14', '172.32.0.1', '192.169.0.1', '100.128.0.1', '203.0.113.5', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', 'example.com', '1.2.3.4.5', '08.0.0.1', '256.0.0.1'])(
    '%s is not refused',
    (address) => {
      expect(refusedKind(address)).toBeUndefined();
    },
  );
});

describe('ipLiteral', () => {
  it('writes every IPv4 spelling the standard way, and leaves names alone', () => {
    expect(ipLiteral('2130706433')).toBe('127.0.0.1');
    expect(ipLiteral('0177.0.0.1')).toBe('127.0.0.1');
    expect(ipLiteral('0x7f.1')).toBe('127.0.0.1');
    expect(ipLiteral('[::1]')).toBe('::1');
    expect(ipLiteral('93.184.215.14')).toBe('93.184.215.14');
    expect(ipLiteral('example.com')).toBeUndefined();
    expect(ipLiteral('0x7f.example')).toBeUndefined();
  });

  it('refuses parts out of range', () => {
    expect(parseIpv4('1.2.3.256')).toBeUndefined();
    expect(parseIpv4('1.2.65536')).toBeUndefined();
    expect(parseIpv4('4294967296')).toBeUndefined();
    expect(parseIpv4('4294967295')).toBe(0xffffffff);
  });
});

describe('isBrowserServiceHost', () => {
  it.each(['update.googleapis.com', 'clients2.google.com', 'clients1.google.com', 'clientservices.googleapis.com', 'safebrowsing.googleapis.com', 'optimizationguide-pa.googleapis.com', 'content-autofill.googleapis.com', 'r3---sn-abc.gvt1.com', 'redirector.gvt1.com', 'accounts.google.com', 'UPDATE.googleapis.com.'])(
    '%s is Chromium\'s own',
    (host) => {
      expect(isBrowserServiceHost(host)).toBe(true);
    },
  );

  it.each(['www.google.com', 'en.wikipedia.org', 'maps.googleapis.com', 'example.com', 'notclients2.google.com'])('%s is not', (host) => {
    expect(isBrowserServiceHost(host)).toBe(false);
  });
});

describe('resolveWithin', () => {
  it('fails closed on a slow answer and on a failed one', async () => {
    const slow = await resolveWithin(() => new Promise((resolve) => setTimeout(() => resolve(['127.0.0.1']), 300)), 'slow.test', 100);
    expect(slow).toEqual({ ok: false, slow: true, reason: 'slow.test did not resolve within 0.1 s' });
    expect(await resolveWithin(() => Promise.reject(new Error('ENOTFOUND')), 'nx.test', 100)).toMatchObject({ ok: false, slow: false, reason: 'nx.test does not resolve' });
    expect(await resolveWithin(async () => ['93.184.215.14'], 'ok.test', 100)).toEqual({ ok: true, addresses: ['93.184.215.14'] });
  });
});
