/**
 * A loopback site of documents for the PDF tests: PDFs that the real Chromium
 * printed from the fixture HTML below (one column, two columns, a table, a
 * page break with the fact on page 2), the broken ones of pdf-files.ts, text
 * files, a zip, and an HTML page that links to the report.
 */
import { bombPdf, chromiumPdfs, corrupted, encryptedPdf, manyPagesPdf, scannedPdf, truncated } from './pdf-files.js';
import { listen, type Listening } from './listen.js';

/** The fact only the annual report's second page holds. */
export const FACT = 'In 2023 the port handled 4,711,000 tonnes of cargo, a record.';

const STYLE = '<style>body{font:12pt serif} h1{font-size:18pt}</style>';
const FILLER = Array.from({ length: 6 }, (_, i) => `<p>Section ${i + 1} of the review describes the governance of the harbour board, its meetings and its members in some detail.</p>`).join('');

export const FIXTURE_HTML = {
  /** The annual report: page 1 is an overview, page 2 (after a forced break) holds FACT. */
  report: `<title>Harbour Authority Annual Report 2023</title>${STYLE}<h1>Harbour Authority Annual Report 2023</h1><p>This report covers the year's operations of the harbour.</p>${FILLER}<div style="break-before:page"><h2>Cargo</h2><p>${FACT}</p><p>Container traffic grew as well.</p></div>`,
  oneColumn: `<title>One column</title>${STYLE}<h1>Notes on lighthouses</h1><p>The Eddystone lighthouse stands fourteen kilometres off the coast.</p><p>Its present tower was first lit in 1882.</p>`,
  /** Two columns whose left column ends mid-paragraph: read in order, the sentence runs on into the right one. */
  twoColumns: `<title>Two columns</title><style>body{font:11pt serif} .cols{columns:2;column-gap:2cm}</style><h1>Tidal power survey</h1><div class="cols">${Array.from({ length: 14 }, (_, i) => `<p>Paragraph ${i + 1} of the survey discusses tidal range, turbine placement and the effect of silt on the moving parts of the machines.</p>`).join('')}<p>The last paragraph closes the survey: the Rance barrage produces 500 GWh a year.</p></div>`,
  table: `<title>Table</title>${STYLE}<style>td,th{padding:4px 14px}</style><h1>Ferry timetable</h1><table border="1"><tr><th>Route</th><th>Departs</th><th>Minutes</th></tr><tr><td>Dover to Calais</td><td>08:15</td><td>90</td></tr><tr><td>Hull to Rotterdam</td><td>20:30</td><td>660</td></tr></table>`,
} as const;

export interface PdfWeb extends Listening {
  at(path: string): string;
  pdfs: Record<keyof typeof FIXTURE_HTML, Buffer>;
  /** Paths requested so far. */
  requests: string[];
}

interface Served {
  type?: string;
  body: Buffer | string;
  status?: number;
}

/** Start the site: the Chromium-printed PDFs are made now; bad holds the broken ones by name (…/bad/<name>.pdf). */
export async function startPdfWeb(options: { bomb?: boolean } = {}): Promise<PdfWeb> {
  const pdfs = await chromiumPdfs(FIXTURE_HTML);
  const files: Record<string, Served> = {
    '/report.pdf': { type: 'application/pdf', body: pdfs.report },
    '/columns.pdf': { type: 'application/pdf', body: pdfs.twoColumns },
    '/one.pdf': { type: 'application/pdf', body: pdfs.oneColumn },
    '/table.pdf': { type: 'application/pdf', body: pdfs.table },
    '/download?id=7': { type: 'application/octet-stream', body: pdfs.report },
    '/untyped': { body: pdfs.report },
    '/data.csv': { type: 'text/csv', body: 'route,minutes\nDover to Calais,90\n' },
    '/notes.md': { type: 'text/markdown; charset=utf-8', body: '# Notes\n\nThe tide turns at 14:02.\n' },
    '/archive.zip': { type: 'application/zip', body: Buffer.from('PK\x03\x04 not much of a zip', 'latin1') },
    '/photo.png': { type: 'image/png', body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    '/huge.pdf': { type: 'application/pdf', body: Buffer.alloc(26 * 1024 * 1024, 0x20) },
    '/bad/encrypted.pdf': { type: 'application/pdf', body: encryptedPdf() },
    '/bad/truncated.pdf': { type: 'application/pdf', body: truncated(pdfs.report, 0.3) },
    '/bad/corrupt.pdf': { type: 'application/pdf', body: corrupted(pdfs.report) },
    '/bad/scanned.pdf': { type: 'application/pdf', body: scannedPdf() },
    '/bad/pages-2000.pdf': { type: 'application/pdf', body: manyPagesPdf(2000) },
    ...(options.bomb ? { '/bad/bomb.pdf': { type: 'application/pdf', body: bombPdf(2) } } : {}),
    '/reports.html': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><title>Harbour reports</title><h1>Harbour reports</h1><p>Our yearly reports are published as PDF files.</p><ul><li><a href="/report.pdf">Annual Report 2023 (PDF)</a></li><li><a href="/data.csv">Ferry data (CSV)</a></li></ul>`,
    },
  };
  const requests: string[] = [];
  const listening = await listen((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    if (path === '/redirect-to-report') {
      res.writeHead(302, { location: '/report.pdf' });
      res.end();
      return;
    }
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(file.status ?? 200, file.type ? { 'content-type': file.type } : {});
    res.end(file.body);
  });
  return { ...listening, pdfs, requests, at: (path: string) => `${listening.url}${path}` };
}
