/** `scout read <url>` end to end: the built CLI, real Chromium, the fixture web. */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/util/timing.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { listen } from '../support/listen.js';
import { cleanEnv, runCli, SCOUT_BIN } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

function processesUnder(dir: string): string {
  try {
    return execFileSync('pgrep', ['-af', '--', dir], { encoding: 'utf8' });
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
}

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

describe('scout read', () => {
  it('prints the framed Markdown and the numbered links the agent would see', async () => {
    const { code, stdout, stderr } = await runCli(['read', web.at('/articles/towers.html'), '--allow-private-network']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^\\[Start of page\\]\\nURL: ${web.at('/articles/towers.html').replace(/[.?]/g, '\\$&')}\\nTitle: Tall towers of Europe\\n`));
    expect(stdout).toContain('The Lakhta Center in Saint Petersburg is 462 metres tall');
    expect(stdout).toContain('[End of page]\n\nLinks on this page (navigate by number):\n[1] ');
    expect(stdout).toContain(`<${web.at('/articles/history.html')}>`);
  });

  it('speaks JSON with --json: url, title, status, markdown, links', async () => {
    const { code, stdout } = await runCli(['read', web.at('/redirect?to=/articles/towers.html'), '--allow-private-network', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { url: string; title: string; status: number; markdown: string; links: { n: number; url: string; text: string }[] };
    expect(out.url).toBe(web.at('/articles/towers.html'));
    expect(out.title).toBe('Tall towers of Europe');
    expect(out.status).toBe(200);
    expect(out.markdown).toContain('| Lakhta Center | Saint Petersburg | 462 |');
    expect(out.links).toContainEqual(expect.objectContaining({ n: expect.any(Number) as number, url: web.at('/articles/history.html') }));
  });

  it('refuses a private address without --allow-private-network: exit 2, a hint naming the flag, no request', async () => {
    const before = web.requests.length;
    const { code, stdout, stderr } = await runCli(['read', web.at('/articles/towers.html')]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `scout: refused ${web.at('/articles/towers.html')}: 127.0.0.1 is a loopback or private address\nhint: pass --allow-private-network to let scout open loopback and private addresses\n`,
    );
    expect(web.requests.length).toBe(before);
  });

  // A file: URL names a local document (read by read-local.ts, tested in pdf.test.ts), so ftp: stands for the other schemes.
  it('rejects a bad URL or a non-web scheme with exit 2', async () => {
    for (const url of ['http://exa mple.com/', 'javascript:alert(1)', 'ftp://example.com/notes.txt']) {
      const { code, stderr } = await runCli(['read', url, '--allow-private-network']);
      expect(code, url).toBe(2);
      expect(stderr, url).toMatch(/^scout: (not a valid URL|refused \w+: URL: only http and https pages can be opened)/);
    }
  });

  it('exits 3 with an install hint when Chrome is missing', async () => {
    const { code, stderr } = await runCli(['read', web.at('/articles/towers.html'), '--allow-private-network', '--chrome', '/nonexistent/chrome']);
    expect(code).toBe(3);
    expect(stderr).toMatch(/^scout: no Chrome executable at \/nonexistent\/chrome\nhint: install Chromium/);
  });

  it('exits 4 when the page cannot be loaded', async () => {
    const closed = await listen(() => {});
    await closed.close();
    const { code, stderr } = await runCli(['read', closed.url, '--allow-private-network']);
    expect(code).toBe(4);
    expect(stderr).toMatch(/^scout: could not read http:\/\/127\.0\.0\.1:\d+\/?: net::ERR_CONNECTION_REFUSED/);
  });

  it('stops on Ctrl-C with exit 130, leaving no Chromium process and no profile behind', async () => {
    // A private TMPDIR, so that this run's temporary profile is the only thing in it.
    const tmp = tempDir('scout-test-tmp-');
    const child = spawn(process.execPath, [SCOUT_BIN, 'read', web.at('/slow?ms=20000'), '--allow-private-network'], { env: cleanEnv({ TMPDIR: tmp }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await waitUntil(() => web.paths().some((p) => p.startsWith('/slow?ms=20000')), 15_000, 50);
    expect(processesUnder(tmp)).toMatch(/--user-data-dir=/);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toBe('scout: interrupted\n');
    expect(processesUnder(tmp)).toBe('');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
