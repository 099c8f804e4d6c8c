/** Reading order of a PDF page's text pieces (pdf-layout.ts), and the pure parts around it: kinds, text files, page citations. */
import { describe, expect, it } from 'vitest';
import { citationStream, withPages } from '../../src/agent/citations.js';
import { groundNote, pageOfPassage } from '../../src/agent/grounding.js';
import type { Note } from '../../src/agent/types.js';
import { readDocument } from '../../src/browser/read/document/document.js';
import { kindOfType, sniff } from '../../src/browser/read/document/kinds.js';
import { pageText, textIn, type TextPiece } from '../../src/browser/read/document/pdf-layout.js';

const SIZE = 10;
const piece = (str: string, x: number, y: number, width = str.length * 5): TextPiece => ({ str, x, y, width, size: SIZE });
const LEFT = Array.from({ length: 6 }, (_, i) => `left column line ${i + 1} of prose that fills the column`);
const RIGHT = Array.from({ length: 6 }, (_, i) => `right column line ${i + 1} of prose that fills the column`);

describe('pageText', () => {
  it('reads a two-column page column by column when the file draws it row by row', () => {
    // Some producers draw across the page, line by line: left line 1, right line 1, left line 2...
    const rows = LEFT.flatMap((left, i) => [piece(left, 50, 700 - 14 * i, 240), piece(RIGHT[i]!, 320, 700 - 14 * i, 240)]);
    const title = piece('A title across both columns of the page', 50, 740, 510);
    const footer = piece('A footer across both columns, page 1 of 1, printed for the harbour board', 50, 100, 510);
    const text = pageText([footer, ...rows, title]);
    expect(text.split('\n').filter(Boolean)).toEqual([title.str, ...LEFT, ...RIGHT, footer.str]);
  });

  it('keeps a table of short cells row by row, its cells apart', () => {
    const rows = [
      ['Route', 'Departs', 'Minutes'],
      ['Dover to Calais', '08:15', '90'],
      ['Hull to Rotterdam', '20:30', '660'],
      ['Harwich to Hook', '09:00', '420'],
      ['Poole to Cherbourg', '08:30', '270'],
    ];
    const pieces = rows.flatMap((cells, r) => cells.map((cell, c) => piece(cell, 50 + 150 * c, 600 - 20 * r)));
    expect(pageText(pieces).split('\n').filter(Boolean)).toEqual(rows.map((cells) => cells.join(' | ')));
  });

  it('joins the pieces of one line with spaces where there is a gap, and marks paragraphs by their spacing', () => {
    const text = pageText([piece('The harbour', 50, 700, 55), piece('opened', 108, 700, 30), piece('in 1882.', 50, 686, 40), piece('A new paragraph.', 50, 640, 80)]);
    expect(text).toBe('The harbour opened\nin 1882.\n\nA new paragraph.');
  });

  it('finds the words under a link', () => {
    const pieces = [piece('See the', 50, 700, 35), piece('annual report', 90, 700, 65), piece('for more.', 160, 700, 45)];
    expect(textIn(pieces, [88, 697, 156, 711])).toBe('annual report');
  });
});

