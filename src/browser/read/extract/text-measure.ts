/**
 * Measuring text the same way for every script: a CJK sentence has no spaces, so
 * its characters are counted as words (about two characters per word) instead of
 * the whole sentence counting as one.
 */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;
const WORD = /[\p{L}\p{N}]+/gu;
/** Sentence-final punctuation of Latin, CJK, Devanagari and Arabic scripts. */
export const END_PUNCTUATION = /[.!?:;…。！？；：।॥۔؟]["'”’»)\]]*$/u;

export function cjkCount(text: string): number {
  return text.match(CJK)?.length ?? 0;
}

/** Words in `text`, counting each two CJK characters as one word. */
export function wordCount(text: string): number {
  const cjk = cjkCount(text);
  if (cjk === 0) return text.match(WORD)?.length ?? 0;
  const rest = text.replace(CJK, ' ').match(WORD)?.length ?? 0;
  return rest + Math.ceil(cjk / 2);
}

/** Length of `text` without whitespace, a CJK character weighing as much as three Latin ones. */
export function weightedLength(text: string): number {
  return text.replace(/\s+/g, '').length + 2 * cjkCount(text);
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
