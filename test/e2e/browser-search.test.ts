/**
 * Search through the browser, end to end: the real CLI, a real Chromium, and
 * the engines' result pages (recorded in each engine's own markup) served on
 * loopback, which the browser may open only with --allow-private-network.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkNumber, type AgentScript } from '../support/agent-script.js';
import { startEngines } from '../support/engine-double.js';
import { chromiumsUnder, startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

const LOOPBACK = ['--allow-private-network'];
const NOTICE = /SearxNG does not answer at http:\/\/127\.0\.0\.1:\d+ \([^)]*\): searching through the browser \(duckduckgo\); for SearxNG run `export SEARXNG_SECRET=\$\(openssl rand -hex 32\) && docker compose up -d`/g;

async function goneSearxng(): Promise<string> {
  const gone = await startSearxngDouble();
  await gone.close();
  return gone.url;
}

// Each run launches Chromium and pauses like a person on every result page: on a busy 2-core machine that takes a while.
describe('scout search --search browser', { timeout: 120_000 }, () => {
  it("reads each engine's result page from the rendered DOM: one request per engine, merged and de-duplicated", async () => {
    const world = await startEngines([{ engine: 'duckduckgo' }, { engine: 'mojeek' }, { engine: 'bing' }, { engine: 'brave' }]);
    const saved = tempDir('scout-browser-search-');
    const { code, stdout, stderr } = await runCli(['search', 'tallest building in Europe', '--search', 'browser', '--browser-engines', world.setting, ...LOOPBACK, '--save-results', saved]);
    await world.close();
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').map((l) => l.split('\t')[1])).toEqual([
      'https://en.wikipedia.org/wiki/Lakhta_Center',
      'https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe',
      'https://www.skyscrapercenter.com/buildings?region=europe&status=completed',
      'https://www.ctbuh.org/resource/tallest-buildings-europe',
      'https://www.emporis.example/statistics/tallest-buildings-europe',
    ]);
    expect(stderr).toContain('searching browser for "tallest building in Europe"');
    expect(stderr).toContain('5 results from browser');
    expect(world.engines.map((e) => e.queries)).toEqual(Array(4).fill(['tallest building in Europe']));
    // The engines' own pages, as the browser rendered them, are the raw answer.
    const [file] = readdirSync(saved);
    const raw = JSON.parse(readFileSync(join(saved, file!), 'utf8')).raw as { engine: string; results: number; failed?: string; html: string }[];
    expect(raw.map((p) => [p.engine, p.results, p.failed])).toEqual([
      ['duckduckgo', 3, undefined],
      ['mojeek', 3, undefined],
      ['bing', 3, undefined],
      ['brave', 3, undefined],
    ]);
    expect(raw[2]?.html).toContain('id="b_results"');
  });

  it("moves on from DuckDuckGo's captcha to the next engine and says so", async () => {
    const world = await startEngines([{ engine: 'duckduckgo', refuse: 'captcha' }, { engine: 'mojeek' }]);
    const { code, stdout, stderr } = await runCli(['search', 'tallest building in Europe', '--search', 'browser', '--browser-engines', world.setting, ...LOOPBACK, '--json']);
    await world.close();
    expect(code).toBe(0);
    expect(JSON.parse(stdout).map((r: { engine: string }) => r.engine)).toEqual(['mojeek', 'mojeek', 'mojeek']);
    expect(stderr.match(/warning: duckduckgo gave no results \(a captcha\), so scout asks mojeek/g)).toHaveLength(1);
  });

  it('exits 3 with a hint when every engine fails, and leaves no Chromium behind', async () => {
    const world = await startEngines([{ engine: 'duckduckgo', refuse: 'captcha' }, { engine: 'mojeek', refuse: 'forbidden' }]);
    const setting = `${world.setting},bing=${await goneSearxng()}`;
    const tmp = tempDir('scout-e2e-');
    const { code, stdout, stderr } = await runCli(['search', 'towers', '--search', 'browser', '--browser-engines', setting, ...LOOPBACK], { env: { TMPDIR: tmp } });
    await world.close();
    expect(chromiumsUnder(tmp)).toEqual([]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    const [message, hint] = stderr.trim().split('\n').slice(-2);
    expect(message).toMatch(/^scout: no search engine gave results through the browser \(duckduckgo: a captcha; mojeek: HTTP 403; bing: .+\)$/);
    expect(hint).toMatch(/^hint: check the network connection; engines also turn away traffic that looks automated at times, so try again later, run SearxNG \(`export SEARXNG_SECRET=.* && docker compose up -d` in scout's folder\), or use --search brave/);
  });

  it('without --allow-private-network the URL guard refuses engines on loopback, as it does any page', async () => {
    const world = await startEngines([{ engine: 'brave' }]);
    const { code, stderr } = await runCli(['search', 'towers', '--search', 'browser', '--browser-engines', world.setting]);
    await world.close();
    expect(code).toBe(3);
    expect(stderr).toMatch(/^scout: no search engine gave results through the browser \(brave: refused .*loopback/m);
    expect(world.engines[0]?.queries).toEqual([]);
  });
});

describe('--search auto (the default) with SearxNG down', { timeout: 120_000 }, () => {
  it('scout search goes through the browser and says so once', async () => {
    const world = await startEngines([{ engine: 'duckduckgo' }]);
    const { code, stdout, stderr } = await runCli(['search', 'tallest building in Europe', '--searxng-url', await goneSearxng(), '--browser-engines', world.setting, ...LOOPBACK]);
    await world.close();
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(3);
    expect(stderr.match(NOTICE)).toHaveLength(1);
  });

  describe('a research run on the harness web', () => {
    let world: ResearchWorld;
    beforeAll(async () => {
      world = await startResearchWorld(['/research/towers.html']);
    });
    afterAll(() => world.close());

    it('searches through the browser, reads the pages it found, and answers: exit 0', async () => {
      const { web } = world;
      const engines = await startEngines([
        {
          engine: 'duckduckgo',
          results: () => [
            { url: web.at('/research/towers.html'), title: 'European skyscrapers overview', snippet: 'Europe has dozens of skyscrapers' },
            { url: web.at('/research/history.html'), title: 'History', snippet: 'history of tall buildings' },
          ],
        },
      ]);
      const script: AgentScript = {
        search: 'search: tallest building in Europe',
        pages: {
          '/research/towers.html': (req) => `Note: On ${web.at('/research/towers.html')}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
          '/research/lakhta.html': () => `Note: On ${web.at('/research/lakhta.html')}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe. "is 462 metres tall, which makes it the tallest building in Europe"\nAction: REQUEST_EXIT`,
        },
        conclude: 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2].',
      };
      const run = await world.research('What is the tallest building in Europe?', script, ['--searxng-url', await goneSearxng(), '--browser-engines', engines.setting]);
      await engines.close();
      expect(run.result.code).toBe(0);
      expect(run.result.stderr.match(NOTICE)).toHaveLength(1);
      expect(run.result.stderr).toMatch(/reading page 1\/12: 127\.0\.0\.1:\d+\/research\/towers\.html/);
      const out = run.json();
      expect(out.visited.map((v: { url: string }) => new URL(v.url).pathname)).toEqual(['/research/towers.html', '/research/lakhta.html']);
      expect(out.sources).toEqual([{ n: 2, url: web.at('/research/lakhta.html'), title: 'Lakhta Center' }]);
      expect(engines.engines[0]?.queries).toEqual(['tallest building in Europe']);
      expect(world.searx.queries).toEqual([]);
      const search = run.trace().find((e) => e.type === 'search' && e.engine);
      expect(search).toMatchObject({ engine: 'browser', query: 'tallest building in Europe', results: 2 });
      // The result page was loaded in the run's own browser (one Chromium, traced like every page it loads).
      expect(run.trace().filter((e) => e.type === 'load').map((e) => new URL(String(e.url)).pathname)).toEqual(['/html/', '/research/towers.html', '/research/lakhta.html']);
      expect(chromiumsUnder(run.tmp)).toEqual([]);
    });
  });
});
