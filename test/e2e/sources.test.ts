/**
 * Sources the person names, end to end (issue 21): --url pages are read before
 * any search result, and no search is made when they answer; --site,
 * --exclude-site and --since reach the SearxNG double's request as site: terms
 * and time_range, and results off the sites are not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript, type AgentScript } from '../support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble } from '../support/llm-double.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
let searx: SearxngDouble;
/** Per query: fixture paths, or whole addresses. */
const results: Record<string, string[]> = { default: ['/research/towers.html', '/research/history.html'] };

beforeAll(async () => {
  web = await startFixtureWeb();
  const address = (p: string) => (p.startsWith('http') ? p : web.at(p));
  searx = await startSearxngDouble({ results: (q) => (results[q] ?? results.default!).map((p, i) => ({ url: address(p), title: `Result ${i + 1}`, content: 'tallest building Europe' })) });
});
afterAll(async () => {
  await web.close();
  await searx.close();
});

async function scout(args: string[], script: AgentScript): Promise<CliResult> {
  const llm = await startLlmDouble({ script: agentScript(script) });
  const result = await runCli(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', '--json', ...args], { env: { TMPDIR: tempDir('scout-e2e-') }, timeoutMs: 120_000 });
  await llm.close();
  return result;
}

const paths = (out: { visited: { url: string }[] }) => out.visited.map((v) => new URL(v.url).pathname);
const lakhtaNote = 'Note: The Lakhta Center in Saint Petersburg is 462 metres tall. "is 462 metres tall"\nAction: REQUEST_EXIT';

describe('sources the person names', { timeout: 240_000 }, () => {
  it('reads a --url page first and searches nothing when it answers', async () => {
    const before = searx.queries.length;
    const result = await scout(['--url', web.at('/research/lakhta.html'), 'How tall is the Lakhta Center?'], {
      search: 'search: Lakhta Center height',
      pages: { '/research/lakhta.html': lakhtaNote },
      conclude: 'The Lakhta Center is 462 metres tall [1].',
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(paths(out)).toEqual(['/research/lakhta.html']);
    expect(out.answer).toBe('The Lakhta Center is 462 metres tall [1].');
    expect(searx.queries.length).toBe(before);
  });

  it('reads the --url pages before any search result, then searches when they do not answer', async () => {
    const before = searx.queries.length;
    const result = await scout(['--url', web.at('/research/about.html'), 'What is the tallest building in Europe?'], {
      search: 'search: tallest building in Europe',
      pages: {
        // The prompt's own grammar for a useless page, the one AgenticSeek's browser agent was built on
        // (https://github.com/Fosowl/agenticSeek/blob/main/sources/agents/browser_agent.py: "Error: ..." then GO_BACK).
        '/research/about.html': 'Error: this page is about the site, not about buildings.\nAction: GO_BACK',
        '/research/towers.html': 'Note: Most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: REQUEST_EXIT',
      },
      newsearch: 'search: tallest building in Europe list',
      conclude: 'Most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg [1].',
    });
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(paths(out)).toEqual(['/research/about.html', '/research/towers.html']);
    expect(searx.queries.slice(before).map((q) => q.q)).toEqual(['tallest building in Europe list']);
  });

  it('passes --site, --exclude-site and --since to SearxNG, and does not read results off the site', async () => {
    const before = searx.queries.length;
    const offSite = web.at('/research/lakhta.html').replace('127.0.0.1', 'localhost');
    results['tallest building in Europe site:127.0.0.1 -site:example.com'] = [offSite, '/research/lakhta.html'];
    const result = await scout(['--site', '127.0.0.1', '--exclude-site', 'example.com', '--since', '1m', 'What is the tallest building in Europe?'], {
      search: 'search: tallest building in Europe',
      pages: { '/research/lakhta.html': lakhtaNote },
      conclude: 'The tallest building in Europe is the Lakhta Center, 462 metres tall [1].',
    });
    expect(result.code).toBe(0);
    const [asked] = searx.queries.slice(before);
    expect(asked).toMatchObject({ q: 'tallest building in Europe site:127.0.0.1 -site:example.com', params: { time_range: 'month' } });
    const out = JSON.parse(result.stdout);
    expect(out.visited.map((v: { url: string }) => v.url)).toEqual([web.at('/research/lakhta.html')]);
  });

  it('refuses a --url that is not an http(s) address, and a --since it does not know', async () => {
    const badUrl = await runCli(['--url', 'ftp://example.org/x', 'question'], {});
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/--url "ftp:\/\/example.org\/x" is not an http\(s\) address/);
    const badSince = await runCli(['--since', '2y', 'question'], {});
    expect(badSince.code).toBe(2);
    expect(badSince.stderr).not.toMatch(/\n\s+at /);
  });
});
