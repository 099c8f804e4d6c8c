/**
 * Brave Web Search parameters (api-dashboard.search.brave.com, GET
 * /res/v1/web/search), checked before anything is sent: a bad value costs no
 * request and no quota, and the error says which value and why.
 */
import { ScoutError } from '../errors.js';

export type Safesearch = 'off' | 'moderate' | 'strict';

/** The documented query parameters scout sends; result_filter is always "web" (scout reads web results only). */
export interface BraveParams {
  q: string;
  count?: number;
  offset?: number;
  country?: string;
  search_lang?: string;
  safesearch?: Safesearch;
  freshness?: string;
  spellcheck?: boolean;
  text_decorations?: boolean;
  extra_snippets?: boolean;
  operators?: boolean;
  result_filter: 'web';
}

/** The optional parameters, as a caller (CLI, config file, MCP, a model) may set them. */
export type BraveOptionalParams = Partial<Omit<BraveParams, 'q' | 'result_filter'>>;
export type BraveParamName = keyof BraveOptionalParams;

const OPTIONAL: readonly BraveParamName[] = ['count', 'offset', 'country', 'search_lang', 'safesearch', 'freshness', 'spellcheck', 'text_decorations', 'extra_snippets', 'operators'];
const QUERY_KEYS = ['q', 'query', 'search_query'] as const;
/** Older callers (and Brave's own early examples) wrote search_language. */
const ALIASES: Record<string, BraveParamName> = { search_language: 'search_lang' };
const SAFESEARCH: readonly Safesearch[] = ['off', 'moderate', 'strict'];
const FRESHNESS = /^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/;
export const MAX_QUERY_CHARS = 400;
export const MAX_QUERY_WORDS = 50;
export const MAX_COUNT = 20;

/** search_lang values the API accepts (its Language Codes table); note jp, not ja. */
export const SEARCH_LANGS: readonly string[] = [
  'ar', 'eu', 'bn', 'bg', 'ca', 'zh-hans', 'zh-hant', 'hr', 'cs', 'da', 'nl', 'en', 'en-gb', 'et', 'fi', 'fr', 'gl', 'de', 'gu', 'he', 'hi', 'hu', 'is', 'it', 'jp',
  'kn', 'ko', 'lv', 'lt', 'ms', 'ml', 'mr', 'nb', 'pl', 'pt-br', 'pt-pt', 'pa', 'ro', 'ru', 'sr', 'sk', 'sl', 'es', 'sv', 'ta', 'te', 'th', 'tr', 'uk', 'vi',
];

/** null, undefined, "", "null" and [] mean "not given". */
export function isNullLike(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim().toLowerCase() === 'null';
  return Array.isArray(value) && value.length === 0;
}

/** A checked value, or what was expected instead. */
export type Checked<T> = { value: T } | { expected: string };

function whole(value: unknown, min: number, max: number): Checked<number> {
  const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return { expected: `a whole number from ${min} to ${max}` };
  return { value: n };
}

function flag(value: unknown): Checked<boolean> {
  if (typeof value === 'boolean') return { value };
  const v = typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : '';
  if (['true', '1', 'on', 'yes'].includes(v)) return { value: true };
  if (['false', '0', 'off', 'no'].includes(v)) return { value: false };
  return { expected: 'true or false' };
}

function validDate(range: string): boolean {
  return range.split('to').every((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });
}

/** One optional parameter, checked and normalised (country upper case, search_lang lower case). */
export function checkBraveParam(name: BraveParamName, value: unknown): Checked<unknown> {
  const text = typeof value === 'string' ? value.trim() : undefined;
  switch (name) {
    case 'count':
      return whole(value, 1, MAX_COUNT);
    case 'offset':
      return whole(value, 0, 9);
    case 'country':
      return text !== undefined && /^([a-z]{2}|all)$/i.test(text) ? { value: text.toUpperCase() } : { expected: 'a two-letter country code such as US or DE, or ALL' };
    case 'search_lang':
      return text !== undefined && SEARCH_LANGS.includes(text.toLowerCase()) ? { value: text.toLowerCase() } : { expected: `one of Brave's language codes: ${SEARCH_LANGS.join(', ')}` };
    case 'safesearch':
      return text !== undefined && (SAFESEARCH as readonly string[]).includes(text.toLowerCase()) ? { value: text.toLowerCase() } : { expected: 'off, moderate or strict' };
    case 'freshness':
      if (text === undefined || !FRESHNESS.test(text)) return { expected: 'pd, pw, pm, py or a range YYYY-MM-DDtoYYYY-MM-DD' };
      return text.includes('to') && !validDate(text) ? { expected: 'real dates in YYYY-MM-DDtoYYYY-MM-DD' } : { value: text };
    default:
      return flag(value);
  }
}

function invalid(name: string, value: unknown, expected: string): ScoutError {
  return new ScoutError('BAD_INPUT', `invalid Brave Search parameter ${name}: ${JSON.stringify(value)}`, `expected ${expected}`);
}

function query(input: Record<string, unknown>): string {
  const given = QUERY_KEYS.filter((key) => !isNullLike(input[key]));
  const raw = given.length ? input[given[0] as (typeof QUERY_KEYS)[number]] : undefined;
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid('q', raw ?? '', 'a non-empty query');
  const q = raw.trim();
  if (q.length > MAX_QUERY_CHARS) throw invalid('q', `${q.slice(0, 40)}…`, `at most ${MAX_QUERY_CHARS} characters (this one has ${q.length})`);
  const words = q.split(/\s+/).length;
  if (words > MAX_QUERY_WORDS) throw invalid('q', `${q.slice(0, 40)}…`, `at most ${MAX_QUERY_WORDS} words (this one has ${words})`);
  return q;
}

/**
 * Validate raw parameters (as a model or a caller might write them) into
 * BraveParams. `query` and `search_query` are aliases of `q`, `search_language`
 * of `search_lang`; null-like values mean "not given".
 */
export function braveParams(input: Record<string, unknown>): BraveParams {
  const params: BraveParams = { q: query(input), result_filter: 'web' };
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const name = ALIASES[key] ?? key;
    // The last one given wins: a call's own parameters come after the config's.
    if ((OPTIONAL as readonly string[]).includes(name) && !isNullLike(value)) values[name] = { key, value };
  }
  for (const [name, given] of Object.entries(values) as [BraveParamName, { key: string; value: unknown }][]) {
    const checked = checkBraveParam(name, given.value);
    if ('expected' in checked) throw invalid(given.key, given.value, checked.expected);
    (params as unknown as Record<string, unknown>)[name] = checked.value;
  }
  return params;
}

/** Brave's search_lang for a language tag such as en, en-GB, pt-BR, zh-TW, ja; undefined when Brave has none for it. */
export function braveLanguage(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-hant') return 'zh-hant';
  if (lower.startsWith('zh')) return 'zh-hans';
  if (SEARCH_LANGS.includes(lower)) return lower;
  const base = lower.split('-')[0] ?? lower;
  const mapped = { ja: 'jp', pt: 'pt-pt', no: 'nb', nn: 'nb', iw: 'he' }[base] ?? base;
  return SEARCH_LANGS.includes(mapped) ? mapped : undefined;
}