describe('document kinds', () => {
  it('reads the Content-Type, and leaves octet-stream and none to the bytes', () => {
    expect(kindOfType('application/pdf')).toBe('pdf');
    expect(kindOfType('text/csv; charset=utf-8')).toBe('text');
    expect(kindOfType('application/vnd.api+json')).toBe('text');
    expect(kindOfType('text/html; charset=utf-8')).toBe('page');
    expect(kindOfType('application/zip')).toBe('binary');
    expect(kindOfType('application/octet-stream')).toBe('sniff');
    expect(kindOfType(undefined)).toBe('sniff');
    expect(sniff(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(sniff(Buffer.from('  <!DOCTYPE html><p>hi'))).toBe('page');
    expect(sniff(Buffer.from('a,b\n1,2\n'))).toBe('text');
    expect(sniff(Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1]))).toBe('binary');
  });

  it('shows a text file as it is, in its charset, and lays out one-line JSON', async () => {
    const latin = await readDocument({ bytes: Buffer.from('caf\xe9,prix\n', 'latin1'), kind: 'text', url: 'http://x.test/menu.csv', contentType: 'text/csv; charset=iso-8859-1' });
    expect(latin).toEqual({ ok: true, document: { pageType: 'text', title: 'menu.csv', markdown: 'café,prix', links: [] } });
    const json = await readDocument({ bytes: Buffer.from(JSON.stringify({ ferries: Array.from({ length: 20 }, (_, i) => ({ route: i })) })), kind: 'text', url: 'http://x.test/api/ferries' });
    expect(json.ok && json.document.markdown.split('\n').length).toBeGreaterThan(40);
    expect(await readDocument({ bytes: Buffer.from(' \n'), kind: 'text', url: 'http://x.test/empty.txt' })).toEqual({ ok: false, reason: 'the file is empty' });
  });

  it('reads a text file that names no charset as UTF-8 when its bytes are, else as windows-1252', async () => {
    const utf8 = await readDocument({ bytes: Buffer.from('Zürich,München\n', 'utf8'), kind: 'text', url: 'http://x.test/cities.csv', contentType: 'text/csv' });
    expect(utf8.ok && utf8.document.markdown).toBe('Zürich,München');
    const latin = await readDocument({ bytes: Buffer.from('Z\xfcrich\n', 'latin1'), kind: 'text', url: 'http://x.test/city.txt', contentType: 'text/plain' });
    expect(latin.ok && latin.document.markdown).toBe('Zürich');
  });
});

describe('the page of a quote', () => {
  const PDF_TEXT = '[Start of page]\nURL: http://x.test/report.pdf\n\n[page 1]\nThe harbour opened in 1882.\n\n[page 2]\nIn 2023 the port handled\n4,711,000 tonnes of cargo, a record.\n[End of page]';

  it('is the last [page N] line before the passage, across line breaks', () => {
    expect(pageOfPassage(PDF_TEXT, 'In 2023 the port handled 4,711,000 tonnes of cargo')).toBe(2);
    expect(pageOfPassage(PDF_TEXT, 'The harbour opened in 1882.')).toBe(1);
    expect(pageOfPassage(PDF_TEXT, 'not in the text')).toBeUndefined();
    expect(pageOfPassage('A page of HTML: In 2023 the port handled', 'In 2023 the port handled')).toBeUndefined();
  });

  it('comes with the grounding of a note quoting the PDF', () => {
    const g = groundNote('On the report, cargo hit a record. "In 2023 the port handled 4,711,000 tonnes of cargo"', PDF_TEXT);
    expect(g.state).toBe('verified');
    expect(g.page).toBe(2);
  });

  it('is written into the citations of notes that have one', () => {
    const note = (page?: number): Note & { page?: number } => ({ url: 'u', title: 't', text: 'x', quotes: [], verified: true, support: 'verified', ...(page ? { page } : {}) });
    expect(withPages('Cargo hit 4.7 Mt [1]. The port is old [2][1].', [note(2), note()])).toBe('Cargo hit 4.7 Mt [1, p. 2]. The port is old [2][1, p. 2].');
  });

  it('is written into an answer streamed to the terminal, whatever pieces a citation comes in', () => {
    const note = (page?: number): Note & { page?: number } => ({ url: 'u', title: 't', text: 'x', quotes: [], verified: true, support: 'verified', ...(page ? { page } : {}) });
    const out: string[] = [];
    const stream = citationStream([note(2), note()], (text) => out.push(text));
    // Streamed tokens split citations anywhere; [7] names no note and is left out, as in the final answer.
    for (const token of ['Cargo hit 4.7 Mt [', '1', ']. Old [2', '][', '7] port [1]', ' and [see', ' below] [1']) stream.push(token);
    stream.end();
    // What is still held at the end (a citation the model never closed) is let out as it came.
    expect(out.join('')).toBe('Cargo hit 4.7 Mt [1, p. 2]. Old [2] port [1, p. 2] and [see below] [1');
  });
});
