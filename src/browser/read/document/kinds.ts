/**
 * What a response is, from its Content-Type and, where that says too little
 * (application/octet-stream, none at all, text/plain on a PDF), its first
 * bytes: a page for Chromium to render, a PDF, text to show as it is, or a
 * file scout cannot read.
 */

export type DocumentKind = 'pdf' | 'text';

/** What the Content-Type alone says: 'sniff' when the bytes must tell. */
export type TypeVerdict = 'page' | DocumentKind | 'binary' | 'sniff';

/** Documents scout fetches: at most this many bytes (a larger one is reported, not read). */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

const TEXT_TYPES = /^(?:text\/(?:plain|markdown|x-markdown|csv|tab-separated-values|x-csv|json)|application\/(?:json|x-ndjson|ld\+json|[\w.+-]+\+json|csv))$/;
const PAGE_TYPES = /^(?:text\/html|application\/xhtml\+xml|text\/xml|application\/xml|application\/[\w.+-]+\+xml|image\/svg\+xml|multipart\/x-mixed-replace)$/;
const SNIFF_TYPES = /^(?:application\/(?:octet-stream|download|force-download|x-download|binary|unknown)|binary\/octet-stream)$/;

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function kindOfType(contentType: string | undefined): TypeVerdict {
  const type = mediaType(contentType);
  if (type === '' || SNIFF_TYPES.test(type)) return 'sniff';
  if (type === 'application/pdf' || type === 'application/x-pdf' || type === 'application/acrobat') return 'pdf';
  // text/plain is what many servers say of any file; the bytes still get a look (a PDF sent as text).
  if (TEXT_TYPES.test(type)) return 'text';
  if (PAGE_TYPES.test(type)) return 'page';
  return 'binary';
}

/** A PDF's header, which readers look for in the first kilobyte. */
export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** Bytes with no NUL and nearly no control characters in their first 4 KB: text. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= head.length / 100;
}

/** What the bytes are, for a response whose type said too little: HTML goes back to Chromium as a page. */
export function sniff(bytes: Uint8Array): 'page' | DocumentKind | 'binary' {
  if (isPdf(bytes)) return 'pdf';
  if (!looksLikeText(bytes)) return 'binary';
  const start = Buffer.from(bytes.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
  return /^(?:<!doctype html|<html|<head|<body|<!--|<\?xml)/.test(start) ? 'page' : 'text';
}
