/**
 * Peak memory during bench:research-style runs, prefetch on and off: the
 * scout process's RSS, and its Chromium process tree's RSS sum and PSS sum
 * (PSS splits shared pages between processes, so it does not count them twice),
 * sampled from /proc every 50 ms. Linux only. Needs a build (dist/).
 *
 *   npm run bench:memory [-- --runs 3 --pages 8 --delay 1000]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { flag, median, printTable, scoutRun, startHarness, HARNESS_PAGES } from './support.js';

const RUNS = flag('runs', 3);
const PAGES = Math.min(flag('pages', 8), HARNESS_PAGES.length);
const DELAY_MS = flag('delay', 1000);
const SAMPLE_MS = 50;

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** kB of a "Name:   123 kB" line. */
const kb = (text: string, name: string) => Number(text.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);

function children(): Map<number, number[]> {
  const tree = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!tree.has(ppid)) tree.set(ppid, []);
    tree.get(ppid)!.push(Number(entry));
  }
  return tree;
}

function descendants(pid: number): number[] {
  const tree = children();
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of tree.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

interface Peak {
  scoutRss: number;
  chromeRss: number;
  chromePss: number;
  chromeProcesses: number;
}

function sample(pid: number, peak: Peak): void {
  peak.scoutRss = Math.max(peak.scoutRss, kb(read(`/proc/${pid}/status`), 'VmRSS'));
  const chrome = descendants(pid).filter((p) => /chrom/i.test(read(`/proc/${p}/comm`)));
  let rss = 0;
  let pss = 0;
  for (const p of chrome) {
    const rollup = read(`/proc/${p}/smaps_rollup`);
    rss += kb(rollup, 'Rss');
    pss += kb(rollup, 'Pss');
  }
  peak.chromeRss = Math.max(peak.chromeRss, rss);
  peak.chromePss = Math.max(peak.chromePss, pss);
  peak.chromeProcesses = Math.max(peak.chromeProcesses, chrome.length);
}

const harness = await startHarness(HARNESS_PAGES.slice(0, PAGES));
const peaks = { on: [] as Peak[], off: [] as Peak[] };
try {
  for (let i = 0; i < RUNS; i++) {
    for (const mode of ['on', 'off'] as const) {
      const peak: Peak = { scoutRss: 0, chromeRss: 0, chromePss: 0, chromeProcesses: 0 };
      let timer: NodeJS.Timeout | undefined;
      const run = await scoutRun(harness, {
        pages: PAGES,
        llmDelayMs: DELAY_MS,
        env: mode === 'off' ? { SCOUT_PREFETCH: '0' } : {},
        onSpawn: (pid) => (timer = setInterval(() => sample(pid, peak), SAMPLE_MS)),
      });
      clearInterval(timer);
      if (run.code !== 0) throw new Error(`scout run failed (exit ${run.code}):\n${run.stderr}`);
      peaks[mode].push(peak);
    }
  }
  const mb = (k: number) => (k / 1024).toFixed(0);
  const row = (mode: 'on' | 'off') => {
    const p = peaks[mode];
    return [mode, mb(median(p.map((x) => x.scoutRss))), mb(median(p.map((x) => x.chromeRss))), mb(median(p.map((x) => x.chromePss))), String(median(p.map((x) => x.chromeProcesses)))];
  };
  console.log(`peak memory of a scout run (${PAGES} pages, LLM delay ${DELAY_MS} ms), median of ${RUNS} runs each, sampled every ${SAMPLE_MS} ms`);
  printTable(['prefetch', 'scout RSS MB', 'Chromium tree RSS MB', 'Chromium tree PSS MB', 'Chromium processes'], [row('on'), row('off')]);
  const ratio = (f: (p: Peak) => number) => (median(peaks.on.map(f)) / median(peaks.off.map(f))).toFixed(2);
  console.log(`\non / off: scout RSS x${ratio((p) => p.scoutRss)}, Chromium PSS x${ratio((p) => p.chromePss)}`);
} finally {
  await harness.close();
}
