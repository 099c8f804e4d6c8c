/** Result-list hygiene: http(s) only, duplicates by normalised URL, top N. */
import { describe, expect, it } from 'vitest';
import { isHttpUrl, normaliseUrl, refine } from '../../src/search/normalise-url.js';

describe('normaliseUrl', () => {
  it('makes the same page collide whatever its spelling', () => {
    const key = normaliseUrl('https://example.org/a/b?x=1&y=2');
    for (const variant of [
      'https://EXAMPLE.org/a/b/?y=2&x=1',
      'http://www.example.org:80/a/b?x=1&y=2#section',
      'https://example.org:443/a/b?x=1&utm_source=news&y=2&fbclid=abc',
    ]) {
      expect(normaliseUrl(variant)).toBe(key);
    }
  });

  it('keeps different pages apart', () => {
    expect(normaliseUrl('https://example.org/a')).not.toBe(normaliseUrl('https://example.org/b'));
    expect(normaliseUrl('https://example.org/a?page=1')).not.toBe(normaliseUrl('https://example.org/a?page=2'));
    expect(normaliseUrl('https://example.org:8443/a')).not.toBe(normaliseUrl('https://example.org/a'));
    expect(normaliseUrl('https://a.example.org/')).not.toBe(normaliseUrl('https://b.example.org/'));
  });
});

describe('isHttpUrl', () => {
  it('accepts http and https only', () => {
    expect(isHttpUrl('https://example.org/')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/x')).toBe(true);
    for (const url of ['ftp://example.org/f', 'javascript:alert(1)', 'magnet:?xt=urn:btih:abc', 'file:///etc/passwd', '/relative', '']) {
      expect(isHttpUrl(url)).toBe(false);
    }
  });
});

describe('refine', () => {
  it('drops non-http(s) results and duplicates, keeps the first of each, and stops at the limit', () => {
    const results = [
      { url: 'https://a.example/1', n: 1 },
      { url: 'ftp://a.example/file', n: 2 },
      { url: 'https://www.a.example/1/#top', n: 3 },
      { url: 'https://b.example/', n: 4 },
      { url: 'not a url', n: 5 },
      { url: 'https://c.example/', n: 6 },
      { url: 'https://d.example/', n: 7 },
    ];
    expect(refine(results, 10).map((r) => r.n)).toEqual([1, 4, 6, 7]);
    expect(refine(results, 2).map((r) => r.n)).toEqual([1, 4]);
  });
});
