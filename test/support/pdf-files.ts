/**
 * PDFs made at test time: through the real Chromium (page.pdf() of fixture
 * HTML), and by hand for the files no browser writes: an encrypted one, a scan
 * with no text layer, 2,000 pages, a decompression bomb, broken bytes.
 */
import puppeteer from 'puppeteer-core';
import { findChrome } from '../../src/browser/launch/chrome.js';

/** page.pdf() of each HTML document, in one headless Chromium. */
export async function chromiumPdfs(htmls: Record<string, string>): Promise<Record<string, Buffer>> {
  const browser = await puppeteer.launch({ executablePath: findChrome(process.env.CHROME_PATH), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const out: Record<string, Buffer> = {};
    const page = await browser.newPage();
    for (const [name, html] of Object.entries(htmls)) {
      await page.setContent(html, { waitUntil: 'load' });
      out[name] = Buffer.from(await page.pdf({ format: 'A4', margin: { top: '2cm', bottom: '2cm', left: '2cm', right: '2cm' } }));
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** A PDF of the given objects (1-based; object 1 the catalog), with a correct xref table. */
export function pdfOf(objects: readonly (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Buffer | string): Buffer {
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data, 'latin1');
  return Buffer.concat([Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`, 'latin1'), bytes, Buffer.from('\nendstream', 'latin1')]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Pages whose content streams are given; a Helvetica font as /F1 on every page. Objects: catalog, pages, font, then page and content pairs. */
export function pagesPdf(contents: readonly (Buffer | string)[], options: { contentDict?: string; trailerExtra?: string; extraObjects?: string[]; pageExtra?: string } = {}): Buffer {
  const first = 4;
  const kids = contents.map((_, i) => `${first + 2 * i} 0 R`).join(' ');
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${contents.length} >>`, FONT];
  contents.forEach((content, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${first + 2 * i + 1} 0 R ${options.pageExtra ?? ''}>>`);
    objects.push(stream(options.contentDict ?? '', content));
  });
  return pdfOf([...objects, ...(options.extraObjects ?? [])], options.trailerExtra);
}

export function textContent(lines: readonly string[]): string {
  return `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l.replace(/[()\\]/g, '\\$&')}) '`).join(' ')} ET`;
}

/** Text placed line by line at (x, y), in the order given. */
export function placedText(lines: readonly { text: string; x: number; y: number }[]): string {
  return lines.map((l) => `BT /F1 10 Tf 1 0 0 1 ${l.x} ${l.y} Tm (${l.text.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
}

/** So many pages of one line each. */
export function manyPagesPdf(pages: number): Buffer {
  return pagesPdf(Array.from({ length: pages }, (_, i) => textContent([`This is page ${i + 1} of a very long document.`])));
}

/** One page drawn as a picture only: what a scan without OCR looks like to a text reader. */
export function scannedPdf(): Buffer {
  return pagesPdf(['0.2 g 72 72 468 648 re f 1 g 100 600 200 20 re f']);
}

/**
 * Encrypted with the standard security handler and a user password (not the
 * empty one): no reader gets at its text without the password.
 */
export function encryptedPdf(): Buffer {
  const hex = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = `<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(97)}> /P -44 >>`;
  return pagesPdf([textContent(['secret'])], { extraObjects: [encrypt], trailerExtra: `/Encrypt 6 0 R /ID [<${hex(5).slice(0, 32)}> <${hex(5).slice(0, 32)}>] ` });
}

/** Bits packed as RFC 1951 packs them: least significant first; Huffman codes most significant bit first. */
class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private used = 0;

  write(value: number, count: number, msbFirst = true): void {
    for (let i = 0; i < count; i++) {
      this.acc |= (msbFirst ? (value >> (count - 1 - i)) & 1 : (value >> i) & 1) << this.used++;
      if (this.used === 8) this.flush();
    }
  }

  flush(): void {
    if (this.used > 0) this.bytes.push(this.acc);
    this.acc = 0;
    this.used = 0;
  }
}

const SPACE = 0x30 + 0x20;
/** "Repeat 258 bytes from 1 back": length code 285, distance code 0; 13 bits in all. */
const repeat = (w: BitWriter) => (w.write(0xc5, 8), w.write(0, 5));

/**
 * zlib data that inflates to `bytes` spaces (a ratio of about 160:1): one
 * literal, then fixed-Huffman repeat codes. After the block header, the literal
 * and one repeat the bits are byte-aligned, and eight repeats make 13 bytes,
 * so the middle is one 13-byte pattern copied.
 */
export function spacesDeflated(bytes: number): Buffer {
  const w = new BitWriter();
  w.write(1, 1, false); // the last block
  w.write(1, 2, false); // fixed Huffman codes
  w.write(SPACE, 8);
  let repeats = Math.floor((bytes - 1) / 258);
  const parts: Buffer[] = [];
  if (repeats >= 9) {
    repeat(w);
    const eight = new BitWriter();
    for (let i = 0; i < 8; i++) repeat(eight);
    parts.push(Buffer.from(w.bytes.splice(0)), Buffer.alloc(Math.floor((repeats - 1) / 8) * 13).fill(Buffer.from(eight.bytes)));
    repeats = (repeats - 1) % 8;
  }
  for (let i = 0; i < repeats; i++) repeat(w);
  for (let i = 0; i < (bytes - 1) % 258; i++) w.write(SPACE, 8);
  w.write(0, 7); // end of block
  w.flush();
  const n = BigInt(bytes);
  const adler = Number((((n + (32n * n * (n + 1n)) / 2n) % 65521n) << 16n) | ((1n + 32n * n) % 65521n));
  const checksum = Buffer.from([adler >>> 24, (adler >>> 16) & 255, (adler >>> 8) & 255, adler & 255]);
  return Buffer.concat([Buffer.from([0x78, 0x01]), ...parts, Buffer.from(w.bytes), checksum]);
}

/** A page whose content stream inflates to `gigabytes` GB of spaces from a file of about 6.3 MB per gigabyte. */
export function bombPdf(gigabytes: number): Buffer {
  return pagesPdf([spacesDeflated(Math.round(gigabytes * 2 ** 30))], { contentDict: '/Filter /FlateDecode' });
}

/** The first share of the file: a download cut off. */
export function truncated(pdf: Buffer, share = 0.5): Buffer {
  return pdf.subarray(0, Math.floor(pdf.length * share));
}

/** The header kept, everything after it overwritten with noise every few bytes, the xref table and trailer wholly: the objects cannot be found or parsed. */
export function corrupted(pdf: Buffer): Buffer {
  const out = Buffer.from(pdf);
  for (let i = 16; i < out.length; i += 3) out[i] = (i * 7) % 251;
  for (let i = Math.max(16, out.lastIndexOf('xref')); i < out.length; i++) out[i] = (i * 13) % 251;
  return out;
}
