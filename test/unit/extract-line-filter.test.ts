import { describe, expect, it } from 'vitest';
import { filterLines, keepTextLine } from '../../src/browser/extract/line-filter.js';
import { wordCount } from '../../src/browser/extract/text-measure.js';

describe('keepTextLine', () => {
  it('keeps sentences, numbers and longer lines; drops crumbs', () => {
    expect(keepTextLine('It is cheaper than flying.')).toBe(true);
    expect(keepTextLine('Open 24 hours')).toBe(true);
    expect(keepTextLine('Five words without any punctuation')).toBe(true);
    expect(keepTextLine('Share')).toBe(false);
    expect(keepTextLine('Advertisement')).toBe(false);
    expect(keepTextLine('Photo: Getty Images')).toBe(false);
  });

  it('counts CJK characters as words and knows CJK, Devanagari and Arabic sentence ends', () => {
    expect(wordCount('这条夜车线路很受欢迎')).toBe(5);
    expect(keepTextLine('这条夜车线路很受欢迎')).toBe(true);
    expect(keepTextLine('很好。')).toBe(true);
    expect(keepTextLine('यह अच्छा है।')).toBe(true);
    expect(keepTextLine('هذا جيد؟')).toBe(true);
    expect(keepTextLine('菜单')).toBe(false);
  });
});

describe('filterLines', () => {
  it('keeps table rows and list items however short', () => {
    const md = '| Seat | €29 |\n| --- | --- |\n| Bed | — |\n\n- Vienna\n- Graz';
    expect(filterLines(md)).toBe(md);
  });

  it('keeps headings that precede kept text and drops those that do not', () => {
    const md = ['# Title', '', '## Empty section', '', 'Share', '', '## Fares', '', '| Seat | €29 |', '', '## Follow us', '', 'Twitter'].join('\n');
    expect(filterLines(md)).toBe(['# Title', '', '## Fares', '', '| Seat | €29 |'].join('\n'));
  });

  it('keeps a heading whose subsection has text', () => {
    const md = ['## Routes', '### North', 'Trains run hourly until midnight.', '## Links', 'Home'].join('\n');
    expect(filterLines(md)).toBe(['## Routes', '### North', 'Trains run hourly until midnight.'].join('\n'));
  });

  it('drops lines that are only an address', () => {
    expect(filterLines('Ferries run hourly from the harbour.\nhttps://ferries.example/timetable?day=1\n- https://ferries.example/', { lenient: true })).toBe('Ferries run hourly from the harbour.');
  });

  it('keeps code blocks verbatim', () => {
    const md = '```\nls\ncd\n```';
    expect(filterLines(md)).toBe(md);
  });
});

describe('repeated lines', () => {
  it('drops short lines repeated three times or more, keeps one copy of a repeated paragraph, leaves code alone', () => {
    const para = 'Free returns within thirty days of delivery on every order.';
    const md = ['Top Rated', 'Boot one is waterproof and light.', 'Top Rated', 'Boot two is warm.', 'Top Rated', para, para, '```', 'x = 1', 'x = 1', 'x = 1', '```'].join('\n');
    expect(filterLines(md, { lenient: true })).toBe(['Boot one is waterproof and light.', 'Boot two is warm.', para, '```', 'x = 1', 'x = 1', 'x = 1', '```'].join('\n'));
  });
});
