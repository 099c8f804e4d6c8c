/**
 * Which character set a page or a text file is in. What the server says (the
 * Content-Type header) wins, then a byte-order mark, then what the document says
 * (<meta charset>, <meta http-equiv="Content-Type">), unless that is Latin-1 or the
 * like over bytes that are valid multi-byte UTF-8 (see LATIN). When nothing says it,
 * Chromium takes windows-1252, which garbles every UTF-8 page served without a
 * charset; so the bytes decide: valid UTF-8 is UTF-8 (the web's own default),
 * anything else stays windows-1252.
 */

export type CharsetSource = 'header' | 'bom' | 'document' | 'detected';

export interface Charset {
  /** A WHATWG encoding label, lower-cased ('utf-8', 'windows-1252', 'shift_jis'...). */
  charset: string;
  source: CharsetSource;
}

const HEADER_CHARSET = /;\s*charset\s*=\s*["']?([^"';\s]+)/i;
/** Chromium looks for a declaration in the document's head; past this many bytes it has stopped looking. */
const PRESCAN_BYTES = 8_192;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The charset a Content-Type header names, lower-cased; undefined when it names none. */
export function headerCharset(contentType: string): string | undefined {
  return HEADER_CHARSET.exec(contentType)?.[1]?.toLowerCase();
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The charset an HTML document declares in its head (a <meta charset> or an http-equiv Content-Type), lower-cased. */
export function documentCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, PRESCAN_BYTES)).toString('latin1');
  const end = head.search(/<body[\s>]/i);
  return META_CHARSET.exec(end >= 0 ? head.slice(0, end) : head)?.[1]?.toLowerCase();
}

/** Whether the bytes are well-formed UTF-8 (plain ASCII is). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Labels of the single-byte Western charsets a template may still declare after its site
 * moved to UTF-8 (its server's header, which would have said so, lost in a saved copy).
 * Text in them almost never forms valid multi-byte UTF-8 (valid UTF-8 with a byte above
 * 0x7f), so such bytes overrule the label.
 */
const LATIN = /^(?:iso[-_]?8859-1|iso[-_]?8859-15|latin-?1|l1|windows-1252|cp1252|us-ascii|ascii)$/;

function known(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The charset to read `bytes` with. `html` says whether the document may declare one
 * itself (a page; not a text file).
 */
export function charsetOf(contentType: string, bytes: Uint8Array, html = true): Charset {
  const header = headerCharset(contentType);
  if (header && known(header)) return { charset: header, source: 'header' };
  const bom = bomCharset(bytes);
  if (bom) return { charset: bom, source: 'bom' };
  const declared = html ? documentCharset(bytes) : undefined;
  if (declared && known(declared)) {
    const staleLatin = LATIN.test(declared) && bytes.some((b) => b > 0x7f) && isUtf8(bytes);
    return staleLatin ? { charset: 'utf-8', source: 'detected' } : { charset: declared, source: 'document' };
  }
  return { charset: isUtf8(bytes) ? 'utf-8' : 'windows-1252', source: 'detected' };
}

/** The bytes as text, in the charset charsetOf finds. */
export function decodeText(bytes: Uint8Array, contentType: string, html = true): string {
  return new TextDecoder(charsetOf(contentType, bytes, html).charset).decode(bytes);
}

/**
 * The Content-Type to hand Chromium for a page whose header names no charset: with the
 * one its document declares, else the detected one; undefined when the header names it.
 * A declaration goes into the header too, for past its first 1,024 bytes Chromium stops
 * looking at a tag that belongs in a body (a tracking pixel in the head's <noscript>).
 */
export function contentTypeWithCharset(contentType: string, bytes: Uint8Array): string | undefined {
  const found = charsetOf(contentType, bytes);
  if (found.source === 'header') return undefined;
  const type = contentType.split(';')[0]?.trim() || 'text/html';
  return `${type}; charset=${found.charset}`;
}
