/** Brave's settings as a person gives them (flags, environment, config file) and the checks on headers, languages and rates. */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.js';
import { checkBraveHeaders } from '../../src/search/brave-headers.js';
import { braveLanguage } from '../../src/search/brave-params.js';
import { createRateLimiter } from '../../src/search/rate-limit.js';
import { thrown } from '../support/expect-error.js';

describe('Brave settings in the config', () => {
  it('reads every parameter from flags, the environment and the file, normalised as Brave wants them', () => {
    const fromFile = resolveConfig({
      file: { braveCountry: 'de', braveSearchLanguage: 'DE', braveOffset: 2, braveSafesearch: 'strict', braveFreshness: 'pw', braveSpellcheck: false, braveTextDecorations: true, braveExtraSnippets: true, braveOperators: false },
    });
    expect(fromFile).toMatchObject({
      braveCountry: 'DE',
      braveSearchLang: 'de',
      braveOffset: 2,
      braveSafesearch: 'strict',
      braveFreshness: 'pw',
      braveSpellcheck: false,
      braveTextDecorations: true,
      braveExtraSnippets: true,
      braveOperators: false,
    });
    const fromEnv = resolveConfig({ env: { BRAVE_SEARCH_LANGUAGE: 'pt-br', BRAVE_SPELLCHECK: 'off', BRAVE_OFFSET: '9', BRAVE_COUNTRY: 'ALL' } });
    expect(fromEnv).toMatchObject({ braveSearchLang: 'pt-br', braveSpellcheck: false, braveOffset: 9, braveCountry: 'ALL' });
    const fromFlags = resolveConfig({ env: { BRAVE_FRESHNESS: 'pd' }, flags: { braveFreshness: '2025-01-01to2025-02-01', braveExtraSnippets: 'on' } });
    expect(fromFlags).toMatchObject({ braveFreshness: '2025-01-01to2025-02-01', braveExtraSnippets: true });
  });

  it('names the flag, variable or file key of a bad value, with what Brave accepts', () => {
    const offset = thrown(() => resolveConfig({ flags: { braveOffset: '10' } }));
    expect(offset.message).toBe('invalid value for --brave-offset: "10"');
    expect(offset.hint).toBe('expected a whole number from 0 to 9');
    const lang = thrown(() => resolveConfig({ env: { BRAVE_SEARCH_LANG: 'ja' } }));
    expect(lang.message).toContain('environment variable BRAVE_SEARCH_LANG');
    expect(lang.hint).toContain('jp');
    const fresh = thrown(() => resolveConfig({ file: { braveFreshness: 'last week' } }));
    expect(fresh.message).toContain('config key "braveFreshness"');
  });

  it('takes fractional and non-positive requests per second (<= 0: no limit)', () => {
    expect(resolveConfig({ env: { BRAVE_REQUESTS_PER_SECOND: '0.5' } }).braveRequestsPerSecond).toBe(0.5);
    expect(resolveConfig({ file: { braveRequestsPerSecond: -1 } }).braveRequestsPerSecond).toBe(-1);
    expect(resolveConfig({ flags: { braveRequestsPerSecond: '0' } }).braveRequestsPerSecond).toBe(0);
    expect(thrown(() => resolveConfig({ flags: { braveRequestsPerSecond: 'fast' } })).message).toContain('--brave-requests-per-second');
  });

  it('an explicit key (flag or config file) wins over BRAVE_API_KEY; the environment still beats nothing', () => {
    const env = { BRAVE_API_KEY: 'from-env' };
    expect(resolveConfig({ env }).braveApiKey).toBe('from-env');
    expect(resolveConfig({ env, file: { braveApiKey: 'from-file' } }).braveApiKey).toBe('from-file');
    expect(resolveConfig({ env, file: { braveApiKey: 'from-file' }, flags: { braveApiKey: 'from-flag' } }).braveApiKey).toBe('from-flag');
  });

  it('reads headers as repeated "Name: value" flags, a JSON variable or a file object', () => {
    expect(resolveConfig({ flags: { braveHeaders: 'x-loc-city: Berlin\nX-Loc-Country: de' } }).braveHeaders).toEqual({ 'X-Loc-City': 'Berlin', 'X-Loc-Country': 'de' });
    expect(resolveConfig({ env: { BRAVE_HEADERS: '{"X-Loc-Lat": "52.52", "X-Loc-Long": "13.40"}' } }).braveHeaders).toEqual({ 'X-Loc-Lat': '52.52', 'X-Loc-Long': '13.40' });
    expect(resolveConfig({ file: { braveHeaders: { 'X-Loc-Timezone': 'Europe/Berlin', 'Api-Version': '2023-01-01' } } }).braveHeaders).toEqual({ 'X-Loc-Timezone': 'Europe/Berlin', 'Api-Version': '2023-01-01' });
    const bad = thrown(() => resolveConfig({ flags: { braveHeaders: 'X-Loc-Lat: 91' } }));
    expect(bad.message).toContain('--brave-header');
    expect(bad.hint).toContain('from -90 to 90 for X-Loc-Lat');
  });
});

