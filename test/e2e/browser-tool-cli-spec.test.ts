/**
 * `scout browser` from the shell for issue 24: doctor's look at the persistent
 * browser's state file, Ctrl-C on an open in the persistent browser, and
 * --target-id.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { waitFor } from '../support/mcp-harness.js';
import { cleanEnv, runCli, SCOUT_BIN, type CliResult } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
const hanging: ServerResponse[] = [];
beforeAll(async () => {
  web = await startFixtureWeb();
  web.route('/hang', (_req, res) => void hanging.push(res));
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await web?.close();
});

/** A state file as `scout browser start` writes it, for a process that is not a scout browser. */
function fakeState(stateHome: string, pid: number): string {
  const file = join(stateHome, 'scout', 'browser.json');
  mkdirSync(join(stateHome, 'scout'), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ pid, port: 9, token: 'x', wsEndpoint: 'ws://127.0.0.1:9/devtools/browser/x', startedAt: new Date().toISOString() }), { mode: 0o600 });
  return file;
}

/** The pid of a process that has exited. */
function exitedPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid as number));
  });
}

describe('doctor', () => {
  it('reports no state file, removes a stale one, and fails on one whose process does not answer', async () => {
    const home = tempDir('scout-doctor-state-');
    const none = await runCli(['browser', 'doctor'], { env: { XDG_STATE_HOME: home } });
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^chrome: .*Chrom.*, answering/m);
    expect(none.stdout).toContain(`state file: none at ${join(home, 'scout', 'browser.json')}`);

    const stale = fakeState(home, await exitedPid());
    const removed = await runCli(['browser', 'doctor', '--json'], { env: { XDG_STATE_HOME: home } });
    expect(JSON.parse(removed.stdout)).toMatchObject({ ok: true, state: { status: 'removed', file: stale }, tabs: [] });
    expect(existsSync(stale)).toBe(false);

    // This test's own process is alive but answers nothing on port 9.
    fakeState(home, process.pid);
    const silent = await runCli(['browser', 'doctor'], { env: { XDG_STATE_HOME: home } });
    expect(silent.code).toBe(3);
    expect(silent.stderr).toBe(`scout: the persistent browser (pid ${process.pid}) does not answer on 127.0.0.1:9\nhint: stop it (\`kill ${process.pid}\`), then \`scout browser start\`\n`);
  }, 120_000);
});

describe('the persistent browser', () => {
  it('doctor checks its state file and lists its tabs; --target-id picks a tab; Ctrl-C on an open closes only the tab it made', async () => {
    const env = { XDG_STATE_HOME: tempDir('scout-browser-state-') };
    const cli = (...args: string[]) => runCli(['browser', ...args], { env });
    try {
      expect((await cli('start', '--allow-private-network')).code).toBe(0);
      expect((await cli('open', web.at('/tool/form.html'))).code).toBe(0);

      const doctor = JSON.parse((await cli('doctor', '--json')).stdout);
      expect(doctor).toMatchObject({ ok: true, persistent: true, browserConnected: true, state: { status: 'running', mode: '0600', matches: true } });
      expect(doctor.tabs.map((t: { id: string; title: string }) => [t.id, t.title])).toEqual([['t1', 'Tool form']]);
      expect((await cli('doctor')).stdout).toMatch(/^state file: .*browser\.json \(mode 0600\), describes this browser$/m);

      expect(JSON.parse((await cli('text', '--target-id', 't1', '--selector', 'h1', '--json')).stdout)).toMatchObject({ tab: 't1', text: 'Order a tower model' });
      expect(JSON.parse((await cli('requests', '--target-id', 't1', '--json')).stdout).entries.every((r: { tab: string }) => r.tab === 't1')).toBe(true);

      const opening = spawnCli(['browser', 'open', web.at('/hang'), '--timeout-ms', '120000'], env);
      await waitFor('the page to be requested', () => (hanging.length > 0 ? true : undefined));
      expect(JSON.parse((await cli('tabs', '--json')).stdout).tabs).toHaveLength(2);
      opening.child.kill('SIGINT');
      const interrupted = await opening.done;
      expect(interrupted.code).toBe(130);
      expect(interrupted.stderr).toMatch(/^scout: interrupted\nhint: a cancelled open closes the tab it made/);
      // tabs does not queue behind other actions: poll, with a generous bound (each call starts a Node process) below the 120 s navigation timeout.
      const remaining = async () => (JSON.parse((await cli('tabs', '--json')).stdout).tabs as { id: string }[]).map((t) => t.id).join();
      await waitFor('the interrupted open to close its tab', async () => ((await remaining()) === 't1' ? true : undefined), 60_000);
    } finally {
      await cli('stop');
    }
  }, 240_000);
});

/** The CLI as a child process the test can signal. */
function spawnCli(args: string[], extra: Record<string, string>): { child: ReturnType<typeof spawn>; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [SCOUT_BIN, ...args], { env: cleanEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}
