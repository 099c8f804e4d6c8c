/**
 * pdf.js (Mozilla's, through unpdf's build that needs no worker or canvas) on
 * a PDF's bytes: the page count, the title, then each page's text in reading
 * order (pdf-layout.ts) and its web links, handed on page by page. Runs inside
 * the bounded worker of pdf-text.ts, never on scout's own thread.
 */
import { getDocument } from 'unpdf/pdfjs';
import { pageText, textIn, type TextPiece } from './pdf-layout.js';

export interface PdfLimits {
  /** Pages read at most, from the first. */
  maxPages: number;
  /** Characters of text read at most; the page that passes it is the last. */
  maxChars: number;
}

export interface PdfPage {
  n: number;
  text: string;
  links: { url: string; text: string }[];
}

export type PdfMessage =
  | { type: 'opened'; pages: number; title: string }
  | { type: 'page'; page: PdfPage }
  | { type: 'done' }
  | { type: 'failed'; name: string; message: string };

interface RawItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

interface RawAnnotation {
  subtype?: string;
  url?: string;
  rect?: number[];
}

function piecesOf(items: readonly unknown[]): TextPiece[] {
  return (items as RawItem[])
    .filter((item) => typeof item.str === 'string' && Array.isArray(item.transform))
    .map((item) => {
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform!;
      const size = Math.hypot(c, d) || Math.hypot(a, b) || item.height || 10;
      return { str: item.str!, x, y, width: item.width ?? 0, size };
    });
}

function linksOf(annotations: readonly unknown[], pieces: readonly TextPiece[]): PdfPage['links'] {
  return (annotations as RawAnnotation[])
    .filter((a) => a.subtype === 'Link' && typeof a.url === 'string' && /^https?:/i.test(a.url))
    .map((a) => ({ url: a.url!, text: textIn(pieces, a.rect ?? []) }));
}

/** Read the PDF, telling `send` what it finds as it goes; never throws (a failure is a message). */
export async function readPdfPages(bytes: Uint8Array, limits: PdfLimits, send: (message: PdfMessage) => void): Promise<void> {
  const task = getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    const doc = await task.promise;
    const info = (await doc.getMetadata().catch(() => undefined))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    // Chromium titles a PDF of a page without a title after its address: about:blank, or a data: URL.
    send({ type: 'opened', pages: doc.numPages, title: /^(?:about:|data:|https?:\/\/)/i.test(title) ? '' : title });
    let chars = 0;
    for (let n = 1; n <= Math.min(doc.numPages, limits.maxPages) && chars < limits.maxChars; n++) {
      const page = await doc.getPage(n);
      const pieces = piecesOf((await page.getTextContent()).items);
      const annotations = (await page.getAnnotations().catch(() => [])) as unknown[];
      const text = pageText(pieces);
      chars += text.length;
      send({ type: 'page', page: { n, text, links: linksOf(annotations, pieces) } });
      page.cleanup();
    }
    send({ type: 'done' });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ type: 'failed', name: e.name, message: e.message });
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
