/**
 * Model time per answered question: whole `scout` runs (the built CLI, real
 * Chromium, the fixture web) against a scripted model that charges what a
 * local server would spend on what it receives (bench/charged-model.ts:
 * prefill on the uncached part of the prompt, decode on the answer and a
 * reasoning model's thinking, a reload when num_ctx changes). Side by side in
 * one run: scout's defaults, --think on, --no-condense, and an AgenticSeek-like
 * configuration, each with a plain and a reasoning model, on the run of
 * bench/model-time-world.ts (two links deep, a long visitor guide first).
 * Charges are computed, not slept, and are the same on every run of the same
 * code, so each cell is run once. Needs a build (dist/).
 *
 *   npm run bench:research [-- --calls] [-- --sleep-ms-per-s 10]   model time (--calls: every call's charge; sleep 10 ms per charged second: 1%)
 *   npm run bench:research -- --prefetch [--runs 3 --pages 8 --delay 1000]   wall time with prefetch on and off
 */
import { chargedModel, chargeSeconds, PROFILES, type Charge, type ModelKind, type ProfileName } from './charged-model.js';
import { QUESTION, RESULTS, worldScript } from './model-time-world.js';
import { flag, printTable, scoutRun, startHarness, type Harness, type ScoutRun } from './support.js';

if (process.argv.includes('--prefetch')) {
  await import('./research-prefetch.js');
  process.exit(0);
}

const SLEEP_MS_PER_S = process.argv.includes('--sleep-ms-per-s') ? flag('sleep-ms-per-s', 0) : 0;

/**
 * AgenticSeek (Fosowl/agenticSeek) shows every page whole, cut at 32,768
 * characters (sources/browser.py get_text), with the model thinking: here
 * --no-condense --think on. Every page of this run is under 32,768 characters
 * and fits scout's default context, so the cut never binds. Not modelled, so
 * its figure is a lower bound: AgenticSeek puts the page before the notes and
 * the question (less of each prompt is cached), and spends one more call
 * choosing a link after every GO_BACK (sources/agents/browser_agent.py).
 */
const CONFIGS: { name: string; args: string[] }[] = [
  { name: 'scout defaults', args: [] },
  { name: '--think on', args: ['--think', 'on'] },
  { name: '--no-condense', args: ['--no-condense'] },
  { name: 'AgenticSeek-like', args: ['--no-condense', '--think', 'on'] },
];

const MODELS: Record<ModelKind, { name: string; capabilities: string[] }> = {
  plain: { name: 'llama3.1:8b', capabilities: ['completion'] },
  reasoning: { name: 'qwen3:8b', capabilities: ['completion', 'thinking'] },
};

interface Cell {
  config: string;
  model: ModelKind;
  run: ScoutRun;
  charges: Charge[];
  answered: boolean;
  answer: string;
}

