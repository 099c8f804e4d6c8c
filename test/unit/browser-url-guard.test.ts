/** The SSRF guard's decisions, without a browser. */
import { describe, expect, it } from 'vitest';
import { checkUrl, checkUrlResolved, HostResolver, isPrivateAddress } from '../../src/browser/page/url-guard.js';

const navigation = { allowPrivateNetwork: false, navigation: true };

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
    '::1', '[::1]', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
  ])('%s is private', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '100.128.0.1', '2606:4700:4700::1111', 'example.com'])('%s is not', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });
});

describe('checkUrl', () => {
  it('allows public http(s) pages', () => {
    expect(checkUrl('https://example.com/a?b', navigation).ok).toBe(true);
    expect(checkUrl('http://93.184.215.14/', navigation).ok).toBe(true);
  });

  it('refuses non-web schemes for navigations, naming the scheme', () => {
    for (const url of ['file:///etc/passwd', 'data:text/html,hi', 'javascript:alert(1)', 'chrome://settings', 'ftp://example.com/', 'blob:https://example.com/x']) {
      const verdict = checkUrl(url, { allowPrivateNetwork: true, navigation: true });
      expect(verdict.ok, url).toBe(false);
      if (!verdict.ok) {
        expect(verdict.reason).toMatch(/only http and https/);
        expect(verdict.privateAddress).toBe(false);
      }
    }
  });

  it('lets subresources use data: and blob:, but not file:', () => {
    const sub = { allowPrivateNetwork: false, navigation: false };
    expect(checkUrl('data:image/png;base64,AAAA', sub).ok).toBe(true);
    expect(checkUrl('blob:https://example.com/1', sub).ok).toBe(true);
    expect(checkUrl('file:///etc/passwd', sub).ok).toBe(false);
  });

  it('refuses loopback, private, link-local and metadata hosts, also in disguise', () => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost/', 'http://app.localhost/', 'http://[::1]/', 'http://0x7f000001/', 'http://2130706433/', 'http://169.254.169.254/latest/', 'http://metadata.google.internal/', 'http://printer.local/', 'http://10.1.2.3/']) {
      const verdict = checkUrl(url, navigation);
      expect(verdict.ok, url).toBe(false);
      if (!verdict.ok) {
        expect(verdict.privateAddress).toBe(true);
        expect(verdict.reason).toMatch(/loopback or private address/);
      }
    }
  });

  it('allows private hosts with allowPrivateNetwork', () => {
    expect(checkUrl('http://127.0.0.1:8080/', { allowPrivateNetwork: true, navigation: true }).ok).toBe(true);
  });

  it('reports an unparsable URL', () => {
    const verdict = checkUrl('not a url', navigation);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toBe('not a valid URL: not a url');
  });
});

describe('checkUrlResolved', () => {
  it('refuses a host name that resolves to a private address', async () => {
    const dns = new HostResolver(2_000, async (host) => (host === 'intranet.example' ? ['203.0.113.5', '192.168.0.10'] : []));
    const verdict = await checkUrlResolved('https://intranet.example/', navigation, dns);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain('intranet.example (192.168.0.10)');
  });

  it('uses the system resolver by default', async () => {
    const resolution = await new HostResolver().resolve('localhost');
    expect(resolution.ok && resolution.addresses.some(isPrivateAddress)).toBe(true);
  });

  it('lets a name that does not resolve through (Chrome will fail on it)', async () => {
    const verdict = await checkUrlResolved('https://does-not-exist.invalid/', navigation, new HostResolver(500));
    expect(verdict.ok).toBe(true);
  });
});
