import { describe, expect, it } from 'vitest';
import { filterLines, keepTextLine } from '../../src/browser/read/extract/line-filter.js';
import { wordCount } from '../../src/browser/read/extract/text-measure.js';

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
  it('drops a line that is only a template expression the page never rendered', () => {
    expect(filterLines('**{{ board.errors[12].message }}**\nThe pump is new.', { lenient: true })).toBe('The pump is new.');
  });

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

describe('labels, dated lines and listings', () => {
  it('joins a label to the value set on the next line, outside code', () => {
    expect(filterLines('Peak height:\n\n76 in.\n\nWeight:\n2.1 kg', { lenient: true })).toBe('Peak height: 76 in.\n\nWeight: 2.1 kg');
    const code = '```\nif ready:\n  go()\n```';
    expect(filterLines(code)).toBe(code);
  });

  it('drops a label whose value is only an address, keeps one that opens a list', () => {
    const md = ['Fabric:', 'Mid weight cotton', '', 'size_guide:', '', 'https://cdn.example/guide/5001/size-guide.pdf', '', 'swatch_Bone:', 'https://cdn.example/swatches/5001/bone-thumbnail-160x160.jpg', '', 'Kit contains:', '', '- Camera body', '- Strap'].join('\n');
    expect(filterLines(md, { lenient: true })).toBe(['Fabric: Mid weight cotton', '', 'Kit contains:', '', '- Camera body', '- Strap'].join('\n'));
  });

  it('keeps a dated line that each item repeats, drops it when it follows itself', () => {
    const md = ['marta', 'Posted May 2, 2024', 'The pump loses pressure.', 'oskar', 'Posted May 2, 2024', 'Posted May 2, 2024', 'Check the valve.', 'lin', 'Posted May 2, 2024', 'Same here.'].join('\n');
    expect(filterLines(md, { lenient: true }).match(/Posted May 2, 2024/g)).toHaveLength(3);
  });

  it("keeps every repeat when asked (a listing's shared badges and makers)", () => {
    const md = ['Tent 1', 'Staff pick', 'Tent 2', 'Staff pick', 'Tent 3', 'Staff pick'].join('\n');
    expect(filterLines(md, { lenient: true })).toBe(['Tent 1', 'Tent 2', 'Tent 3'].join('\n'));
    expect(filterLines(md, { lenient: true, keepRepeats: true })).toBe(md);
  });

  it("keeps a listing's long repeated paragraph once (a promoted card inserted between every few items)", () => {
    const promo = `Hey all, I'm the founder of Flow. ${'Speak in any app and it writes in your style, with edits and over a hundred languages. '.repeat(4)}`.trim();
    const md = ['Tent 1', 'Staff pick', promo, 'Tent 2', 'Staff pick', promo, 'Tent 3', 'Staff pick', promo].join('\n');
    expect(filterLines(md, { lenient: true, keepRepeats: true })).toBe(['Tent 1', 'Staff pick', promo, 'Tent 2', 'Staff pick', 'Tent 3', 'Staff pick'].join('\n'));
  });

  it("drops each card's bare age when asked (a feed's '5 hours ago'), keeps a line that says more", () => {
    const md = ['### A roadmap for AI', '- Connie Loizos', '5 hours ago', '### Robots quit', '- 22 days ago', '2y', 'Published 5 hours ago by Ann Lee', '| Updated | 3 days ago |'].join('\n');
    const listing = { lenient: true, keepRepeats: true, ages: true };
    expect(filterLines(md, listing)).toBe(['### A roadmap for AI', '- Connie Loizos', '### Robots quit', 'Published 5 hours ago by Ann Lee', '| Updated | 3 days ago |'].join('\n'));
    expect(filterLines(md, { lenient: true, keepRepeats: true })).toBe(md);
  });
});

describe('marquees', () => {
  it("read as the phrase they scroll, once; code and a page's own repeated words stay", () => {
    const marquee = 'Book Now *Book Now *Book Now *Book Now *Book Now *';
    expect(filterLines(['We design packaging that sells.', marquee].join('\n'), { lenient: true })).toBe(['We design packaging that sells.', 'Book Now *'].join('\n'));
    const code = ['```', 'go go go', '```'].join('\n');
    expect(filterLines(code)).toBe(code);
    expect(filterLines('Run, run, run to the harbour before the ferry leaves.')).toBe('Run, run, run to the harbour before the ferry leaves.');
  });
});
