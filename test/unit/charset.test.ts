import { describe, expect, it } from 'vitest';
import { charsetOf, contentTypeWithCharset, decodeText, documentCharset } from '../../src/browser/read/charset.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** windows-1252 bytes of Latin-1 text (the same code points below 0x100). */
const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('charsetOf', () => {
  const page = '<html><head><title>Café</title></head><body><p>Größe: 1,80 m — à la carte, naïve</p></body></html>';

  it('reads an undeclared UTF-8 page as UTF-8, not as windows-1252', () => {
    expect(charsetOf('text/html', utf8(page))).toEqual({ charset: 'utf-8', source: 'detected' });
    expect(decodeText(utf8(page), 'text/html')).toContain('Größe: 1,80 m — à la carte');
  });

  it('keeps windows-1252 for undeclared bytes that are not UTF-8', () => {
    expect(charsetOf('text/html', latin1(page))).toEqual({ charset: 'windows-1252', source: 'detected' });
    expect(decodeText(latin1(page), 'text/html')).toContain('Größe');
  });

  it('takes the header first, then a byte-order mark, then the document', () => {
    expect(charsetOf('text/html; charset="ISO-8859-1"', utf8(page)).source).toBe('header');
    expect(charsetOf('text/html', new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(page)])).source).toBe('bom');
    const declared = latin1(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head><body>x</body></html>`);
    expect(charsetOf('text/html', declared)).toEqual({ charset: 'windows-1251', source: 'document' });
    expect(documentCharset(utf8('<meta charset=utf-8><p>x</p>'))).toBe('utf-8');
  });

  it('reads valid multi-byte UTF-8 as UTF-8 where the markup still declares Latin-1, and real Latin-1 as declared', () => {
    const stale = '<html><head><meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"></head><body><p>that’s my whole 2 nights’ worth — Größe</p></body></html>';
    expect(charsetOf('text/html', utf8(stale))).toEqual({ charset: 'utf-8', source: 'detected' });
    expect(decodeText(utf8(stale), 'text/html')).toContain('that’s my whole 2 nights’ worth — Größe');
    expect(charsetOf('text/html', latin1(stale.replace(/[’—]/g, "'")))).toEqual({ charset: 'iso-8859-1', source: 'document' });
    expect(charsetOf('text/html; charset=iso-8859-1', utf8(stale)).source).toBe('header');
  });

  it('ignores a meta charset in the body and an unknown label', () => {
    expect(documentCharset(utf8('<html><body><meta charset="koi8-r"></body>'))).toBeUndefined();
    expect(charsetOf('text/html; charset=no-such-thing', utf8(page)).source).toBe('detected');
  });

  it('reads a text file without looking for a meta tag in it', () => {
    expect(charsetOf('text/plain', utf8('<meta charset="koi8-r"> Größe'), false)).toEqual({ charset: 'utf-8', source: 'detected' });
  });
});

describe('contentTypeWithCharset', () => {
  it('names the charset when the header does not: the one the document declares, else the detected one', () => {
    expect(contentTypeWithCharset('text/html', utf8('<p>Größe</p>'))).toBe('text/html; charset=utf-8');
    expect(contentTypeWithCharset('text/html; charset=utf-8', utf8('<p>Größe</p>'))).toBeUndefined();
    expect(contentTypeWithCharset('text/html', utf8('<meta charset="utf-8"><p>Größe</p>'))).toBe('text/html; charset=utf-8');
    expect(contentTypeWithCharset('text/html', latin1('<meta charset="iso-8859-1"><p>Größe</p>'))).toBe('text/html; charset=iso-8859-1');
  });
});
