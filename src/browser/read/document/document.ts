/**
 * A document's bytes -> what the agent reads of it: a PDF's text page by page,
 * each page opened by a `[page N]` line (so notes and citations can name the
 * page), with the links the PDF holds; a text file (plain, Markdown, JSON, CSV)
 * as it is. A document that cannot be read gets a one-line reason.
 */
import type { LoadedDocument } from '../../types.js';
import { cleanLink, type Link } from '../links.js';
import { decodeText } from '../charset.js';
import { isPdf, MAX_DOCUMENT_BYTES, type DocumentKind } from './kinds.js';
import { extractPdf, type PdfBounds } from './pdf-text.js';

export type DocumentRead = { ok: true; document: LoadedDocument } | { ok: false; reason: string };

/** Text beyond this is not kept: the reader's budget is far smaller, and condensing a larger text costs more than it gives. */
export const MAX_TEXT_CHARS = 3_000_000;

export interface DocumentInput {
  bytes: Uint8Array;
  kind: DocumentKind;
  /** Where the document came from: its links are resolved against it, and its file name titles it. */
  url: string;
  contentType?: string;
  signal?: AbortSignal;
  bounds?: Partial<PdfBounds>;
}

/** The line that opens page n of a PDF's text. */
export function pageMarker(n: number): string {
  return `[page ${n}]`;
}

/** The last segment of the URL's path, as a title for a document that has none. */
export function fileTitle(url: string): string {
  try {
    const parsed = new URL(url);
    const name = parsed.pathname.split('/').filter(Boolean).at(-1);
    return name ? decodeURIComponent(name) : parsed.hostname;
  } catch {
    return url;
  }
}

/** A one-line JSON document is laid out, so that it has lines to read and to cut at. */
function layOut(text: string): string {
  if (text.length > 200 && !text.trimEnd().includes('\n') && /^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  return text;
}

function textDocument(input: DocumentInput): DocumentRead {
  const whole = layOut(decodeText(input.bytes, input.contentType ?? '', false).replace(/\r\n?/g, '\n'));
  if (whole.trim() === '') return { ok: false, reason: 'the file is empty' };
  const cut = whole.length > MAX_TEXT_CHARS ? `read the first ${MAX_TEXT_CHARS} of ${whole.length} characters` : undefined;
  const markdown = cut ? whole.slice(0, MAX_TEXT_CHARS) : whole;
  return { ok: true, document: { pageType: 'text', title: fileTitle(input.url), markdown: markdown.trim(), links: [], ...(cut ? { cut } : {}) } };
}

function uniqueLinks(links: readonly Link[], base: string): Link[] {
  const seen = new Map<string, Link>();
  for (const link of links) {
    const url = cleanLink(link.url, base);
    if (!url) continue;
    const known = seen.get(url);
    if (known) known.text ||= link.text;
    else seen.set(url, { url, text: link.text });
  }
  return [...seen.values()].map((l) => ({ url: l.url, text: l.text || l.url }));
}

async function pdfDocument(input: DocumentInput): Promise<DocumentRead> {
  if (!isPdf(input.bytes)) return { ok: false, reason: 'the file is not a PDF (no %PDF- header)' };
  const read = await extractPdf(input.bytes, { ...(input.signal ? { signal: input.signal } : {}), ...(input.bounds ? { bounds: input.bounds } : {}) });
  if (!read.ok) return read;
  const markdown = read.read.map((page) => `${pageMarker(page.n)}\n${page.text}`).join('\n\n');
  const document: LoadedDocument = {
    pageType: 'pdf',
    title: read.title || fileTitle(input.url),
    markdown: read.stopped ? `${markdown}\n\n[Document cut: ${read.stopped}]` : markdown,
    links: uniqueLinks(
      read.read.flatMap((p) => p.links),
      input.url,
    ),
    pages: read.pages,
    ...(read.stopped ? { cut: read.stopped } : {}),
  };
  return { ok: true, document };
}

/** Read a document's bytes as the agent reads it; never throws. */
export async function readDocument(input: DocumentInput): Promise<DocumentRead> {
  if (input.bytes.length > MAX_DOCUMENT_BYTES) return { ok: false, reason: `the file is over ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB` };
  return input.kind === 'pdf' ? pdfDocument(input) : textDocument(input);
}
