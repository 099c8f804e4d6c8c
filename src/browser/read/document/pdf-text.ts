/**
 * A PDF's text, read in a worker thread with bounds, so that a hostile or
 * broken file (a decompression bomb, a page that never ends, thousands of
 * pages) costs only itself: the worker's heap is capped, the process's memory
 * is watched while it runs, and it is stopped after a time limit. What was
 * read before a bound was hit is kept; a file that gives nothing gets a
 * one-line reason.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfLimits, PdfMessage, PdfPage } from './pdf-pages.js';

export interface PdfBounds extends PdfLimits {
  /** Wall time for the whole file. */
  timeoutMs: number;
  /** The worker's JavaScript heap. */
  heapMb: number;
  /** Growth of the process's resident memory while the file is read (decoded streams live outside the heap). */
  memoryMb: number;
}

export const PDF_BOUNDS: PdfBounds = { maxPages: 300, maxChars: 1_000_000, timeoutMs: 20_000, heapMb: 256, memoryMb: 512 };

export type PdfOutcome =
  | { ok: true; pages: number; title: string; read: PdfPage[]; stopped?: string }
  | { ok: false; reason: string };

const WATCH_MS = 20;

/**
 * The worker: the compiled JavaScript beside this file, or, for tests and
 * benches that run the TypeScript source, a bootstrap that registers tsx in
 * the worker first (a worker does not inherit the parent's module hooks).
 */
function workerSource(): { source: URL | string; eval: boolean } {
  const js = new URL('./pdf-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { source: js, eval: false };
  // require.resolve finds tsx's CommonJS entry; the ES module one sits beside it.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const ts = new URL('./pdf-worker.ts', import.meta.url).href;
  // No cache: tsx's would be a folder left in the temp directory.
  return { source: `process.env.TSX_DISABLE_CACHE = '1'; import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(ts)}); });`, eval: true };
}

function failureReason(name: string, message: string): string {
  if (name === 'PasswordException') return 'the PDF is encrypted with a password';
  if (name === 'InvalidPDFException') return `the file is not a valid PDF (${message.replace(/\.$/, '')})`;
  return `the PDF could not be read: ${message}`;
}

/** What was read, whole or up to a bound; the bound's reason alone when nothing was. */
function outcome(state: { pages: number; title: string; read: PdfPage[] }, stopped: string | undefined, bounds: PdfLimits): PdfOutcome {
  const { pages, title, read } = state;
  if (read.length === 0 && stopped) return { ok: false, reason: stopped };
  if (pages === 0) return { ok: false, reason: 'the PDF has no pages' };
  if (read.every((p) => p.text.trim() === '')) return { ok: false, reason: 'the PDF has no text layer (a scan?); scout does not run OCR' };
  const cut = stopped ?? (read.length >= pages ? undefined : read.length >= bounds.maxPages ? `the ${bounds.maxPages}-page bound` : `the ${bounds.maxChars.toLocaleString('en')}-character bound`);
  return { ok: true, pages, title, read, ...(cut ? { stopped: `read pages 1–${read.length} of ${pages} (${cut})` } : {}) };
}

/** Read a PDF's text page by page within the bounds; never throws. */
export function extractPdf(bytes: Uint8Array, options: { signal?: AbortSignal; bounds?: Partial<PdfBounds> } = {}): Promise<PdfOutcome> {
  const bounds = { ...PDF_BOUNDS, ...options.bounds };
  const { source, eval: evaluated } = workerSource();
  const limits: PdfLimits = { maxPages: bounds.maxPages, maxChars: bounds.maxChars };
  const worker = new Worker(source, {
    eval: evaluated,
    workerData: { bytes, limits },
    resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  const state = { pages: 0, title: '', read: [] as PdfPage[] };
  const baseline = process.memoryUsage.rss();
  return new Promise<PdfOutcome>((resolve) => {
    let settled = false;
    const finish = (stopped: string | undefined, result?: PdfOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      resolve(result ?? outcome(state, stopped, limits));
    };
    const onAbort = () => finish(undefined, { ok: false, reason: 'interrupted' });
    const timer = setTimeout(() => finish(state.read.length > 0 ? `the ${bounds.timeoutMs / 1000} s bound` : `reading the PDF took over ${bounds.timeoutMs / 1000} s (a decompression bomb, or pages too heavy to read)`), bounds.timeoutMs);
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > bounds.memoryMb * 1e6) finish(state.read.length > 0 ? `the ${bounds.memoryMb} MB memory bound` : `reading the PDF needed over ${bounds.memoryMb} MB of memory (a decompression bomb?)`);
    }, WATCH_MS);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    worker.on('message', (message: PdfMessage) => {
      if (message.type === 'opened') Object.assign(state, { pages: message.pages, title: message.title });
      else if (message.type === 'page') state.read.push(message.page);
      else if (message.type === 'failed') finish(undefined, state.read.length > 0 ? outcome(state, failureReason(message.name, message.message), limits) : { ok: false, reason: failureReason(message.name, message.message) });
      else finish(undefined);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const heap = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (state.read.length > 0) finish(heap ? `the ${bounds.heapMb} MB heap bound` : `the PDF reader failed: ${error.message}`);
      else finish(heap ? `reading the PDF needed over ${bounds.heapMb} MB of heap (a decompression bomb?)` : `the PDF reader failed: ${error.message}`);
    });
    worker.on('exit', () => finish('the PDF reader stopped'));
  });
}
