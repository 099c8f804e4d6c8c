/** A navigation that ended on a document (document-capture.ts) as a PageLoad: its text read, or why it cannot be. */
import { readDocument } from '../read/document/document.js';
import { MAX_DOCUMENT_BYTES, mediaType } from '../read/document/kinds.js';
import type { PageLoad } from '../types.js';
import type { CaughtDocument } from './document-capture.js';

/** Why a caught file is not read, in one line; undefined for one that is. */
export function unreadable(caught: CaughtDocument): string | undefined {
  const type = mediaType(caught.contentType) || 'a file of no stated type';
  if (caught.kind === 'binary') return `not readable: ${type} (scout reads pages, PDFs and text files)`;
  if (caught.kind === 'too-large') return `not read: the file is over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;
  if (caught.kind === 'failed' || !caught.bytes) return `the file could not be fetched: ${caught.reason ?? 'no body'}`;
  return undefined;
}

/** The load of a document: base (status, dialogs... of the navigation) with its text, or with the reason it has none. */
export async function documentLoad(base: PageLoad, caught: CaughtDocument, signal: AbortSignal | undefined, started: number): Promise<PageLoad> {
  const reason = unreadable(caught);
  if (reason || !caught.bytes || (caught.kind !== 'pdf' && caught.kind !== 'text')) return { ...base, error: reason ?? 'not readable', ms: Date.now() - started };
  const read = await readDocument({ bytes: caught.bytes, kind: caught.kind, url: base.url, contentType: caught.contentType, ...(signal ? { signal } : {}) });
  if (!read.ok) return { ...base, error: read.reason, ms: Date.now() - started };
  return { ...base, title: read.document.title, html: '', document: read.document, ms: Date.now() - started };
}
