/**
 * PDF reading benchmark: PDFs made now (printed by the real Chromium from the
 * test fixtures and a long report, and the hand-written 2,000-page and bomb
 * files of test/support/pdf-files.ts), each read
 *   - by pdf.js in this thread (readPdfPages): ms per page;
 *   - by scout's bounded worker (extractPdf), as built in dist/ when it is
 *     (npm run build), else from the TypeScript source under tsx (slower to
 *     start): whole-file ms, peak RSS growth, outcome.
 * Medians of --runs runs (default 3). Peak RSS is the process's (the worker's
 * memory included), sampled every 5 ms, above the RSS before the file.
 *
 *   npm run bench:pdf [-- --runs 5] [-- --no-bomb]
 */
import { existsSync } from 'node:fs';
import { readPdfPages, type PdfPage } from '../src/browser/read/document/pdf-pages.js';
import * as fromSource from '../src/browser/read/document/pdf-text.js';
import { FIXTURE_HTML } from '../test/support/pdf-web.js';
import { bombPdf, chromiumPdfs, manyPagesPdf } from '../test/support/pdf-files.js';
import { median } from './support.js';

const args = process.argv.slice(2);
const BUILT = new URL('../dist/browser/read/document/pdf-text.js', import.meta.url);
const built = existsSync(BUILT);
const { extractPdf, PDF_BOUNDS } = built ? ((await import(BUILT.href)) as typeof fromSource) : fromSource;
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;

const REPORT_PARAGRAPH = (i: number) =>
  `<p>Section ${i}. The harbour board reviewed cargo volumes, berth occupancy and dredging works; revenue from container handling rose while bulk cargo fell in the second half of the year, and the board approved new tariffs for ${2024 + (i % 5)}.</p>`;

async function files(): Promise<Record<string, Buffer>> {
  const printed = await chromiumPdfs({ ...FIXTURE_HTML, longReport: `<title>Long report</title><style>body{font:11pt serif}</style>${Array.from({ length: 2400 }, (_, i) => REPORT_PARAGRAPH(i)).join('')}` });
  return { ...printed, pages2000: manyPagesPdf(2000), ...(args.includes('--no-bomb') ? {} : { bomb2GB: bombPdf(2) }) };
}

/** Run fn while sampling the process's RSS; returns its value, ms, and the peak RSS growth in MB. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const started = performance.now();
  const value = await fn();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { value, ms, peakMb: (peak - before) / 1e6 };
}

async function inThread(bytes: Buffer): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  await readPdfPages(new Uint8Array(bytes), { maxPages: PDF_BOUNDS.maxPages, maxChars: PDF_BOUNDS.maxChars }, (m) => {
    if (m.type === 'page') pages.push(m.page);
  });
  return pages;
}

const row = (cells: (string | number)[]) => console.log(cells.map((c, i) => (i === cells.length - 1 ? String(c) : String(c).padStart(i === 0 ? 12 : 11))).join(''));

const all = await files();
console.log(`pdf.js ${(await import('unpdf/pdfjs')).version} via unpdf; worker from ${built ? 'dist/' : 'src/ under tsx'}; bounds: ${JSON.stringify(PDF_BOUNDS)}; ${runs} runs, medians\n`);
row(['file', 'KB', 'pages read', 'ms/page', 'worker ms', 'worker MB', '  outcome']);
for (const [name, bytes] of Object.entries(all)) {
  const thread = [];
  const worker = [];
  // The bomb in this thread would take what the worker's bounds refuse it: it is read in the worker only.
  for (let i = 0; i < runs; i++) {
    if (name !== 'bomb2GB') thread.push(await measured(() => inThread(bytes)));
    worker.push(await measured(() => extractPdf(new Uint8Array(bytes))));
  }
  const pages = thread[0]?.value.length ?? 0;
  const outcome = worker[0]!.value;
  row([
    name,
    Math.round(bytes.length / 1024),
    pages || '-',
    pages ? median(thread.map((t) => t.ms / pages)).toFixed(1) : '-',
    Math.round(median(worker.map((w) => w.ms))),
    Math.round(median(worker.map((w) => w.peakMb))),
    `  ${outcome.ok ? `ok${outcome.stopped ? `, ${outcome.stopped}` : ''}` : outcome.reason}`,
  ]);
}
