/**
 * No orphans: Chromium ends when scout ends, however scout ends. A research
 * run and a `scout browser` call are killed mid-page with SIGKILL (nothing of
 * scout runs any more) and SIGHUP (the terminal closed); a moment later no
 * Chromium runs on their profiles, and the next scout removes a profile a
 * killed run left behind.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/util/timing.js';
import { agentScript } from '../support/agent-script.js';
import { startLlmDouble, type LlmDouble } from '../support/llm-double.js';
import { chromiumsUnder, startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { isolatedEnv, runCli, SCOUT_BIN } from '../support/run-cli.js';
import { removeTempDir, removeTempDirs, tempDir } from '../support/temp.js';

/** How long Chromium may take to notice its pipe closed and exit. */
const EXIT_GRACE_MS = 5_000;

let world: ResearchWorld;
let llm: LlmDouble;
beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html']);
  // The model never answers on the page: the run stays mid-page, Chromium up, until it is killed.
  llm = await startLlmDouble({ script: agentScript({ search: 'search: towers', pages: { '/research/towers.html': { hang: true } } }) });
});
afterAll(async () => {
  await llm.close();
  await world.close();
  removeTempDirs();
});

const profiles = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('scout-chrome-'));

/** Start scout with its own TMPDIR, wait until it is mid-page with Chromium running, send it `signal`, then count Chromium processes. */
async function killMidRun(args: string[], signal: NodeJS.Signals, midRun: () => boolean): Promise<{ tmp: string; before: number; after: string[]; exit: string }> {
  const tmp = tempDir('scout-orphan-');
  const { env, dirs } = isolatedEnv({ TMPDIR: tmp });
  const child = spawn(process.execPath, [SCOUT_BIN, ...args], { env, stdio: 'ignore' });
  const exited = new Promise<string>((resolve) => child.on('exit', (code, sig) => resolve(sig ?? `code ${code}`)));
  try {
    expect(await waitUntil(() => chromiumsUnder(tmp).length > 0 && midRun(), 30_000, 100)).toBe(true);
    const before = chromiumsUnder(tmp).length;
    child.kill(signal);
    const exit = await exited;
    await waitUntil(() => chromiumsUnder(tmp).length === 0, EXIT_GRACE_MS, 100);
    return { tmp, before, after: chromiumsUnder(tmp), exit };
  } finally {
    child.kill('SIGKILL');
    dirs.forEach(removeTempDir);
  }
}

describe('no Chromium outlives scout', () => {
  it.each(['SIGKILL', 'SIGHUP'] as const)('a research run killed with %s mid-page leaves no Chromium', async (signal) => {
    const asked = llm.chats().length;
    const args = ['--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', '--max-pages', '1', 'towers'];
    const { before, after, exit } = await killMidRun(args, signal, () => llm.chats().length >= asked + 2);
    expect(before).toBeGreaterThan(0);
    expect(after).toEqual([]);
    expect(exit).toBe(signal === 'SIGKILL' ? 'SIGKILL' : 'code 130');
  });

  it.each(['SIGKILL', 'SIGHUP'] as const)('a `scout browser open` killed with %s while the page loads leaves no Chromium', async (signal) => {
    const args = ['browser', 'open', world.web.at('/never'), '--allow-private-network'];
    const { before, after } = await killMidRun(args, signal, () => world.web.requests.some((r) => r.path === '/never'));
    expect(before).toBeGreaterThan(0);
    expect(after).toEqual([]);
  });

  it('the next scout removes the profile a killed run left behind', async () => {
    const { tmp } = await killMidRun(['browser', 'open', world.web.at('/never'), '--allow-private-network'], 'SIGKILL', () => true);
    const left = profiles(tmp);
    expect(left).toHaveLength(1);
    const next = await runCli(['read', world.web.at('/research/towers.html'), '--allow-private-network'], { env: { TMPDIR: tmp } });
    expect(next.code).toBe(0);
    expect(profiles(tmp)).toEqual([]);
  });
});
