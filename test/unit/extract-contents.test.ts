import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const SECTIONS = ['Introduction', 'Index Types', 'B-Tree', 'Hash', 'Multicolumn Indexes', 'Unique Indexes', 'Partial Indexes'];
const entries = SECTIONS.map((s, i) => `<dt><a href="ch11-${i}.html">11.${i + 1}. ${s}</a></dt>`).join('');
const LEAD_IN = '<p>Indexes are a common way to enhance database performance. An index allows the server to find rows much faster, but indexes also add overhead to the system as a whole.</p>';
const LONG_TEXT = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i} of a long article says a good deal about how the planner picks an index, why a scan may still win, and what the statistics tell it before each query runs.</p>`).join('');

// A manual's chapter page (PostgreSQL's, WCXB 2864): a title, a lead-in, and the chapter's contents.
const chapter = (list: string, lead = LEAD_IN) =>
  '<!doctype html><html><head><meta charset="utf-8"><title>Chapter 11. Indexes</title>' +
  '<meta property="og:type" content="article"></head><body>' +
  '<div class="navheader"><a href="prev.html">Prev</a> <a href="up.html">Up</a> <a href="next.html">Next</a></div>' +
  `<div class="chapter"><div class="titlepage"><h2>Chapter 11. Indexes</h2></div>${list}${lead}</div>` +
  '<footer><a href="/about">About</a> <a href="/legal">Legal</a></footer></body></html>';

describe("an index page's contents list", () => {
  it('is read on a chapter page whose own text is a lead-in', () => {
    const md = readPage(chapter(`<div class="toc"><p><b>Table of Contents</b></p><dl>${entries}</dl></div>`), 'https://docs.example/ch11.html').markdown;
    expect(md).toContain('enhance database performance');
    for (const s of SECTIONS) expect(md).toContain(s);
    expect(md).not.toContain('About');
  });

  it('is found by its label where no class names it', () => {
    const md = readPage(chapter(`<div><p><strong>Contents</strong></p><dl>${entries}</dl></div>`), 'https://docs.example/ch11.html').markdown;
    for (const s of SECTIONS) expect(md).toContain(s);
  });

  it('is left out beside a long text, which it only repeats', () => {
    const md = readPage(chapter(`<div class="toc"><dl>${entries}</dl></div>`, LONG_TEXT), 'https://docs.example/ch11.html').markdown;
    expect(md).toContain('Paragraph 7');
    expect(md).not.toContain('Multicolumn Indexes');
  });

  it('is not a link list that says nothing of being contents', () => {
    const md = readPage(chapter(`<div class="more"><dl>${entries}</dl></div>`), 'https://docs.example/ch11.html').markdown;
    expect(md).toContain('enhance database performance');
    expect(md).not.toContain('Multicolumn Indexes');
  });
});
