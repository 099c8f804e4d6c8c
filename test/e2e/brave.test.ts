/**
 * Brave Search to the letter of its API documentation, through the real CLI
 * and the real MCP server against the Brave double, which records every
 * request: parameters from flags, the config file and an MCP call; the
 * documented headers; the key's precedence; the rate limit across MCP calls;
 * Retry-After and the API's error meta.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { reply, startBraveDouble } from '../support/brave-double.js';
import { startMcp } from '../support/mcp-harness.js';
import { runCli } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

const EVERY_PARAMETER = [
  '--brave-country', 'de',
  '--brave-search-lang', 'de',
  '--max-results', '30',
  '--brave-offset', '2',
  '--brave-safesearch', 'strict',
  '--brave-freshness', '2025-01-01to2025-06-30',
  '--brave-spellcheck', 'off',
  '--brave-text-decorations', 'on',
  '--brave-extra-snippets', 'on',
  '--brave-operators', 'off',
  '--brave-header', 'X-Loc-City: Berlin',
  '--brave-header', 'x-loc-lat: 52.52',
  '--brave-header', 'X-Loc-Timezone: Europe/Berlin',
];

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('scout search --search brave: every documented parameter', () => {
  it('the recorded request shows every parameter set from the CLI, the headers, and the clamp of count is reported', async () => {
    const brave = await startBraveDouble({ apiKey: 'k' });
    const args = ['search', 'tallest building', '--search', 'brave', '--brave-api-key', 'k', '--brave-url', brave.url, '--brave-requests-per-second', '0', '--json', ...EVERY_PARAMETER];
    const { code, stdout, stderr } = await runCli(args);
    await brave.close();
    expect(code).toBe(0);
    expect(brave.requests).toHaveLength(1);
    const [request] = brave.requests;
    expect(request?.params).toEqual({
      q: 'tallest building',
      count: '20',
      country: 'DE',
      search_lang: 'de',
      offset: '2',
      safesearch: 'strict',
      freshness: '2025-01-01to2025-06-30',
      spellcheck: 'false',
      text_decorations: 'true',
      extra_snippets: 'true',
      operators: 'false',
      result_filter: 'web',
    });
    expect(request?.headers).toMatchObject({ 'x-loc-city': 'Berlin', 'x-loc-lat': '52.52', 'x-loc-timezone': 'Europe/Berlin', 'x-subscription-token': 'k' });
    expect(stderr).toContain('Brave returns at most 20 results a request: asking for 20, not 30');
    // Extra snippets first: the result that has them is shown by them, not by its description; the decorations are stripped.
    const [first] = JSON.parse(stdout) as { snippet: string }[];
    expect(first?.snippet).toBe('The Lakhta Center in Saint Petersburg, at 462 metres, is the tallest building in Europe. … Outside Russia, the tallest building is the Varso Tower in Warsaw & it reaches 310 metres.');
  });

  it('takes them from the config file too, and its key wins over BRAVE_API_KEY; a flag wins over both', async () => {
    const brave = await startBraveDouble({ apiKey: 'from-file' });
    const config = join(tempDir('scout-brave-config-'), 'config.json');
    writeFileSync(
      config,
      JSON.stringify({ search: 'brave', braveApiKey: 'from-file', braveUrl: brave.url, braveRequestsPerSecond: 0.5, braveCountry: 'AT', braveSearchLanguage: 'de', braveFreshness: 'pw', braveExtraSnippets: false, braveHeaders: { 'X-Loc-Country': 'AT' } }),
    );
    const env = { BRAVE_API_KEY: 'from-env' };
    const fromFile = await runCli(['search', 'turm', '--config', config], { env });
    const fromFlag = await runCli(['search', 'turm', '--config', config, '--brave-api-key', 'from-flag'], { env });
    await brave.close();
    expect(fromFile.code).toBe(0);
    expect(brave.requests[0]?.params).toMatchObject({ country: 'AT', search_lang: 'de', freshness: 'pw', extra_snippets: 'false', text_decorations: 'false', result_filter: 'web' });
    expect(brave.requests[0]?.headers).toMatchObject({ 'x-loc-country': 'AT', 'x-subscription-token': 'from-file' });
    expect(fromFlag.code).toBe(3);
    expect(brave.requests[1]?.headers['x-subscription-token']).toBe('from-flag');
  });

  it('refuses a header Brave does not document, or a value it rules out, before any request (exit 2)', async () => {
    const brave = await startBraveDouble();
    const base = ['search', 'q', '--search', 'brave', '--brave-api-key', 'k', '--brave-url', brave.url];
    const unknown = await runCli([...base, '--brave-header', 'X-Forwarded-For: 10.0.0.1']);
    const latitude = await runCli([...base, '--brave-header', 'X-Loc-Lat: 123']);
    const language = await runCli([...base, '--brave-search-lang', 'ja']);
    await brave.close();
    expect([unknown.code, latitude.code, language.code]).toEqual([2, 2, 2]);
    expect(unknown.stderr).toContain('not "X-Forwarded-For"');
    expect(latitude.stderr).toContain('from -90 to 90 for X-Loc-Lat');
    expect(language.stderr).toContain('jp');
    expect(brave.requests).toHaveLength(0);
  });
});

describe('scout search --search brave: Brave\'s errors', () => {
  it('a 100 s Retry-After is not waited for: one request, and the message says how long Brave asked', async () => {
    const brave = await startBraveDouble({ fallback: reply.rateLimited('100') });
    const { code, stderr } = await runCli(['search', 'q', '--search', 'brave', '--brave-api-key', 'k', '--brave-url', brave.url]);
    await brave.close();
    expect(code).toBe(3);
    expect(brave.requests).toHaveLength(1);
    expect(stderr).toContain('HTTP 429 (it asks to wait 100 s): RATE_LIMITED');
  });

  it('a 422 says which parameter Brave refused, from the error\'s meta', async () => {
    const brave = await startBraveDouble({ script: [reply.validation()] });
    const { code, stderr } = await runCli(['search', 'q', '--search', 'brave', '--brave-api-key', 'k', '--brave-url', brave.url]);
    await brave.close();
    expect(code).toBe(3);
    expect(stderr).toContain('VALIDATION: Unable to validate request parameter(s) (query.result_filter: Input should be');
    expect(stderr).toContain('got "everything")');
  });
});

describe('scout mcp: the search tool with Brave', () => {
  it('passes the call\'s parameters, reports the clamp, and spaces concurrent calls by one shared limiter', async () => {
    const brave = await startBraveDouble();
    const mcp = await startMcp(['--search', 'brave', '--brave-api-key', 'k', '--brave-url', brave.url, '--brave-requests-per-second', '4', '--brave-country', 'DE']);
    try {
      const call = (args: Record<string, unknown>) => mcp.client.callTool({ name: 'search', arguments: { query: 'towers', ...args } }) as Promise<CallToolResult>;
      const first = await call({ count: 30, country: 'AT', search_language: 'de', offset: 1, safesearch: 'off', freshness: 'py', spellcheck: true, text_decorations: false, extra_snippets: true, operators: true });
      expect(first.isError).toBeFalsy();
      expect(text(first)).toContain('Note: Brave returns at most 20 results a request: asking for 20, not 30');
      expect(brave.requests[0]?.params).toEqual({
        q: 'towers', count: '20', country: 'AT', search_lang: 'de', offset: '1', safesearch: 'off', freshness: 'py', spellcheck: 'true', text_decorations: 'false', extra_snippets: 'true', operators: 'true', result_filter: 'web',
      });
      const refused = await call({ search_lang: 'klingon' });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('invalid Brave Search parameter search_lang');

      // Each call builds its own provider; the one limiter of the process still spaces them 250 ms apart.
      brave.requests.length = 0;
      await Promise.all(Array.from({ length: 4 }, (_, i) => call({ query: `tower ${i}` })));
      const times = brave.requests.map((r) => r.at).sort((a, b) => a - b);
      expect(times).toHaveLength(4);
      // Lower bounds only, with room for the jitter of arrival on a busy machine (without the shared limiter all four arrive within a few ms).
      for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(150);
      expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(3 * 250 - 100);
      expect(brave.requests.every((r) => r.params.country === 'DE')).toBe(true);
    } finally {
      await mcp.close();
      await brave.close();
    }
  });
});