describe('checkBraveHeaders', () => {
  it('refuses what the documentation rules out, and any header it does not document', () => {
    const expected = (raw: unknown) => {
      const checked = checkBraveHeaders(raw);
      return 'expected' in checked ? checked.expected : undefined;
    };
    expect(expected({ 'X-Loc-Long': '-181' })).toContain('from -180 to 180');
    expect(expected({ 'X-Loc-Lat': 'north' })).toContain('X-Loc-Lat');
    expect(expected({ 'X-Loc-Timezone': 'Mars/Olympus' })).toContain('IANA');
    expect(expected({ 'X-Loc-State': 'CALI' })).toContain('at most 3');
    expect(expected({ 'X-Loc-Country': 'DEU' })).toContain('two-letter');
    expect(expected({ 'Cache-Control': 'max-age=0' })).toContain('no-cache');
    expect(expected({ 'Api-Version': 'latest' })).toContain('YYYY-MM-DD');
    expect(expected({ 'X-Subscription-Token': 'k' })).toContain('not "X-Subscription-Token"');
    expect(expected({ 'X-Forwarded-For': '1.2.3.4' })).toContain('not "X-Forwarded-For"');
    expect(expected({ 'X-Loc-City': 'Berlin\r\nX-Injected: 1' })).toContain('one-line');
    expect(expected({ 'X-Loc-City': '' })).toContain('non-empty');
    expect(expected('no colon here')).toContain('"Name: value"');
    expect(checkBraveHeaders({ 'x-loc-postal-code': '94105', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)', 'x-loc-state-name': 'California' })).toEqual({
      value: { 'X-Loc-Postal-Code': '94105', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)', 'X-Loc-State-Name': 'California' },
    });
  });
});

describe('braveLanguage', () => {
  it('maps a question language to a code Brave accepts, or none', () => {
    expect(['en', 'en-GB', 'pt-BR', 'pt', 'zh-TW', 'zh', 'ja', 'nb-NO', 'de-AT', 'he'].map(braveLanguage)).toEqual(['en', 'en-gb', 'pt-br', 'pt-pt', 'zh-hant', 'zh-hans', 'jp', 'nb', 'de', 'he']);
    expect(braveLanguage('sw')).toBeUndefined();
  });
});

describe('createRateLimiter', () => {
  it('never waits at 0 or fewer requests per second', async () => {
    for (const rps of [0, -1, Number.NaN]) {
      const limit = createRateLimiter(rps);
      const all = Promise.all(Array.from({ length: 20 }, () => limit())).then(() => 'sent');
      // Resolved before the next turn of the event loop: nothing was put off.
      expect(await Promise.race([all, new Promise((r) => setImmediate(() => r('waited')))])).toBe('sent');
    }
  });
});