const sum = (charges: readonly Charge[], of: (c: Charge) => number) => charges.reduce((total, c) => total + of(c), 0);
const seconds = (charges: readonly Charge[], profile: ProfileName) => sum(charges, (c) => chargeSeconds(c, PROFILES[profile]));
const path = (url: string | undefined) => (url ? new URL(url, 'http://x').pathname.replace(/^\/research\//, '') : '?');

async function runCell(harness: Harness, config: (typeof CONFIGS)[number], model: ModelKind): Promise<Cell> {
  const charged = chargedModel(worldScript(), model, { sleepScale: SLEEP_MS_PER_S / 1000, profile: PROFILES.laptop });
  const run = await scoutRun(harness, { pages: 12, llmDelayMs: 0, script: charged.script, model: MODELS[model], question: QUESTION, args: config.args });
  let out: { stoppedBy?: string; answer?: string } = {};
  try {
    out = JSON.parse(run.stdout) as typeof out;
  } catch {
    console.error(`${config.name} / ${model}: no JSON result (exit ${run.code}):\n${run.stderr.slice(-2000)}`);
  }
  return { config: config.name, model, run, charges: charged.charges, answered: run.code === 0 && out.stoppedBy === 'answer_found', answer: out.answer ?? '' };
}

function printCells(cells: readonly Cell[], base: Cell): void {
  printTable(
    ['configuration', 'model', 'answered', 'calls', 'prompt tok', 'uncached tok', 'thinking tok', 'answer tok', 'reloads', 'gpu s/q', 'laptop s/q', 'cpu s/q', 'laptop x defaults/plain'],
    cells.map((c) => [
      c.config,
      c.model,
      c.answered ? 'yes' : 'NO',
      String(c.charges.length),
      String(sum(c.charges, (x) => x.promptTokens)),
      String(sum(c.charges, (x) => x.promptTokens - x.cachedTokens)),
      String(sum(c.charges, (x) => x.thinkingTokens)),
      String(sum(c.charges, (x) => x.answerTokens)),
      String(c.charges.filter((x) => x.reload).length),
      ...(['gpu', 'laptop', 'cpu'] as const).map((p) => (c.answered ? seconds(c.charges, p).toFixed(1) : '-')),
      (seconds(c.charges, 'laptop') / seconds(base.charges, 'laptop')).toFixed(2),
    ]),
  );
}

function printCalls(cells: readonly Cell[]): void {
  for (const c of cells) {
    console.log(`\n${c.config} / ${c.model}: every call`);
    printTable(
      ['call', 'page', 'prompt tok', 'cached tok', 'thinking tok', 'answer tok', 'reload', 'laptop s'],
      c.charges.map((x) => [x.kind, x.page ? path(x.page) : '', String(x.promptTokens), String(x.cachedTokens), String(x.thinkingTokens), String(x.answerTokens), x.reload ? 'yes' : '', chargeSeconds(x, PROFILES.laptop).toFixed(1)]),
    );
  }
}

function printGuideRounds(cells: readonly Cell[]): void {
  console.log('\nthe visitor guide round alone (the long page with nothing about the question)');
  printTable(
    ['configuration', 'model', 'prompt tok', 'uncached tok', 'laptop s'],
    cells.map((c) => {
      const guide = c.charges.filter((x) => x.page?.endsWith('/visitor-guide.html'));
      return [c.config, c.model, String(sum(guide, (x) => x.promptTokens)), String(sum(guide, (x) => x.promptTokens - x.cachedTokens)), seconds(guide, 'laptop').toFixed(1)];
    }),
  );
}

/** One acceptance line: `ratio` against its goal, on every profile. */
function goal(label: string, ratio: (profile: ProfileName) => number, met: (r: number) => boolean, target: string): void {
  const byProfile = (Object.keys(PROFILES) as ProfileName[]).map((p) => `${p} ${ratio(p).toFixed(2)}`).join(', ');
  console.log(`- ${label}: ${byProfile} (goal ${target}, laptop: ${met(ratio('laptop')) ? 'met' : 'NOT met'})`);
}

function printGoals(find: (config: string, model: ModelKind) => Cell): void {
  const ratio = (a: Cell, b: Cell) => (p: ProfileName) => seconds(a.charges, p) / seconds(b.charges, p);
  console.log('\nacceptance (model time ratios per profile)');
  goal('reasoning / plain model, scout defaults', ratio(find('scout defaults', 'reasoning'), find('scout defaults', 'plain')), (r) => r <= 1.15, '<= 1.15');
  for (const model of ['plain', 'reasoning'] as const) {
    goal(`--no-condense / defaults, ${model} model`, ratio(find('--no-condense', model), find('scout defaults', model)), (r) => r >= 2, '>= 2');
  }
  // The goal is for scout's default model, a reasoning one (qwen3:8b); with a plain model only condensation differs.
  const agentic = find('AgenticSeek-like', 'reasoning');
  const ours = find('scout defaults', 'reasoning');
  const same = agentic.answer === ours.answer ? 'same answer' : 'DIFFERENT answers';
  goal(`AgenticSeek-like / defaults, reasoning model (${same})`, ratio(agentic, ours), (r) => r >= 5, '>= 5');
}

const harness = await startHarness(RESULTS);
const started = performance.now();
const cells: Cell[] = [];
try {
  for (const config of CONFIGS) for (const model of ['plain', 'reasoning'] as const) cells.push(await runCell(harness, config, model));
} finally {
  await harness.close();
}
const find = (config: string, model: ModelKind) => cells.find((c) => c.config === config && c.model === model)!;

console.log(`question: ${QUESTION}`);
console.log(`search results, engine order: ${RESULTS.map((r) => path(r.path)).join(', ')}`);
for (const c of cells) console.log(`  ${c.config} / ${c.model} (${MODELS[c.model].name}): read ${c.charges.filter((x) => x.kind === 'navigate').map((x) => path(x.page)).join(' -> ')}`);
console.log('\nmodel time charged per call: prompt tokens not shared with the previous prompt / prefill rate + (answer + thinking tokens) / decode rate (+ reload); profiles:');
for (const [name, p] of Object.entries(PROFILES)) console.log(`  ${name}: prefill ${p.prefill} t/s, decode ${p.decode} t/s; ${p.hardware}; ${p.source}`);
console.log(`${cells.length} runs in ${((performance.now() - started) / 1000).toFixed(0)} s wall time (${SLEEP_MS_PER_S ? `slept ${SLEEP_MS_PER_S} ms per charged laptop second` : 'charged, not slept'}); one question per run; s/q: model-seconds per answered question\n`);
printCells(cells, find('scout defaults', 'plain'));
printGuideRounds(cells);
if (process.argv.includes('--calls')) printCalls(cells);
printGoals(find);
