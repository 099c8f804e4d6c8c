/**
 * pdf.js in its bounded worker (pdf-text.ts) on PDFs written by hand at test
 * time: a page drawn row by row across two columns, a link, and the files that
 * must cost only themselves: encrypted, truncated, corrupt, scanned, 2,000
 * pages, a decompression bomb.
 */
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/browser/read/document/document.js';
import { extractPdf } from '../../src/browser/read/document/pdf-text.js';
import { bombPdf, corrupted, encryptedPdf, manyPagesPdf, pagesPdf, placedText, scannedPdf, textContent, truncated } from '../support/pdf-files.js';

const TWO_PAGES = pagesPdf([textContent(['The harbour opened in 1882.']), textContent(['In 2023 the port handled 4,711,000 tonnes of cargo.'])]);

describe('extractPdf', () => {
  it('reads each page in order', async () => {
    const read = await extractPdf(TWO_PAGES);
    expect(read).toEqual({
      ok: true,
      pages: 2,
      title: '',
      read: [
        { n: 1, text: 'The harbour opened in 1882.', links: [] },
        { n: 2, text: 'In 2023 the port handled 4,711,000 tonnes of cargo.', links: [] },
      ],
    });
  });

  it('puts a page drawn row by row across two columns back in column order', async () => {
    const left = Array.from({ length: 6 }, (_, i) => `Left column sentence ${i + 1} runs on across the line.`);
    const right = Array.from({ length: 6 }, (_, i) => `Right column sentence ${i + 1} runs on across it too.`);
    const rows = left.flatMap((text, i) => [{ text, x: 50, y: 700 - 14 * i }, { text: right[i]!, x: 320, y: 700 - 14 * i }]);
    const read = await extractPdf(pagesPdf([placedText(rows)]));
    expect(read.ok && read.read[0]!.text.split('\n').filter(Boolean)).toEqual([...left, ...right]);
  });

  it('offers the web links the PDF holds, named by the words under them', async () => {
    const annots = '/Annots [<< /Type /Annot /Subtype /Link /Rect [70 700 200 718] /A << /S /URI /URI (https://harbour.example/data.csv) >> >>]';
    const pdf = pagesPdf([textContent(['Cargo figures by month'])], { pageExtra: annots });
    const read = await readDocument({ bytes: pdf, kind: 'pdf', url: 'https://harbour.example/report.pdf' });
    expect(read.ok && read.document.links).toEqual([{ url: 'https://harbour.example/data.csv', text: 'Cargo figures by month' }]);
  });

  it('gives a one-line reason for an encrypted, a truncated, a corrupt and a scanned PDF', async () => {
    const reasons = await Promise.all([encryptedPdf(), truncated(TWO_PAGES), corrupted(TWO_PAGES), scannedPdf()].map(async (pdf) => extractPdf(pdf)));
    expect(reasons).toEqual([
      { ok: false, reason: 'the PDF is encrypted with a password' },
      { ok: false, reason: 'the file is not a valid PDF (Invalid PDF structure)' },
      { ok: false, reason: expect.stringMatching(/^the file is not a valid PDF|^the PDF has no/) as string },
      { ok: false, reason: 'the PDF has no text layer (a scan?); scout does not run OCR' },
    ]);
  }, 60_000);

  it('reads the first 300 pages of 2,000 and says where it stopped', async () => {
    const read = await extractPdf(manyPagesPdf(2000));
    expect(read.ok && { pages: read.pages, read: read.read.length, stopped: read.stopped }).toEqual({ pages: 2000, read: 300, stopped: 'read pages 1–300 of 2000 (the 300-page bound)' });
  }, 60_000);

  it('stops a decompression bomb (13 MB inflating to 2 GB) at its memory or time bound', async () => {
    const read = await extractPdf(bombPdf(2));
    expect(read).toEqual({ ok: false, reason: expect.stringMatching(/^reading the PDF (needed over 512 MB of memory|took over 20 s).*decompression bomb/) as string });
    // The same reader goes on to the next file.
    expect((await extractPdf(TWO_PAGES)).ok).toBe(true);
  }, 60_000);
});
