/**
 * scout's browser-tool snapshot against Microsoft's Playwright MCP on real pages
 * (WCXB dev set, seven kinds) served on loopback. Per page and tool: snapshot
 * size (chars, tokens = chars/4), share of the page's visible controls that carry
 * a ref (pooled over pages), the share reachable by following a cut snapshot's
 * closing note (its subtrees, a larger maxChars), whether the first visible h1 is
 * in it, whether it was cut at the size limit, and navigate + snapshot time. Visible controls and
 * the h1 come from a plain Chromium of the bench's own (snapshot-oracle.ts).
 *
 * Playwright MCP runs when it can be found: the @playwright/mcp dev dependency
 * (0.0.83, pinned), or PLAYWRIGHT_MCP=<path to its cli.js or its package folder>:
 *   node --import tsx bench/snapshot-vs-playwright.ts [--per-kind 20 | --ids a,b] [--data DIR] [--dump DIR]
 * --per-kind N takes the first N pages of each kind (default 20: 140 pages; 40 is all 280).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BrowserTool } from '../src/browser/tool/browser-tool.js';
import { SNAPSHOT_MAX_CHARS } from '../src/browser/tool/snapshot-lines.js';
import { controlsWithRef, headingKept, missedControls, Oracle, type PageTruth } from './snapshot-oracle.js';
import { flag, median, printTable } from './support.js';

const dataArg = process.argv.indexOf('--data');
const DATA = dataArg >= 0 ? process.argv[dataArg + 1]! : '/work/shared/data/wcxb/dev';
const PER_KIND = flag('per-kind', 20);
const dumpArg = process.argv.indexOf('--dump');
/** --dump DIR: each page's snapshots and the controls each one missed, for looking into the figures. */
const DUMP = dumpArg >= 0 ? process.argv[dumpArg + 1] : undefined;
const CHROMIUM = process.env.SCOUT_CHROME ?? '/usr/bin/chromium';
const idsArg = process.argv.indexOf('--ids');
/** --ids a,b: only these pages (whatever their kind). */
const IDS = idsArg >= 0 ? new Set(process.argv[idsArg + 1]!.split(',')) : undefined;

/** The first PER_KIND page ids of each kind, by the ground truth's page type. */
function pickPages(): { id: string; kind: string }[] {
  const byKind = new Map<string, string[]>();
  for (const file of readdirSync(join(DATA, 'ground-truth')).sort()) {
    const truth = JSON.parse(readFileSync(join(DATA, 'ground-truth', file), 'utf8')) as { _internal?: { page_type?: { primary?: string } } };
    const kind = truth._internal?.page_type?.primary ?? 'article';
    byKind.set(kind, [...(byKind.get(kind) ?? []), file.replace(/\.json$/, '')]);
  }
  if (IDS) return [...byKind.entries()].flatMap(([kind, ids]) => ids.filter((id) => IDS.has(id)).map((id) => ({ id, kind })));
  return [...byKind.entries()].flatMap(([kind, ids]) => ids.slice(0, PER_KIND).map((id) => ({ id, kind })));
}

function playwrightMcpCli(): string | undefined {
  const given = process.env.PLAYWRIGHT_MCP;
  if (given) return given.endsWith('.js') ? given : join(given, 'cli.js');
  try {
    // Its exports name package.json but not cli.js, which sits beside it.
    return join(dirname(createRequire(import.meta.url).resolve('@playwright/mcp/package.json')), 'cli.js');
  } catch {
    return undefined;
  }
}

interface Measure {
  /** The snapshot itself, for --dump. */
  snapshot: string;
  chars: number;
  controls: number;
  withRef: number;
  /** Controls with a ref in the snapshot or in what it says to ask for (once parsed, when it was taken while loading; the subtrees its note names, a larger maxChars). */
  reachable: number;
  /** undefined when the page has no visible h1. */
  heading: boolean | undefined;
  cut: boolean;
  ms: number;
}

function measure(snapshot: string, truth: PageTruth, cut: boolean, ms: number, followed = ''): Measure {
  return {
    snapshot,
    chars: snapshot.length,
    controls: truth.controls.length,
    withRef: controlsWithRef(truth.controls, snapshot),
    reachable: controlsWithRef(truth.controls, `${snapshot}\n${followed}`),
    heading: truth.h1 ? headingKept(truth.h1, snapshot) : undefined,
    cut,
    ms,
  };
}

