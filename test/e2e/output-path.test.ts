/**
 * Output faults: a bad -o or --trace path fails at once (exit 2, before any
 * model call), and write errors on stdout end quietly with a documented exit
 * code, never a stack: a closed pipe (EPIPE) exits 0, a full disk (ENOSPC,
 * /dev/full as stdout) exits 5 with one line and a hint.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript } from '../support/agent-script.js';
import { startLlmDouble } from '../support/llm-double.js';
import { startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { isolatedEnv, runCli, SCOUT_BIN } from '../support/run-cli.js';
import { removeTempDir, removeTempDirs, tempDir } from '../support/temp.js';

const TOWERS = 'Note: On towers, most skyscrapers stand in Moscow and London. "Most of them stand in Moscow, London"\nAction: REQUEST_EXIT';
const SCRIPT = agentScript({ search: 'search: towers', pages: { '/research/towers.html': TOWERS }, conclude: 'Most stand in Moscow and London [1].' });
/** A Node stack trace or an unhandled 'error' event report. */
const STACK = /^\s+at |node:events|Unhandled 'error'/m;

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html']);
});
afterAll(async () => {
  await world.close();
  removeTempDirs();
});

/** Run scout with stdout on `stdout` ('pipe' closed by its reader at once, or a file descriptor); stderr is collected. */
function runWithStdout(args: string[], stdout: 'closed-pipe' | number): Promise<{ code: number | null; stderr: string }> {
  const { env, dirs } = isolatedEnv();
  const child = spawn(process.execPath, [SCOUT_BIN, ...args], { env, stdio: ['ignore', stdout === 'closed-pipe' ? 'pipe' : stdout, 'pipe'] });
  // The reader goes away before scout writes, as `head -1` does once it has its line.
  child.stdout?.destroy();
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr }))).finally(() => dirs.forEach(removeTempDir)) as Promise<{ code: number | null; stderr: string }>;
}

describe('output paths are checked before the run', () => {
  it.each([
    ['-o in a missing folder', ['-o', '/nonexistent-scout-dir/r.md'], /^scout: cannot write the report to \/nonexistent-scout-dir\/r\.md: the folder \/nonexistent-scout-dir does not exist$/],
    ['-o naming a folder', ['-o', '/tmp'], /^scout: cannot write the report to \/tmp: it is a folder$/],
    ['--trace in a missing folder', ['--trace', '/nonexistent-scout-dir/t.jsonl'], /^scout: cannot write the trace file \/nonexistent-scout-dir\/t\.jsonl: the folder \/nonexistent-scout-dir does not exist$/],
  ])('%s fails at once with exit 2, one line and a hint, and no model call', async (_name, flags, message) => {
    const llm = await startLlmDouble({ script: SCRIPT });
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', ...flags, 'towers']);
    await llm.close();
    expect(result.code).toBe(2);
    expect(llm.chats()).toHaveLength(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toMatch(/^hint: give (-o|--trace) a file in an existing, writable folder$/);
    expect(result.stdout).toBe('');
  });

  it('-o in a writable folder gets the report', async () => {
    const llm = await startLlmDouble({ script: SCRIPT });
    const report = join(tempDir('scout-output-'), 'r.md');
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', '-o', report, 'towers']);
    await llm.close();
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Most stand in Moscow and London [1].');
    expect(readFileSync(report, 'utf8')).toBe(result.stdout);
  });
});

describe('write errors on stdout', () => {
  it.each([
    ['scout read', () => ['read', world.web.at('/research/towers.html'), '--allow-private-network']],
    ['scout config', () => ['config']],
  ])('%s to a closed pipe (EPIPE) ends quietly with exit 0', async (_name, args) => {
    const { code, stderr } = await runWithStdout(args(), 'closed-pipe');
    expect(stderr).not.toMatch(STACK);
    expect(code).toBe(0);
  });

  it.each([
    ['scout read', () => ['read', world.web.at('/research/towers.html'), '--allow-private-network']],
    ['a research run with --json', () => ['--llm-url', 'LLM', '--searxng-url', world.searx.url, '--allow-private-network', '--json', 'towers']],
  ])('%s to a full disk (/dev/full) ends with exit 5, one line and a hint', async (_name, args) => {
    const llm = await startLlmDouble({ script: SCRIPT });
    const full = openSync('/dev/full', 'w');
    try {
      const { code, stderr } = await runWithStdout(args().map((a) => (a === 'LLM' ? llm.url : a)), full);
      expect(stderr).not.toMatch(STACK);
      expect(stderr).toMatch(/^scout: cannot write to stdout: ENOSPC\nhint: free some space on the disk stdout goes to, or send it elsewhere\n$/m);
      expect(code).toBe(5);
    } finally {
      closeSync(full);
      await llm.close();
    }
  });
});
