/**
 * Brave Web Search parameters, checked before anything is sent: a bad value
 * costs no request and no quota, and the error says which value and why.
 */
import { ScoutError } from '../errors.js';

export interface BraveParams {
  q: string;
  count?: number;
  offset?: number;
  country?: string;
  search_lang?: string;
  safesearch?: 'off' | 'moderate' | 'strict';
  freshness?: string;
}

const OPTIONAL = ['count', 'offset', 'country', 'search_lang', 'safesearch', 'freshness'] as const;
const QUERY_KEYS = ['q', 'query', 'search_query'] as const;
const SAFESEARCH = ['off', 'moderate', 'strict'] as const;
const FRESHNESS = /^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/;
export const MAX_QUERY_CHARS = 400;

/** null, undefined, "", "null" and [] mean "not given". */
export function isNullLike(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim().toLowerCase() === 'null';
  return Array.isArray(value) && value.length === 0;
}

function invalid(name: string, value: unknown, expected: string): ScoutError {
  return new ScoutError('BAD_INPUT', `invalid Brave Search parameter ${name}: ${JSON.stringify(value)}`, `expected ${expected}`);
}

function whole(name: string, value: unknown, min: number, max: number): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) throw invalid(name, value, `a whole number from ${min} to ${max}`);
  return n;
}

function text(name: string, value: unknown, pattern: RegExp, expected: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw invalid(name, value, expected);
  return value;
}

function validDate(range: string): boolean {
  return range.split('to').every((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });
}

/**
 * Validate raw parameters (as a model or a caller might write them) into
 * BraveParams. `query` and `search_query` are aliases of `q`.
 */
export function braveParams(input: Record<string, unknown>): BraveParams {
  const given = QUERY_KEYS.filter((key) => !isNullLike(input[key]));
  const rawQuery = given.length ? input[given[0] as (typeof QUERY_KEYS)[number]] : undefined;
  if (typeof rawQuery !== 'string' || rawQuery.trim() === '') throw invalid('q', rawQuery ?? '', 'a non-empty query');
  const q = rawQuery.trim();
  if (q.length > MAX_QUERY_CHARS) throw invalid('q', `${q.slice(0, 40)}…`, `at most ${MAX_QUERY_CHARS} characters (this one has ${q.length})`);

  const params: BraveParams = { q };
  for (const key of OPTIONAL) {
    const value = input[key];
    if (isNullLike(value)) continue;
    switch (key) {
      case 'count':
        params.count = whole(key, value, 1, 20);
        break;
      case 'offset':
        params.offset = whole(key, value, 0, 9);
        break;
      case 'country':
        params.country = text(key, value, /^[A-Z]{2}$/, 'two uppercase letters such as US or DE');
        break;
      case 'search_lang':
        params.search_lang = text(key, value, /^[a-z]{2}(-[a-z]{2,4})?$/, 'a language code such as en, de, pt-br or zh-hans');
        break;
      case 'safesearch':
        if (typeof value !== 'string' || !(SAFESEARCH as readonly string[]).includes(value)) throw invalid(key, value, 'off, moderate or strict');
        params.safesearch = value as BraveParams['safesearch'];
        break;
      case 'freshness': {
        const f = text(key, value, FRESHNESS, 'pd, pw, pm, py or a range YYYY-MM-DDtoYYYY-MM-DD');
        if (f.includes('to') && !validDate(f)) throw invalid(key, value, 'real dates in YYYY-MM-DDtoYYYY-MM-DD');
        params.freshness = f;
        break;
      }
    }
  }
  return params;
}

/** Brave's search_lang for a language tag such as en, en-GB, pt-BR, zh-TW. */
export function braveLanguage(tag: string): string {
  const lower = tag.toLowerCase();
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-hant') return 'zh-hant';
  if (lower.startsWith('zh')) return 'zh-hans';
  if (lower === 'pt-br' || lower === 'en-gb') return lower;
  return lower.split('-')[0] ?? lower;
}
