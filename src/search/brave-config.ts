/**
 * Brave's settings in scout's config: their types, defaults, and the flag,
 * environment variables and check of each (config.ts spreads them into its
 * table). Parameters are checked by the code that checks a call's own.
 */
import { checkBraveHeaders } from './brave-headers.js';
import { checkBraveParam, type BraveParamName, type Checked, type Safesearch } from './brave-params.js';

export interface BraveSettings {
  braveApiKey: string | undefined;
  /** Base URL of the Brave Search API (tests point it at a loopback double). */
  braveUrl: string;
  /** Requests per second, one limiter for the whole process; fractions allowed (0.5: one every 2 s); <= 0 disables it. */
  braveRequestsPerSecond: number;
  /** Web Search parameters for every search; absent: Brave's own default. */
  braveCountry?: string;
  braveSearchLang?: string;
  braveOffset?: number;
  braveSafesearch?: Safesearch;
  braveFreshness?: string;
  braveSpellcheck?: boolean;
  /** Default false: scout reads snippets as plain text. */
  braveTextDecorations?: boolean;
  braveExtraSnippets?: boolean;
  braveOperators?: boolean;
  /** Request headers Brave documents (X-Loc-* for local results, Api-Version...), added to every request. */
  braveHeaders: Readonly<Record<string, string>>;
}

export const BRAVE_DEFAULTS: BraveSettings = {
  braveApiKey: undefined,
  braveUrl: 'https://api.search.brave.com',
  braveRequestsPerSecond: 1,
  braveTextDecorations: false,
  braveHeaders: {},
};

export type Check = (value: unknown) => Checked<unknown>;

/** Requests per second: any number up to 1000; 0 or less means no limit. */
export const checkRate: Check = (value) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n <= 1000 ? { value: n } : { expected: 'requests per second such as 1 or 0.5 (at most 1000; 0 or less: no limit)' };
};

const param = (name: BraveParamName): Check => (value) => checkBraveParam(name, value);

/**
 * The settings' table entries. `checkedBy` turns a check into config.ts's
 * parser (naming the flag, variable or file key on failure); `url` and `key`
 * are its own URL and optional-text parsers.
 */
export function braveFields<P>(checkedBy: (check: Check) => P, url: P, key: P) {
  return {
    /** An explicit key (flag or config file) wins over BRAVE_API_KEY, as Brave's own MCP server reads it. */
    braveApiKey: { flag: '--brave-api-key', env: ['BRAVE_API_KEY'], parse: key, fileBeforeEnv: true },
    braveUrl: { flag: '--brave-url', env: ['BRAVE_API_URL'], parse: url },
    braveRequestsPerSecond: { flag: '--brave-requests-per-second', env: ['BRAVE_REQUESTS_PER_SECOND'], parse: checkedBy(checkRate) },
    braveCountry: { flag: '--brave-country', env: ['BRAVE_COUNTRY'], parse: checkedBy(param('country')) },
    braveSearchLang: { flag: '--brave-search-lang', env: ['BRAVE_SEARCH_LANG', 'BRAVE_SEARCH_LANGUAGE'], parse: checkedBy(param('search_lang')) },
    braveOffset: { flag: '--brave-offset', env: ['BRAVE_OFFSET'], parse: checkedBy(param('offset')) },
    braveSafesearch: { flag: '--brave-safesearch', env: ['BRAVE_SAFESEARCH'], parse: checkedBy(param('safesearch')) },
    braveFreshness: { flag: '--brave-freshness', env: ['BRAVE_FRESHNESS'], parse: checkedBy(param('freshness')) },
    braveSpellcheck: { flag: '--brave-spellcheck', env: ['BRAVE_SPELLCHECK'], parse: checkedBy(param('spellcheck')) },
    braveTextDecorations: { flag: '--brave-text-decorations', env: ['BRAVE_TEXT_DECORATIONS'], parse: checkedBy(param('text_decorations')) },
    braveExtraSnippets: { flag: '--brave-extra-snippets', env: ['BRAVE_EXTRA_SNIPPETS'], parse: checkedBy(param('extra_snippets')) },
    braveOperators: { flag: '--brave-operators', env: ['BRAVE_OPERATORS'], parse: checkedBy(param('operators')) },
    braveHeaders: { flag: '--brave-header', env: ['BRAVE_HEADERS'], parse: checkedBy(checkBraveHeaders) },
  };
}

/** Config file values under the names the table knows: the old braveSearchLanguage, and braveHeaders' object as text. */
export function braveFileValue(key: string, value: unknown): [string, unknown] {
  const name = key === 'braveSearchLanguage' ? 'braveSearchLang' : key;
  return [name, name === 'braveHeaders' && typeof value === 'object' && value !== null ? JSON.stringify(value) : value];
}
