import { describe, expect, it } from 'vitest';
import { checkCitations } from '../../src/agent/citations.js';
import { Frontier } from '../../src/agent/frontier.js';
import { sourcesMarkdown } from '../../src/ui/output.js';

describe('Frontier', () => {
  it('queues search results once, skips visited pages and numbers unvisited links', () => {
    const f = new Frontier();
    f.addResults('q', [
      { url: 'https://a.example/1', title: 'A', snippet: '' },
      { url: 'https://www.a.example/1/', title: 'A again', snippet: '' },
      { url: 'https://b.example/', title: 'B', snippet: '' },
    ]);
    const first = f.nextResult()!;
    expect(first.url).toBe('https://a.example/1');
    f.markVisited(first.url);
    const links = f.offer([{ url: 'https://a.example/1#top', text: 'self' }, { url: 'https://c.example/x', text: 'C' }, { url: 'https://c.example/x', text: 'C dup' }], 10);
    expect(links).toEqual([{ n: 1, url: 'https://c.example/x', text: 'C' }]);
    expect(f.isOffered('https://c.example/x')).toBe(true);
    expect(f.isOffered('https://evil.example/steal')).toBe(false);
    expect(f.nextResult()?.url).toBe('https://b.example/');
    expect(f.nextResult()).toBeUndefined();
  });
});

describe('citations', () => {
  const notes = [
    { url: 'https://a.example', title: 'A', text: 'a "quote a"', quotes: ['quote a'], verified: true, support: 'verified' as const },
    { url: 'https://b.example', title: 'B', text: 'b "quote b"', quotes: ['quote b'], verified: false, support: 'unverified' as const },
  ];

  it('lists only the notes the answer cites, and removes numbers that name no note', () => {
    const checked = checkCitations('It is 462 m [2]. Also this [7].', notes);
    expect(checked.answer).toBe('It is 462 m [2]. Also this.');
    expect(checked.invalid).toEqual([7]);
    expect(checked.sources).toEqual([{ n: 2, url: 'https://b.example', title: 'B', unverified: true }]);
    expect(checked.citations).toEqual([{ n: 2, url: 'https://b.example', quote: 'quote b', verified: false, support: 'unverified', supported: true }]);
    expect(sourcesMarkdown(checked.sources)).toBe('Sources:\n[2] B — https://b.example (unverified: not found on the page)');
  });
});
