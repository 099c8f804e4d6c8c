/**
 * A whole `scout` run on the harness web (8 pages by default), the scripted
 * model answering every call after a fixed 1 s delay: total wall time against
 * the LLM time (the physical floor: calls x delay, the time the model server
 * spent; the client's own measure of its calls is shown beside it), with
 * prefetch on and off (SCOUT_PREFETCH=0) side by side. Goal: total <= 1.15 x
 * LLM time + browser start. Runs alternate on/off so both see the same machine
 * load. Needs a build (dist/). bench/research.ts runs it with --prefetch.
 *
 *   npm run bench:research -- --prefetch [--runs 3 --pages 8 --delay 1000]
 */
import { launchBrowser } from '../src/browser/launch/launch.js';
import { flag, median, printTable, scoutRun, startHarness, HARNESS_PAGES, type ScoutRun } from './support.js';

const RUNS = flag('runs', 3);
const PAGES = Math.min(flag('pages', 8), HARNESS_PAGES.length);
const DELAY_MS = flag('delay', 1000);

/** Launch + first tab, the way a research run starts its browser. */
async function browserStartMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const launched = await launchBrowser({ headful: false, stealth: true });
    await launched.browser.newPage();
    times.push(performance.now() - started);
    // Let stealth finish setting up the tab: closing it mid-setup only makes noise.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await launched.close();
  }
  return median(times);
}

const harness = await startHarness(HARNESS_PAGES.slice(0, PAGES));
const modes = { on: [] as ScoutRun[], off: [] as ScoutRun[] };
try {
  const start = await browserStartMs();
  for (let i = 0; i < RUNS; i++) {
    for (const mode of ['on', 'off'] as const) {
      const run = await scoutRun(harness, { pages: PAGES, llmDelayMs: DELAY_MS, env: mode === 'off' ? { SCOUT_PREFETCH: '0' } : {} });
      if (run.code !== 0 || run.pages !== PAGES) throw new Error(`scout run failed (exit ${run.code}, ${run.pages} pages):\n${run.stderr}`);
      modes[mode].push(run);
    }
  }
  const rows = (['on', 'off'] as const).map((mode) => {
    const runs = modes[mode];
    const wall = median(runs.map((r) => r.wallMs));
    const llm = median(runs.map((r) => r.llmCalls * DELAY_MS));
    const client = median(runs.map((r) => r.llmMs));
    const over = median(runs.map((r) => r.wallMs - r.llmCalls * DELAY_MS));
    const outside = median(runs.map((r) => r.wallMs - r.spanMs));
    return { mode, wall, llm, client, over, outside, first: median(runs.map((r) => r.firstLoadMs)), wait: median(runs.map((r) => r.browserWaitMs)), prefetched: median(runs.map((r) => r.prefetched)), calls: runs[0]!.llmCalls };
  });
  console.log(`scout run on the harness web: ${PAGES} pages, every LLM call answers after ${DELAY_MS} ms; median of ${RUNS} runs each, alternating`);
  console.log(`browser start (launch + first tab), median of 3: ${start.toFixed(0)} ms\n`);
  printTable(
    ['prefetch', 'LLM calls', 'pages prefetched', 'wall ms', 'LLM ms (floor)', 'LLM ms (client)', 'wall - LLM ms', 'wall / LLM', 'goal: wall <= 1.15 x LLM + start'],
    rows.map((r) => [r.mode, String(r.calls), `${r.prefetched}/${PAGES}`, r.wall.toFixed(0), r.llm.toFixed(0), r.client.toFixed(0), r.over.toFixed(0), (r.wall / r.llm).toFixed(3), `${(1.15 * r.llm + start).toFixed(0)} ms: ${r.wall <= 1.15 * r.llm + start ? 'met' : 'missed'}`]),
  );
  console.log('\nwhere the time beyond the LLM goes (medians, ms)');
  printTable(
    ['prefetch', 'Node start + exit', 'waiting for the browser (after the rewrite)', 'first page (nothing to overlap)', 'the rest (other pages, client overhead)'],
    rows.map((r) => [r.mode, r.outside.toFixed(0), r.wait.toFixed(0), r.first.toFixed(0), (r.over - r.outside - r.wait - r.first).toFixed(0)]),
  );
  const [on, off] = rows;
  console.log(`\nprefetch on / off wall time: ${(on!.wall / off!.wall).toFixed(3)}; time beyond the LLM's: ${on!.over.toFixed(0)} ms vs ${off!.over.toFixed(0)} ms (x${(on!.over / off!.over).toFixed(2)})`);
} finally {
  await harness.close();
}
