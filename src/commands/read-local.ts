/** `scout read ./report.pdf`: a PDF or a text file on this machine, read as a fetched one would be; no browser needed. */
import { existsSync, openSync, closeSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readDocument } from '../browser/read/document/document.js';
import { MAX_DOCUMENT_BYTES, sniff } from '../browser/read/document/kinds.js';
import type { PageLoad } from '../browser/types.js';
import { ScoutError } from '../errors.js';
import { watchInterrupts } from './signals.js';

const DOCUMENT_NAME = /\.(?:pdf|txt|md|markdown|csv|tsv|json|ndjson)$/i;

/** The local path `raw` names: a path (./, ../, /, ~/), a file: URL, or a document's file name that exists here; else undefined (a URL). */
export function localFile(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (/^file:/i.test(trimmed)) return fileURLToPath(trimmed);
  if (/^~\//.test(trimmed)) return resolve(process.env.HOME ?? '~', trimmed.slice(2));
  if (/^\.{0,2}\//.test(trimmed)) return resolve(trimmed);
  return DOCUMENT_NAME.test(trimmed) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && existsSync(trimmed) ? resolve(trimmed) : undefined;
}

function readBytes(path: string): Uint8Array {
  if (!existsSync(path)) throw new ScoutError('BAD_INPUT', `no file at ${path}`, 'check the path, or give an http:// or https:// URL');
  const stat = statSync(path);
  if (!stat.isFile()) throw new ScoutError('BAD_INPUT', `${path} is not a file`, 'give a PDF or a text file, or a URL');
  if (stat.size > MAX_DOCUMENT_BYTES) throw new ScoutError('BAD_INPUT', `${path} is over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`, 'scout reads documents of at most 25 MB');
  const bytes = new Uint8Array(stat.size);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, bytes, 0, stat.size, 0);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** The local document as a PageLoad, as `scout read` prints one. Throws ScoutError for a file it cannot read. */
export async function readLocal(path: string): Promise<PageLoad> {
  const started = Date.now();
  const bytes = readBytes(path);
  const kind = sniff(bytes);
  if (kind === 'page') throw new ScoutError('BAD_INPUT', `${path} is an HTML page`, 'scout reads local PDFs and text files; open a page by its URL');
  if (kind === 'binary') throw new ScoutError('NOTHING_FOUND', `could not read ${path}: not a PDF or a text file`, 'scout reads pages, PDFs and text files');
  const url = pathToFileURL(path).href;
  const interrupts = watchInterrupts(() => {});
  try {
    const read = await readDocument({ bytes, kind, url, signal: interrupts.first });
    if (interrupts.first.aborted) throw new ScoutError('INTERRUPTED', 'interrupted');
    if (!read.ok) throw new ScoutError('NOTHING_FOUND', `could not read ${path}: ${read.reason}`, 'try another copy of the file');
    return { requestedUrl: url, url, status: null, title: read.document.title, html: '', document: read.document, dialogs: [], downloads: [], popups: [], ms: Date.now() - started };
  } finally {
    interrupts.dispose();
  }
}
