/**
 * Text as tokens for grounding: words, numbers and CJK characters, each with
 * its place in the original text so that a match can be shown in the page's
 * own words. Numbers are read the same however they are written (1,516 and
 * 1516 and 1 516 are one number; 61.4 and 64.1 are two).
 */

export interface Token {
  /** Normalised form: lower case, NFKC, numbers without group separators. */
  norm: string;
  kind: 'word' | 'number' | 'cjk';
  /** As written: used to tell names (capitalised, mixed letters and digits) apart. */
  raw: string;
  start: number;
  end: number;
}

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const NUMBER = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:[.,]\\d+)?';
/** A letter that is not CJK (those are tokens one character each). */
const LETTER = `(?![${CJK}])[\\p{L}\\p{M}]`;
const TOKEN = new RegExp(`(${NUMBER})|([${CJK}])|(${LETTER}(?:${LETTER}|\\p{N}|['’])*)`, 'gu');

function normNumber(raw: string): string {
  const grouped = raw.match(/^(\d{1,3}(?:,\d{3})+)(\.\d+)?$/);
  if (grouped) return grouped[1]!.replace(/[^\d]/g, '') + (grouped[2] ?? '');
  // "3,5" is a decimal comma; "3.5" a decimal point: both mean 3.5.
  return raw.replace(',', '.');
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  // NFKC turns no-break spaces into plain ones: mark those that group digits first (same length, offsets kept).
  const source = text.replace(/(\d)[\u00a0\u202f\u2009](?=\d{3}\b)/g, '$1,').normalize('NFKC');
  for (const m of source.matchAll(TOKEN)) {
    const raw = m[0];
    const start = m.index;
    if (m[1] !== undefined) tokens.push({ norm: normNumber(raw), kind: 'number', raw, start, end: start + raw.length });
    else if (m[2] !== undefined) tokens.push({ norm: raw, kind: 'cjk', raw, start, end: start + raw.length });
    else tokens.push({ norm: raw.toLowerCase().replace(/[’']/g, "'"), kind: 'word', raw, start, end: start + raw.length });
  }
  return tokens;
}

/** Words common enough at a sentence start or in titles that a capital does not make them a name. */
const NOT_NAMES = new Set(['i', 'a', 'an', 'the', 'on', 'in', 'at', 'it', 'its', 'this', 'that', 'these', 'those', 'there', 'they', 'he', 'she', 'we', 'you', 'as', 'of', 'by', 'for', 'from', 'with', 'and', 'or', 'but', 'if', 'is', 'was', 'are', 'note', 'error', 'action', 'according', 'yes', 'no']);

/**
 * The names of a text: capitalised words that do not open a sentence, words
 * that mix letters and digits (M3, XPS13) and all-capital abbreviations.
 */
export function namesOf(tokens: readonly Token[], text: string): string[] {
  const names = new Set<string>();
  for (const [i, token] of tokens.entries()) {
    if (token.kind !== 'word' || NOT_NAMES.has(token.norm)) continue;
    const before = text.slice(i === 0 ? 0 : tokens[i - 1]!.end, token.start);
    const opensSentence = i === 0 || /[.!?:。！？\n]/.test(before);
    const mixed = /\p{L}/u.test(token.raw) && /\d/.test(token.raw);
    const acronym = /^\p{Lu}{2,}$/u.test(token.raw);
    const capitalised = /^\p{Lu}/u.test(token.raw) && !opensSentence;
    if (mixed || acronym || capitalised) names.add(token.norm);
  }
  return [...names];
}

export function numbersOf(tokens: readonly Token[]): string[] {
  return [...new Set(tokens.filter((t) => t.kind === 'number').map((t) => t.norm))];
}

/** The script most letters of a text are in: 'cjk', 'latin' or 'other'. */
export function dominantScript(tokens: readonly Token[]): 'cjk' | 'latin' | 'other' {
  let cjk = 0;
  let latin = 0;
  let other = 0;
  for (const t of tokens) {
    if (t.kind === 'cjk') cjk++;
    else if (t.kind === 'word') {
      if (/\p{Script=Latin}/u.test(t.raw)) latin += t.raw.length;
      else other += t.raw.length;
    }
  }
  // A CJK character carries about as much as a short Latin word.
  if (cjk * 3 >= latin && cjk * 3 >= other && cjk > 0) return 'cjk';
  if (latin >= other) return 'latin';
  return 'other';
}
