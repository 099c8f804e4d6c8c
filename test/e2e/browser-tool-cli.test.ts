/** `scout browser <action>` as a person runs it: short-lived calls, and a persistent browser across processes. */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../src/browser/tool/persistent/state.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { runCli } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web?.close();
});

/** Processes whose parent is `pid`, and theirs (Chrome's helpers), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

describe('short-lived calls', () => {
  it('navigate prints the snapshot as untrusted content, or JSON with --json', async () => {
    const human = await runCli(['browser', 'navigate', web.at('/tool/next.html'), '--allow-private-network']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('--- snapshot (untrusted page content) ---\n- heading "The next page" [level=1] [ref=e1]\n- link "Back to the form" [ref=e2] → /tool/form.html\n--- end of snapshot ---');
    const json = await runCli(['browser', 'navigate', web.at('/tool/next.html'), '--allow-private-network', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: true, status: 200, snapshot: '- heading "The next page" [level=1] [ref=e1]\n- link "Back to the form" [ref=e2] → /tool/form.html', untrusted: expect.arrayContaining(['snapshot']) });
  }, 60_000);

  it('maps failures to exit codes with a hint', async () => {
    // None of these launches Chrome, so they may run side by side.
    const [noTab, unknown, badOption, refused] = await Promise.all([
      runCli(['browser', 'act', 'click', 'e1']),
      runCli(['browser', 'frobnicate']),
      runCli(['browser', 'text', '--ref', 'e1']),
      runCli(['browser', 'open', web.at('/tool/form.html')]),
    ]);
    expect(noTab.code).toBe(2);
    expect(noTab.stderr).toBe('scout: no tab is open\nhint: open one with `open <url>` first\n');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown browser action "frobnicate"/);
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toMatch(/text takes no "ref"/);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/hint: pass --allow-private-network/);
    const timeout = await runCli(['browser', 'open', web.at('/slow?ms=3000'), '--timeout-ms', '300', '--allow-private-network', '--json']);
    expect(timeout.code).toBe(4);
    expect(JSON.parse(timeout.stdout)).toMatchObject({ ok: false, error: expect.stringMatching(/did not respond within 300 ms/) });
  }, 60_000);

  it('status and stop say that no persistent browser runs', async () => {
    const [status, stop] = await Promise.all([runCli(['browser', 'status']), runCli(['browser', 'stop'])]);
    expect(status.stdout).toBe('no persistent browser (start one with `scout browser start`)\n');
    expect(stop.stdout).toBe('no browser was running\n');
  });
});

describe('persistent browser', () => {
  it('start -> open -> snapshot -> act -> stop across processes, leaving no Chromium behind', async () => {
    const env = { XDG_STATE_HOME: tempDir('scout-browser-state-') };
    const cli = (...args: string[]) => runCli(['browser', ...args], { env });
    const stateFile = join(env.XDG_STATE_HOME, 'scout', 'browser.json');

    try {
      const started = await cli('start', '--allow-private-network', '--json');
      expect(started.code).toBe(0);
      const status = JSON.parse(started.stdout);
      expect(status).toMatchObject({ ok: true, started: true, persistent: true, running: true, wsEndpoint: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\//) });
      expect(statSync(stateFile).mode & 0o777).toBe(0o600);
      const state = JSON.parse(readFileSync(stateFile, 'utf8'));
      expect(state.pid).toBe(status.pid);
      const processes = [state.pid, ...descendants(state.pid)];
      expect(processes).toContain(state.chromePid);

      expect((await cli('open', web.at('/tool/form.html'))).stdout).toMatch(/^opened t1: .*\/tool\/form\.html "Tool form" \(HTTP 200\)$/m);
      const snap = JSON.parse((await cli('snapshot', '--query', 'count clicks', '--json')).stdout);
      expect(snap.matches).toBe(1);
      const ref = /\[ref=(e\d+)\]/.exec(snap.snapshot)?.[1] as string;
      expect((await cli('act', 'click', '--ref', ref)).stdout).toBe(`click ${ref}: done\n`);
      expect((await cli('text', '--selector', '#out')).stdout).toContain('\nclicked 1\n');
      const requests = JSON.parse((await cli('requests', '--filter', 'inner.html', '--json')).stdout);
      expect(requests).toMatchObject({ total: 1, returned: 1 });
      expect((await cli('start')).stdout).toMatch(/^already running: ws:\/\/127\.0\.0\.1/);

      const stopped = await cli('stop');
      expect(stopped).toMatchObject({ code: 0, stdout: 'stopped the persistent browser\n' });
      expect(existsSync(stateFile)).toBe(false);
      expect(processes.filter(processAlive)).toEqual([]);
    } finally {
      // A failed assertion must not leave the background browser running.
      if (existsSync(stateFile)) await cli('stop');
    }
  }, 120_000);
});
