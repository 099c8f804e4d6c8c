/**
 * `scout batch` at --jobs 1 and --jobs 4, side by side in one run: the wall
 * time of 12 questions against the scripted model (every call answered after
 * a fixed delay, several at once, as an inference server with parallel slots
 * does), and the peak RSS of the Chromium process tree (summed from /proc,
 * sampled every 50 ms). Linux only. Needs a build (dist/).
 *
 *   npm run bench:batch [-- --questions 12 --pages 2 --delay 500 --runs 1]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentScript, currentPage, user } from '../test/support/agent-script.js';
import { startLlmDouble, type LlmRequest } from '../test/support/llm-double.js';
import { cleanEnv, SCOUT_BIN } from '../test/support/run-cli.js';
import { flag, HARNESS_PAGES, median, printTable, startHarness, type Harness } from './support.js';

const QUESTIONS = flag('questions', 12);
const PAGES = Math.min(flag('pages', 2), HARNESS_PAGES.length);
const DELAY_MS = flag('delay', 500);
const RUNS = flag('runs', 1);
const JOBS = [1, 4] as const;
const SAMPLE_MS = 50;

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** Every process below pid (from /proc/<pid>/stat's parent field). */
function descendants(pid: number): number[] {
  const tree = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    tree.set(ppid, [...(tree.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const walk = (p: number) => (tree.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}

/** RSS sum in kB of the Chromium processes under pid. */
function chromiumRss(pid: number): number {
  return descendants(pid)
    .filter((p) => /chrom/i.test(read(`/proc/${p}/comm`)))
    .reduce((sum, p) => sum + Number(read(`/proc/${p}/status`).match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0), 0);
}

/** A note on each page quoting its title; the last page allowed ends the run. */
function noteOn(request: LlmRequest): string {
  const title = user(request).match(/^Title: (.+)$/m)?.[1] ?? '';
  return `Note: On ${currentPage(request) ?? ''}, the page is titled "${title}".\nAction: GO_BACK`;
}

interface BatchRun {
  wallMs: number;
  peakKb: number;
  lines: number;
  /** Lines with an error or no answer (a page that timed out on a loaded machine). */
  failed: number;
}

async function batchRun(harness: Harness, jobs: number): Promise<BatchRun> {
  const script = agentScript({
    search: { text: 'search: benchmark pages', delayMs: DELAY_MS },
    pages: Object.fromEntries(HARNESS_PAGES.map((p) => [p, (request: LlmRequest) => ({ text: noteOn(request), delayMs: DELAY_MS })])),
    conclude: { text: 'The pages were read [1].', delayMs: DELAY_MS },
  });
  const llm = await startLlmDouble({ script });
  const tmp = mkdtempSync(join(tmpdir(), 'scout-bench-batch-'));
  const file = join(tmp, 'questions.txt');
  const out = join(tmp, 'results.jsonl');
  writeFileSync(file, Array.from({ length: QUESTIONS }, (_, i) => `benchmark question ${i + 1}`).join('\n'));
  const args = [SCOUT_BIN, 'batch', file, '--jobs', String(jobs), '-o', out, '--quiet', '--llm-url', llm.url, '--searxng-url', harness.searx.url, '--allow-private-network', '--max-pages', String(PAGES)];
  let peakKb = 0;
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: cleanEnv({ TMPDIR: tmp }), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setInterval(() => (peakKb = Math.max(peakKb, chromiumRss(child.pid!))), SAMPLE_MS);
    child.on('error', reject);
    child.on('close', (exit) => {
      clearInterval(timer);
      if (exit !== 0) process.stderr.write(stderr);
      resolve(exit);
    });
  });
  const wallMs = performance.now() - started;
  const records = read(out).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { answer?: string; error?: unknown });
  await llm.close();
  rmSync(tmp, { recursive: true, force: true });
  // Exit 4: some questions got no answer; they are counted, the batch itself ran.
  if (code !== 0 && code !== 4) throw new Error(`scout batch --jobs ${jobs} failed (exit ${code})`);
  return { wallMs, peakKb, lines: records.length, failed: records.filter((r) => r.error !== undefined || !r.answer).length };
}

const harness = await startHarness(HARNESS_PAGES.slice(0, PAGES));
const runs = new Map<number, BatchRun[]>(JOBS.map((j) => [j, []]));
try {
  for (let i = 0; i < RUNS; i++) for (const jobs of JOBS) runs.get(jobs)!.push(await batchRun(harness, jobs));
  const wall = (jobs: number) => median(runs.get(jobs)!.map((r) => r.wallMs));
  const peak = (jobs: number) => median(runs.get(jobs)!.map((r) => r.peakKb));
  console.log(`scout batch: ${QUESTIONS} questions, ${PAGES} pages each, LLM delay ${DELAY_MS} ms, median of ${RUNS} run(s) each, one Chromium per batch`);
  printTable(
    ['--jobs', 'wall s', 'per question s', 'peak Chromium RSS MB', 'result lines', 'no answer'],
    JOBS.map((jobs) => {
      const all = runs.get(jobs)!;
      return [String(jobs), (wall(jobs) / 1000).toFixed(1), (wall(jobs) / 1000 / QUESTIONS).toFixed(1), (peak(jobs) / 1024).toFixed(0), String(median(all.map((r) => r.lines))), String(median(all.map((r) => r.failed)))];
    }),
  );
  console.log(`\n--jobs 4 / --jobs 1: wall x${(wall(4) / wall(1)).toFixed(2)}, peak Chromium RSS x${(peak(4) / peak(1)).toFixed(2)}`);
} finally {
  await harness.close();
}
