/**
 * `scout batch` end to end: the real CLI process, real Chromium, the fixture
 * web, the SearxNG double and one scripted model for all runs through the real
 * ollama client. Chromium is launched through a wrapper script that logs each
 * launch, so the count of browser processes is seen from outside scout.
 *
 * The scripted replies are the well-formed Note/Action lines of the prompt's
 * own grammar, as in research.test.ts (the clean case; the batch adds nothing
 * to how a reply is read). Every run reads the same page, so the replies do
 * not depend on which question is asked.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChrome } from '../../src/browser/launch/chrome.js';
import { agentScript, promptKind, user, type AgentScript } from '../support/agent-script.js';
import { startLlmDouble, type LlmDouble } from '../support/llm-double.js';
import { chromiumsUnder, startResearchWorld, type Json, type ResearchWorld } from '../support/research-world.js';
import { runCliUntil, type CliResult, type SignalStep } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let world: ResearchWorld;
beforeAll(async () => {
  // A second result, so that a run whose first page times out on a loaded machine still finds its answer.
  world = await startResearchWorld(['/research/towers.html', '/articles/towers.html']);
});
afterAll(() => world.close());

const script = (): AgentScript => ({
  search: 'search: skyscrapers in Europe',
  pages: {
    '/research/towers.html': () =>
      `Note: On ${world.web.at('/research/towers.html')}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: REQUEST_EXIT`,
    '/articles/towers.html': () =>
      `Note: On ${world.web.at('/articles/towers.html')}, the Lakhta Center in Saint Petersburg is 462 metres tall. "The Lakhta Center in Saint Petersburg is 462 metres tall"\nAction: REQUEST_EXIT`,
  },
  conclude: (request) =>
    user(request).includes('Frankfurt') ? 'Most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg [1].' : 'The Lakhta Center in Saint Petersburg is 462 metres tall [1].',
});

const QUESTIONS = ['Where do European skyscrapers stand?', 'Which cities in Europe have skyscrapers?', 'Where are the tall towers of Europe?', 'In which cities are most skyscrapers of Europe?', 'Where is Europe building high?', 'Which European cities have towers above 200 metres?'];

interface Batch {
  result: CliResult;
  llm: LlmDouble;
  tmp: string;
  /** Chromium launches the wrapper saw. */
  launches: () => number;
  trace: () => Json[];
}

/** A Chromium wrapper that logs a line per launch, then becomes the real one (keeping the pipe puppeteer talks over). */
function countingChrome(dir: string): { path: string; log: string } {
  const log = join(dir, 'launches.log');
  const path = join(dir, 'chrome');
  writeFileSync(path, `#!/bin/sh\necho launch >> '${log}'\nexec '${findChrome(undefined)}' "$@"\n`);
  chmodSync(path, 0o755);
  return { path, log };
}

async function batch(file: string, extra: string[], dir = tempDir('scout-batch-'), steps: SignalStep[] = []): Promise<Batch> {
  const llm = await startLlmDouble({ script: agentScript(script()) });
  const chrome = countingChrome(dir);
  const trace = join(dir, 'trace.jsonl');
  const args = ['batch', file, '--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', '--chrome', chrome.path, '--trace', trace, ...extra];
  const result = await runCliUntil(args, { env: { TMPDIR: dir }, timeoutMs: 240_000, steps });
  await llm.close();
  const lines = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  return { result, llm, tmp: dir, launches: () => lines(chrome.log).length, trace: () => lines(trace).map((l) => JSON.parse(l) as Json) };
}

const records = (text: string): Json[] => text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Json);
const searchPrompts = (llm: LlmDouble) => llm.chats().filter((r) => promptKind(r) === 'search').length;

