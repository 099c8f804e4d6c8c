/**
 * Documents in the reading session, real Chromium on a loopback site: PDFs the
 * same Chromium printed, read through the tab's own navigation into text with
 * page markers; text files shown as text; other files reported; bad PDFs each
 * costing only their own load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { readPage } from '../../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../../src/browser/session/reading-session.js';
import { FACT, startPdfWeb, type PdfWeb } from '../support/pdf-web.js';

let web: PdfWeb;
let session: ReadingSession;
beforeAll(async () => {
  web = await startPdfWeb();
  session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0 });
}, 60_000);
afterAll(async () => {
  await session?.close();
  await web?.close();
});

describe('reading a PDF in the reading session', () => {
  it('reads the report with a marker before each page, the fact under [page 2]', async () => {
    const load = await session.load(web.at('/report.pdf'));
    expect(load.error).toBeUndefined();
    expect(load.status).toBe(200);
    expect(load.document).toMatchObject({ pageType: 'pdf', pages: 2, title: 'Harbour Authority Annual Report 2023' });
    const text = load.document!.markdown;
    expect(text.startsWith('[page 1]\nHarbour Authority Annual Report 2023')).toBe(true);
    expect(text.indexOf(FACT)).toBeGreaterThan(text.indexOf('[page 2]'));
    // Only the tab's own request fetched it: once, no second download.
    expect(web.requests.filter((r) => r === '/report.pdf')).toHaveLength(1);
  });

  it('reads two columns in order: the left column, then the right', async () => {
    const text = (await session.load(web.at('/columns.pdf'))).document!.markdown;
    const at = (n: number) => text.indexOf(`Paragraph ${n} of the survey`);
    for (let n = 1; n < 14; n++) expect(at(n), `paragraph ${n}`).toBeLessThan(at(n + 1));
    expect(text.replace(/\s+/g, ' ')).toContain('the Rance barrage produces 500 GWh a year');
    expect(text).not.toMatch(/ \| Paragraph/);
  });

  it('keeps a table row on one line', async () => {
    const text = (await session.load(web.at('/table.pdf'))).document!.markdown;
    expect(text).toMatch(/Dover to Calais \| 08:15 \| 90/);
    expect(text).toMatch(/Hull to Rotterdam \| 20:30 \| 660/);
  });

  it('knows a PDF by its bytes when the server calls it octet-stream or names no type', async () => {
    for (const path of ['/download?id=7', '/untyped']) {
      const load = await session.load(web.at(path));
      expect(load.error, path).toBeUndefined();
      expect(load.document?.pageType, path).toBe('pdf');
      expect(load.document?.markdown, path).toContain(FACT);
    }
  }, 60_000);

  it('follows a redirect to the PDF', async () => {
    const load = await session.load(web.at('/redirect-to-report'));
    expect(load.url).toBe(web.at('/report.pdf'));
    expect(load.document?.markdown).toContain(FACT);
  });

  it('offers the links of a page to a PDF and a CSV', async () => {
    const load = await session.load(web.at('/reports.html'));
    const links = readPage(load.html, load.url).links.map((l) => l.url);
    expect(links).toEqual([web.at('/report.pdf'), web.at('/data.csv')]);
  });
});

describe('other files', () => {
  it('shows CSV and Markdown as text', async () => {
    const csv = await session.load(web.at('/data.csv'));
    expect(csv.document).toMatchObject({ pageType: 'text', title: 'data.csv', markdown: 'route,minutes\nDover to Calais,90' });
    expect(csv.downloads).toEqual([]);
    const md = await session.load(web.at('/notes.md'));
    expect(md.document?.markdown).toBe('# Notes\n\nThe tide turns at 14:02.');
  });

  it('reports a zip, a picture and a file over 25 MB as not read, and reads the next page as usual', async () => {
    expect((await session.load(web.at('/archive.zip'))).error).toMatch(/^refused a download/);
    expect((await session.load(web.at('/photo.png'))).error).toBe('not readable: image/png (scout reads pages, PDFs and text files)');
    expect((await session.load(web.at('/huge.pdf'))).error).toBe('not read: the file is over 25 MB');
    const next = await session.load(web.at('/one.pdf'));
    expect(next.document?.markdown).toContain('Its present tower was first lit in 1882.');
  }, 60_000);
});

describe('bad PDFs', () => {
  it('gives each a one-line reason and costs only its own load', async () => {
    const reasons: Record<string, string | undefined> = {};
    for (const name of ['encrypted', 'truncated', 'corrupt', 'scanned']) reasons[name] = (await session.load(web.at(`/bad/${name}.pdf`))).error;
    expect(reasons).toEqual({
      encrypted: 'the PDF is encrypted with a password',
      truncated: expect.stringMatching(/^the file is not a valid PDF|^the PDF has no text layer/) as string,
      corrupt: expect.stringMatching(/^the file is not a valid PDF/) as string,
      scanned: 'the PDF has no text layer (a scan?); scout does not run OCR',
    });
    for (const reason of Object.values(reasons)) expect(reason).not.toContain('\n');
    expect((await session.load(web.at('/report.pdf'))).document?.markdown).toContain(FACT);
  }, 120_000);

  it('reads the first 300 of 2,000 pages and says so', async () => {
    const load = await session.load(web.at('/bad/pages-2000.pdf'));
    expect(load.document?.pages).toBe(2000);
    expect(load.document?.cut).toBe('read pages 1–300 of 2000 (the 300-page bound)');
    expect(load.document?.markdown).toContain('[page 300]\nThis is page 300 of a very long document.');
    expect(load.document?.markdown).not.toContain('[page 301]');
    expect(load.document?.markdown.endsWith('[Document cut: read pages 1–300 of 2000 (the 300-page bound)]')).toBe(true);
  }, 60_000);
});
