/** The worker thread pdf-text.ts starts for one PDF: its bytes and limits in, messages out. */
import { parentPort, workerData } from 'node:worker_threads';
import { readPdfPages, type PdfLimits } from './pdf-pages.js';

const { bytes, limits } = workerData as { bytes: Uint8Array; limits: PdfLimits };
await readPdfPages(bytes, limits, (message) => parentPort?.postMessage(message));
