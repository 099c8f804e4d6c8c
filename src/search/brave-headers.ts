/**
 * Request headers a person may add to every Brave request (the Web Search API's
 * documented optional headers: the X-Loc-* location headers for local results,
 * Api-Version, Cache-Control, User-Agent), each value checked against the
 * documentation before anything is sent.
 */
import type { Checked } from './brave-params.js';

type Rule = (value: string) => string | undefined;

const number = (min: number, max: number): Rule => (value) => {
  const n = /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && n >= min && n <= max ? undefined : `a number of degrees from ${min} to ${max}`;
};
const matching = (pattern: RegExp, expected: string): Rule => (value) => (pattern.test(value) ? undefined : expected);
const timezone: Rule = (value) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return /\//.test(value) || value === 'UTC' ? undefined : 'an IANA time zone such as Europe/Berlin';
  } catch {
    return 'an IANA time zone such as Europe/Berlin';
  }
};
const anyText: Rule = () => undefined;

/** Lower-case header name -> its canonical spelling and the rule for its value. */
const HEADERS: Record<string, { name: string; rule: Rule }> = {
  'x-loc-lat': { name: 'X-Loc-Lat', rule: number(-90, 90) },
  'x-loc-long': { name: 'X-Loc-Long', rule: number(-180, 180) },
  'x-loc-timezone': { name: 'X-Loc-Timezone', rule: timezone },
  'x-loc-city': { name: 'X-Loc-City', rule: anyText },
  'x-loc-state': { name: 'X-Loc-State', rule: matching(/^[a-z0-9]{1,3}$/i, 'a state or region code of at most 3 letters or digits') },
  'x-loc-state-name': { name: 'X-Loc-State-Name', rule: anyText },
  'x-loc-country': { name: 'X-Loc-Country', rule: matching(/^[a-z]{2}$/i, 'a two-letter country code such as DE') },
  'x-loc-postal-code': { name: 'X-Loc-Postal-Code', rule: matching(/^[a-z0-9][a-z0-9 -]{0,15}$/i, 'a postal code such as 94105') },
  'api-version': { name: 'Api-Version', rule: matching(/^\d{4}-\d{2}-\d{2}$/, 'a version date YYYY-MM-DD') },
  'cache-control': { name: 'Cache-Control', rule: matching(/^no-cache$/, 'no-cache (the only value Brave reads)') },
  'user-agent': { name: 'User-Agent', rule: anyText },
};

const KNOWN = Object.values(HEADERS).map((h) => h.name).join(', ');

/** "Name: value" lines, or a JSON object of names and values. */
function entries(raw: unknown): [string, unknown][] | undefined {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return Object.entries(raw);
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      return entries(JSON.parse(text));
    } catch {
      return undefined;
    }
  }
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const pairs = lines.map((line) => line.match(/^([^:]+):(.*)$/));
  return pairs.every(Boolean) ? pairs.map((m) => [m![1]!.trim(), m![2]!.trim()]) : undefined;
}

/**
 * The headers to add, canonically spelt, or what was expected instead: an
 * unknown name, a control character or a value the documentation rules out is
 * refused.
 */
export function checkBraveHeaders(raw: unknown): Checked<Record<string, string>> {
  const pairs = entries(raw);
  if (!pairs) return { expected: '"Name: value" (one header a line or a flag each), or a JSON object such as {"X-Loc-City": "Berlin"}' };
  const headers: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const known = HEADERS[name.toLowerCase()];
    if (!known) return { expected: `one of the headers Brave documents (${KNOWN}), not "${name}"` };
    const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
    // eslint-disable-next-line no-control-regex
    if (!text || /[\u0000-\u001f\u007f]/.test(text)) return { expected: `a non-empty one-line value for ${known.name}` };
    const why = known.rule(text);
    if (why) return { expected: `${why} for ${known.name}, not "${text}"` };
    headers[known.name] = text;
  }
  return { value: headers };
}
