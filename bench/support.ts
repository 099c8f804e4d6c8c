/**
 * What the speed benchmarks share: medians, a table printer, and a whole
 * `scout` run (the built CLI as a child process) on the loopback harness web
 * with a scripted model: by default one answering every call after a fixed
 * delay, or any script (the charged model of charged-model.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentScript, currentPage, user } from '../test/support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../test/support/fixture-web.js';
import { startLlmDouble, type LlmRequest, type Script } from '../test/support/llm-double.js';
import { cleanEnv, SCOUT_BIN } from '../test/support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../test/support/searxng-double.js';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time of `run` in ms over `runs` timed calls, after `warmup` untimed ones. */
export async function medianMs(run: () => Promise<unknown>, runs: number, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** A positive whole number from `--name N` on the command line, else the default. */
export function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Fixture pages a research run reads, one per search result. */
export const HARNESS_PAGES = [
  '/research/towers.html',
  '/research/history.html',
  '/research/lakhta.html',
  '/research/about.html',
  '/articles/towers.html',
  '/reading/article.html',
  '/reading/docs.html',
  '/reading/forum.html',
  '/reading/listing.html',
  '/reading/product.html',
];

export interface Harness {
  web: FixtureWeb;
  searx: SearxngDouble;
  close(): Promise<void>;
}

/** A search result of the harness: a fixture path with the title and snippet the engine shows. */
export interface HarnessResult {
  path: string;
  title: string;
  snippet: string;
}

/** The fixture web and a SearxNG double whose results are `pages` fixture paths (plain paths get a placeholder title and snippet). */
export async function startHarness(pages: readonly (string | HarnessResult)[]): Promise<Harness> {
  const web = await startFixtureWeb();
  const result = (page: string | HarnessResult, i: number, q: string) =>
    typeof page === 'string' ? { url: web.at(page), title: `Result ${i + 1} for ${q}`, content: 'snippet' } : { url: web.at(page.path), title: page.title, content: page.snippet };
  const searx = await startSearxngDouble({ results: (q) => pages.map((page, i) => result(page, i, q)) });
  return { web, searx, close: async () => void (await Promise.all([web.close(), searx.close()])) };
}

/** A note quoting the page's title (so it verifies), then back to the results. */
function readAndGoBack(request: LlmRequest): string {
  const url = currentPage(request) ?? '';
  const title = user(request).match(/^Title: (.+)$/m)?.[1] ?? '';
  return `Note: On ${url}, the page is titled "${title}".\nAction: GO_BACK`;
}

export interface ScoutRun {
  code: number | null;
  wallMs: number;
  /** Sum of the LLM calls' durations as the client measured them (trace "llm" events). */
  llmMs: number;
  llmCalls: number;
  /** From the first trace event to the last: the run without Node's start-up and exit. */
  spanMs: number;
  /** The first page's load as the loop waited for it (browser launch not included). */
  firstLoadMs: number;
  /** How long the first page waited for the browser (launched while the model rewrote the question). */
  browserWaitMs: number;
  pages: number;
  prefetched: number;
  requests: LlmRequest[];
  trace: Record<string, unknown>[];
  stdout: string;
  stderr: string;
}

export interface ScoutRunOptions {
  pages: number;
  llmDelayMs: number;
  /** The model's script; default: a note on every page, each call answered after llmDelayMs. */
  script?: Script;
  /** The model the server has and scout asks for, and its /api/show capabilities. */
  model?: { name: string; capabilities: string[] };
  question?: string;
  /** More scout flags (e.g. --think on, --no-condense). */
  args?: string[];
  env?: Record<string, string>;
  /** Called with the scout process id as soon as it is spawned. */
  onSpawn?: (pid: number) => void;
}

/** Every page read gets a note, each call answered after `delay` ms. */
function readEveryPage(delay: number): Script {
  return agentScript({
    search: { text: 'search: benchmark pages', delayMs: delay },
    pages: Object.fromEntries(HARNESS_PAGES.map((p) => [p, (request: LlmRequest) => ({ text: readAndGoBack(request), delayMs: delay })])),
    conclude: { text: 'The pages were read [1].', delayMs: delay },
  });
}

/** One `scout --json` run reading up to `pages` pages. */
export async function scoutRun(harness: Harness, options: ScoutRunOptions): Promise<ScoutRun> {
  const model = options.model ? { models: [options.model.name], capabilities: options.model.capabilities } : {};
  const llm = await startLlmDouble({ script: options.script ?? readEveryPage(options.llmDelayMs), ...model });
  const tmp = mkdtempSync(join(tmpdir(), 'scout-bench-'));
  const traceFile = join(tmp, 'trace.jsonl');
  const flags = [...(options.model ? ['--model', options.model.name] : []), ...(options.args ?? [])];
  const args = [SCOUT_BIN, '--llm-url', llm.url, '--searxng-url', harness.searx.url, '--allow-private-network', '--json', '--trace', traceFile, '--max-pages', String(options.pages), '--max-results', '20', ...flags, options.question ?? 'benchmark question'];
  const started = performance.now();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: cleanEnv({ TMPDIR: tmp, ...options.env }), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit, stdout: out, stderr: err }));
  });
  const wallMs = performance.now() - started;
  await llm.close();
  const trace = readFileSync(traceFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  rmSync(tmp, { recursive: true, force: true });
  const llmEvents = trace.filter((e) => e.type === 'llm' && typeof e.ms === 'number');
  const loads = trace.filter((e) => e.type === 'load');
  const at = (e: Record<string, unknown> | undefined) => Date.parse(String(e?.at));
  const firstPage = trace.find((e) => e.type === 'page');
  return {
    code,
    wallMs,
    llmMs: llmEvents.reduce((sum, e) => sum + (e.ms as number), 0),
    llmCalls: llmEvents.length,
    spanMs: at(trace.at(-1)) - at(trace[0]),
    firstLoadMs: Number(loads[0]?.ms ?? 0),
    browserWaitMs: at(loads[0]) - at(firstPage) - Number(loads[0]?.ms ?? 0),
    pages: loads.length,
    prefetched: loads.filter((e) => e.prefetched === true).length,
    requests: llm.chats(),
    trace,
    stdout,
    stderr,
  };
}