interface Tool {
  name: string;
  /** Navigate to url, then take a snapshot; one entry per variant (scout: efficient and full). */
  run(url: string, truth: PageTruth): Promise<Record<string, Measure>>;
  close(): Promise<void>;
}

/** The refs of the sections a cut snapshot's closing note names ("get them with ... one subtree (ref: one of these)"). */
function notedRefs(snapshot: string): string[] {
  const note = /\n\[[\d,]+ more lines? \([\d,]+ refs?\) left out[^\n]*\n([\s\S]*)\]$/.exec(snapshot)?.[1] ?? '';
  return [...note.matchAll(/\[ref=(\w+)\]/g)].map((m) => m[1]!);
}

interface Snap {
  snapshot: string;
  truncated: boolean;
  sourceTruncated?: boolean;
  loading?: true;
}

function scoutTool(): Tool {
  const tool = new BrowserTool({ launch: { headful: false, stealth: true, chrome: CHROMIUM }, allowPrivateNetwork: true });
  const call = async (action: string, params: Record<string, unknown>) => {
    const result = await tool.run(action, params);
    if (!result.ok) throw new Error(`scout ${action}: ${result.error}`);
    return result as unknown as Snap;
  };
  return {
    name: 'scout',
    async run(url, truth) {
      const started = performance.now();
      const efficient = await call('navigate', { url });
      const full = await call('snapshot', {});
      const ms = performance.now() - started;
      // A snapshot taken while the HTML was still parsed says so; the agent waits for it and looks again.
      if (efficient.loading) await call('act', { kind: 'wait', state: 'parsed', timeoutMs: 60_000 }).catch(() => undefined);
      const again = efficient.loading ? { efficient: await call('snapshot', { mode: 'efficient' }), full: await call('snapshot', {}) } : undefined;
      const cut = (r: Snap) => r.truncated || r.sourceTruncated === true;
      // A cut snapshot's note names its ways to the rest: the subtrees it lists, and a larger maxChars.
      const follow = async (mode: 'efficient' | 'full'): Promise<string> => {
        const last = again?.[mode] ?? (mode === 'efficient' ? efficient : full);
        const parts = again ? [last.snapshot] : [];
        if (cut(last)) {
          for (const ref of notedRefs(last.snapshot)) parts.push((await call('snapshot', { mode, ref })).snapshot);
          if (/a larger maxChars/.test(last.snapshot)) parts.push((await call('snapshot', { mode, maxChars: SNAPSHOT_MAX_CHARS })).snapshot);
        }
        return parts.join('\n');
      };
      return {
        efficient: measure(efficient.snapshot, truth, cut(efficient), ms, await follow('efficient')),
        full: measure(full.snapshot, truth, cut(full), ms, await follow('full')),
      };
    },
    close: () => tool.close(),
  };
}

