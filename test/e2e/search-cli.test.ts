/** `scout search` as a person runs it: the real CLI against the SearxNG and Brave doubles. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAVE_SUCCESS, reply, startBraveDouble } from '../support/brave-double.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

describe('scout search with SearxNG', () => {
  let searx: SearxngDouble;
  beforeAll(async () => {
    searx = await startSearxngDouble();
  });
  afterAll(async () => {
    await searx.close();
  });

  it('prints one `title<TAB>url` line per result on stdout and progress on stderr only', async () => {
    const { code, stdout, stderr } = await runCli(['search', 'tallest', 'building', '--searxng-url', searx.url]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      'List of tallest buildings in Europe - Wikipedia\thttps://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe\n' +
        'Tallest buildings in Europe | The Skyscraper Center\thttps://www.skyscrapercenter.com/buildings?region=europe\n',
    );
    expect(stderr).toContain('searching searxng for "tallest building"');
    expect(stderr).toContain('2 results from searxng');
    expect(searx.queries.at(-1)).toMatchObject({ q: 'tallest building', format: 'json' });
  });

  it('prints a JSON array with --json, and nothing on stderr with --quiet', async () => {
    const { code, stdout, stderr } = await runCli(['search', 'towers', '--searxng-url', searx.url, '--json', '--quiet', '--max-results', '1']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout)).toEqual([
      { title: 'List of tallest buildings in Europe - Wikipedia', url: 'https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe', snippet: expect.stringContaining('180 metres'), engine: 'duckduckgo' },
    ]);
  });

  it('falls back to the HTML page when JSON is disabled, with the warning on stderr', async () => {
    const noJson = await startSearxngDouble({ jsonEnabled: false });
    const { code, stdout, stderr } = await runCli(['search', 'towers', '--searxng-url', noJson.url]);
    await noJson.close();
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(2);
    expect(stdout).not.toContain('warning');
    expect(stderr.match(/warning: .*settings\.yml/g)).toHaveLength(1);
  });

  it('exits 3 with the docker compose hint, secret included, when SearxNG is asked for and down', async () => {
    const gone = await startSearxngDouble();
    await gone.close();
    const { code, stdout, stderr } = await runCli(['search', 'towers', '--search', 'searxng', '--searxng-url', gone.url]);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^scout: SearxNG is not reachable at http:\/\/127\.0\.0\.1:\d+/m);
    expect(stderr).toMatch(/^hint: start it: `export SEARXNG_SECRET=\$\(openssl rand -hex 32\) && docker compose up -d` in scout's folder .*--search browser$/m);
  });

  it('says so on stderr and exits 4 when nothing is found', async () => {
    const empty = await startSearxngDouble({ results: [] });
    const { code, stdout, stderr } = await runCli(['search', 'zzqx', '--searxng-url', empty.url]);
    const json = await runCli(['search', 'zzqx', '--searxng-url', empty.url, '--json']);
    await empty.close();
    expect(code).toBe(4);
    expect(stdout).toBe('');
    expect(stderr).toContain('scout: searxng found nothing for "zzqx"');
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});

describe('scout search --search brave', () => {
  it('uses BRAVE_API_KEY and the configured API URL; --raw prints the API JSON; --save-results writes a file', async () => {
    const brave = await startBraveDouble({ apiKey: 'from-env' });
    const dir = join(tempDir('scout-search-'), 'saved');
    const env = { BRAVE_API_KEY: 'from-env', BRAVE_API_URL: brave.url, BRAVE_REQUESTS_PER_SECOND: '0' };
    const lines = await runCli(['search', 'tallest', '--search', 'brave'], { env });
    const raw = await runCli(['search', 'tallest', '--search', 'brave', '--raw', '--save-results', dir], { env });
    await brave.close();
    expect(lines.code).toBe(0);
    expect(lines.stdout).toBe(
      'List of tallest buildings in Europe - Wikipedia\thttps://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe\n' +
        'Tallest buildings in Europe | The Skyscraper Center\thttps://www.skyscrapercenter.com/buildings?region=europe\n',
    );
    expect(raw.code).toBe(0);
    expect(JSON.parse(raw.stdout)).toEqual(BRAVE_SUCCESS);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^search-\d{4}-\d{2}-\d{2}T[\d-]+Z-brave\.json$/);
    const saved = JSON.parse(readFileSync(join(dir, files[0] as string), 'utf8'));
    expect(saved).toMatchObject({ query: 'tallest', engine: 'brave', raw: BRAVE_SUCCESS });
    expect(saved.results).toHaveLength(2);
    expect(raw.stderr).toContain(`saved to ${join(dir, files[0] as string)}`);
  });

  it('without a key: a clear error and exit 3 before any request', async () => {
    const brave = await startBraveDouble();
    const { code, stdout, stderr } = await runCli(['search', 'tallest', '--search', 'brave'], { env: { BRAVE_API_URL: brave.url } });
    await brave.close();
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr).toContain('scout: Brave Search needs an API key');
    expect(stderr).toContain('hint: set BRAVE_API_KEY');
    expect(brave.requests).toHaveLength(0);
  });

  it('a quota error is reported with the API\'s code after exactly one request', async () => {
    const brave = await startBraveDouble({ script: [reply.quotaLimited()] });
    const { code, stderr } = await runCli(['search', 'tallest', '--search', 'brave'], { env: { BRAVE_API_KEY: 'k', BRAVE_API_URL: brave.url } });
    await brave.close();
    expect(code).toBe(3);
    expect(stderr).toContain('QUOTA_LIMITED: Request quota limit exceeded for plan.');
    expect(brave.requests).toHaveLength(1);
  });
});
