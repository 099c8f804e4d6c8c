/**
 * A token estimate without a tokenizer. Good enough to size a context window:
 * English and code run about 4 characters per token, other alphabets (Cyrillic,
 * Greek, Arabic, accented Latin) about 2, and CJK about one token per character.
 */
import type { ChatMessage } from './types.js';

/** Chat-template tokens each message costs beyond its content (role markers, separators). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

const ASCII_CHARS_PER_TOKEN = 4;
const OTHER_CHARS_PER_TOKEN = 2;

/** Hiragana, Katakana, CJK ideographs (with extension A and compatibility), Hangul, full-width forms. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\uff00-\uffef]/;

/** Token cost of one character, in tokens (fractional). */
export function charTokens(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1 / ASCII_CHARS_PER_TOKEN;
  if (code > 0xffff || CJK.test(char)) return 1;
  return 1 / OTHER_CHARS_PER_TOKEN;
}

export function estimateTokens(text: string): number {
  let tokens = 0;
  for (const char of text) tokens += charTokens(char);
  return Math.ceil(tokens);
}

export function estimateMessagesTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + MESSAGE_OVERHEAD_TOKENS, 0);
}

/**
 * How many UTF-16 code units of `text`, from its start, fit in `tokens`.
 * Never splits a surrogate pair.
 */
export function prefixFitting(text: string, tokens: number): number {
  let used = 0;
  let length = 0;
  for (const char of text) {
    used += charTokens(char);
    if (used > tokens) break;
    length += char.length;
  }
  return length;
}