async function playwrightTool(cli: string, outputDir: string): Promise<Tool> {
  const args = [cli, '--executable-path', CHROMIUM, '--headless', '--isolated', '--no-sandbox', '--viewport-size', '1920x1080', '--output-dir', outputDir];
  const client = new Client({ name: 'scout-bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, cwd: outputDir, stderr: 'ignore' }));
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
  };
  return {
    name: 'Playwright MCP',
    async run(url, truth) {
      const started = performance.now();
      await call('browser_navigate', { url });
      const text = await call('browser_snapshot', {});
      const ms = performance.now() - started;
      const snapshot = /### Snapshot\n```yaml\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
      return { default: measure(snapshot, truth, false, ms) };
    },
    close: () => client.close(),
  };
}

function serve(): Promise<{ url: (id: string) => string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const id = /^\/(\d{4})\.html$/.exec(req.url ?? '')?.[1];
    const file = id ? join(DATA, 'html', `${id}.html`) : '';
    if (!id || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: (id) => `http://127.0.0.1:${port}/${id}.html`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

function summary(rows: Measure[]): string[] {
  const pooled = rows.reduce((a, r) => ({ c: a.c + r.controls, w: a.w + r.withRef, r: a.r + r.reachable }), { c: 0, w: 0, r: 0 });
  const share = (n: number) => `${((100 * n) / Math.max(1, pooled.c)).toFixed(1)}%`;
  const withH1 = rows.filter((r) => r.heading !== undefined);
  const chars = median(rows.map((r) => r.chars));
  return [
    Math.round(chars).toLocaleString('en'),
    Math.round(chars / 4).toLocaleString('en'),
    share(pooled.w),
    share(pooled.r),
    `${rows.filter((r) => r.reachable === r.controls).length}/${rows.length}`,
    `${withH1.filter((r) => r.heading).length}/${withH1.length}`,
    `${rows.filter((r) => r.cut).length}/${rows.length}`,
    `${Math.round(median(rows.map((r) => r.ms)))} ms`,
  ];
}

async function measurePage(tools: Tool[], url: string): Promise<Record<string, Measure>> {
  const truth = await oracle.truth(url);
  const row: Record<string, Measure> = {};
  for (const tool of tools) {
    for (const [variant, m] of Object.entries(await tool.run(url, truth))) row[tool.name === 'scout' ? `scout ${variant}` : tool.name] = m;
  }
  if (DUMP) dump(url, truth, row);
  return row;
}

function dump(url: string, truth: PageTruth, row: Record<string, Measure>): void {
  const id = /(\d+)\.html$/.exec(url)?.[1] ?? 'page';
  mkdirSync(DUMP!, { recursive: true });
  for (const [name, m] of Object.entries(row)) {
    const file = name.replace(/\W+/g, '-').toLowerCase();
    writeFileSync(join(DUMP!, `${id}.${file}.txt`), m.snapshot);
    writeFileSync(join(DUMP!, `${id}.${file}.missed.txt`), missedControls(truth.controls, m.snapshot).map((c) => `${c.role} "${c.name}"`).join('\n'));
  }
  writeFileSync(join(DUMP!, `${id}.h1.txt`), truth.h1);
  writeFileSync(join(DUMP!, `${id}.truth.json`), JSON.stringify(truth));
}

const pages = pickPages();
const web = await serve();
const oracle = await Oracle.launch(CHROMIUM);
const cli = playwrightMcpCli();
const outputDir = mkdtempSync(join(tmpdir(), 'scout-bench-pwmcp-'));
const tools: Tool[] = [scoutTool(), ...(cli && existsSync(cli) ? [await playwrightTool(cli, outputDir)] : [])];
if (tools.length === 1) console.log('Playwright MCP not found (set PLAYWRIGHT_MCP): measuring scout alone.');
const results = new Map<string, Measure[]>();
try {
  // A warm-up page per tool, untimed.
  for (const tool of tools) await tool.run(web.url(pages[0]!.id), { controls: [], h1: '' });
  for (const [i, page] of pages.entries()) {
    // A page counts only when the oracle and every tool got through it, so that all rows cover the same pages.
    const row = await measurePage(tools, web.url(page.id)).catch((error: unknown) => {
      console.error(`${page.id}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)} (page left out)`);
      return undefined;
    });
    for (const [key, m] of Object.entries(row ?? {})) results.set(key, [...(results.get(key) ?? []), m]);
    if ((i + 1) % 10 === 0) console.error(`${i + 1}/${pages.length} pages`);
  }
} finally {
  await Promise.all(tools.map((t) => t.close()));
  await oracle.close();
  await web.close();
  rmSync(outputDir, { recursive: true, force: true });
}

console.log(`${[...results.values()][0]?.length ?? 0} of ${pages.length} WCXB pages (${PER_KIND} per kind) measured on loopback; medians per page; tokens = chars/4; controls with a ref pooled over pages`);
const header = ['', 'snapshot chars', 'tokens', 'visible controls with a ref', 'reachable by following the note', 'pages with every control reachable', 'main heading kept', 'cut at the size limit', 'navigate + snapshot'];
printTable(header, [...results.entries()].map(([name, rows]) => [name, ...summary(rows)]));
const base = results.get('Playwright MCP');
if (base) {
  const ratio = (rows: Measure[], pick: (r: Measure) => number) => (median(rows.map(pick)) / median(base.map(pick))).toFixed(2);
  console.log('\nratio to Playwright MCP (median chars, median navigate + snapshot time):');
  for (const [name, rows] of results) if (rows !== base) console.log(`  ${name}: size ${ratio(rows, (r) => r.chars)}x, time ${ratio(rows, (r) => r.ms)}x`);
}