describe('scout batch', () => {
  it('researches 6 questions 3 at a time in one Chromium, one result line each; a rerun skips the answered ones', async () => {
    const dir = tempDir('scout-batch-');
    const file = join(dir, 'questions.txt');
    const out = join(dir, 'results.jsonl');
    writeFileSync(file, `${QUESTIONS.join('\n')}\n`);

    const first = await batch(file, ['--jobs', '3', '-o', out], dir);
    expect(first.result.stderr).not.toMatch(/\n\s+at /);
    expect(first.result.code, first.result.stderr).toBe(0);
    expect(first.result.stdout).toBe('');
    const lines = records(readFileSync(out, 'utf8'));
    expect(lines).toHaveLength(6);
    expect(lines.map((l) => l.line).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const l of lines) {
      expect(l.question).toBe(QUESTIONS[(l.line as number) - 1]);
      expect(l.id).toMatch(/^[0-9a-f]{12}$/);
      expect(l.stoppedBy).toBe('answer_found');
      expect(l.answer).toMatch(/Saint Petersburg.* \[1\]\.$/);
      expect(l.sources).toHaveLength(1);
      expect([world.web.at('/research/towers.html'), world.web.at('/articles/towers.html')]).toContain(l.sources[0].url);
    }
    expect(new Set(lines.map((l) => l.id)).size).toBe(6);
    // One Chromium for all six runs, each run's events under its question's id.
    expect(first.launches()).toBe(1);
    const events = first.trace();
    expect(events.filter((e) => e.type === 'browser')).toHaveLength(1);
    expect(new Set(events.filter((e) => e.type === 'load').map((e) => e.id))).toEqual(new Set(lines.map((l) => l.id)));
    expect(searchPrompts(first.llm)).toBe(6);
    expect(first.result.stderr).toMatch(/6\/6 done: line \d answered/);
    expect(chromiumsUnder(dir)).toEqual([]);

    // A seventh question: the rerun researches it alone and appends its line.
    writeFileSync(file, `${QUESTIONS.join('\n')}\nWhere in Europe do most skyscrapers stand?\n`);
    const queriesBefore = world.searx.queries.length;
    const again = await batch(file, ['--jobs', '3', '-o', out], dir);
    expect(again.result.code, again.result.stderr).toBe(0);
    expect(searchPrompts(again.llm)).toBe(1);
    expect(world.searx.queries.length - queriesBefore).toBe(1);
    expect(again.result.stderr).toContain('6 of 7 questions already answered');
    const after = records(readFileSync(out, 'utf8'));
    expect(after).toHaveLength(7);
    expect(after[6]!.line).toBe(7);
  }, 480_000);

  it('reports a malformed jsonl line with its number and still runs the others (exit 2); results go to stdout without -o', async () => {
    const dir = tempDir('scout-batch-');
    const file = join(dir, 'questions.jsonl');
    writeFileSync(file, [JSON.stringify({ id: 'q1', question: QUESTIONS[0] }), JSON.stringify({ id: 'q2', question: QUESTIONS[1] }), '{"id": "q3", "question": "Where', JSON.stringify({ id: 'q4' }), JSON.stringify({ id: 'q5', question: QUESTIONS[2] })].join('\n'));
    const run = await batch(file, ['--jobs', '2', '--quiet'], dir);
    expect(run.result.code, run.result.stderr).toBe(2);
    expect(run.result.stderr).toMatch(/questions\.jsonl line 3: not JSON \(.*\); skipped\n/);
    expect(run.result.stderr).toContain('questions.jsonl line 4: no "question" string; skipped\n');
    expect(run.result.stderr.trim().split('\n')).toHaveLength(2);
    const lines = records(run.result.stdout);
    expect(lines.map((l) => l.id).sort()).toEqual(['q1', 'q2', 'q5']);
    expect(lines.find((l) => l.id === 'q5')).toMatchObject({ line: 5, question: QUESTIONS[2], stoppedBy: 'answer_found' });
    expect(run.launches()).toBe(1);
  }, 240_000);

  it('keeps the finished lines on Ctrl-C, whole, and drops the runs in flight (exit 130)', async () => {
    const dir = tempDir('scout-batch-');
    const file = join(dir, 'questions.txt');
    const out = join(dir, 'results.jsonl');
    writeFileSync(file, `${QUESTIONS.join('\n')}\n`);
    const run = await batch(file, ['--jobs', '2', '-o', out], dir, [{ until: (stderr) => /1\/6 done/.test(stderr), signal: 'SIGINT' }]);
    expect(run.result.code).toBe(130);
    expect(run.result.stderr).toContain('interrupted: finishing no more questions');
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = records(text);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThan(6);
    for (const l of lines) expect(l.stoppedBy).toBe('answer_found');
    expect(chromiumsUnder(dir)).toEqual([]);
  }, 240_000);

  it('refuses --jobs 0 in one line (exit 2) before any model call', async () => {
    const dir = tempDir('scout-batch-');
    const file = join(dir, 'questions.txt');
    writeFileSync(file, `${QUESTIONS[0]}\n`);
    const run = await batch(file, ['--jobs', '0'], dir);
    expect(run.result.code).toBe(2);
    expect(run.result.stdout).toBe('');
    expect(run.result.stderr).toBe('scout: --jobs must be a whole number from 1 up, not "0"\nhint: e.g. --jobs 4: four questions researched at a time\n');
    expect(run.llm.requests).toHaveLength(0);
    expect(run.launches()).toBe(0);
  }, 60_000);

  it('says so in one line when the batch file is missing (exit 2)', async () => {
    const dir = tempDir('scout-batch-');
    const run = await batch(join(dir, 'missing.txt'), [], dir);
    expect(run.result.code).toBe(2);
    expect(run.result.stderr).toMatch(/^scout: cannot read the batch file .*missing\.txt: no such file\nhint: /);
  }, 60_000);
});
