/**
 * The reader through the real path: the shared AEB and WCXB pages served on loopback
 * over HTTPS (as text/html without a charset, as many servers send them; needs openssl) and read through the
 * reading session in Chromium, beside the same pages read in-process; once on the
 * machine as it is and once with a CPU hog on every core (a busy-loop child process
 * each). Prints F1 (score.mjs), WCXB per type, empty reads (pages whose read has no
 * word), short ones (under a fifth of the in-process text), retried and fallback reads,
 * the median ms per page and the load average as the run began and ended; each run's
 * predictions and read notes (settle time, retries, fallback) go to bench/out.
 *
 *   node --import tsx bench/extract-browser.ts [--only aeb|wcxb] [--limit N | --ids a,b] [--no-hog | --hog-only]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { NO_HUMAN } from '../src/browser/page/human.js';
import { readPage } from '../src/browser/read/page-text.js';
import { openSession } from '../src/browser/session/reading-session.js';
import { aebPages, OUT, SCORE, wcxbPages, type Page } from './extract-pages.js';
import { median } from './support.js';

interface PerPage {
  f1?: number;
  precision: number;
  recall: number;
  page_type?: string;
}

interface Run {
  preds: Record<string, string>;
  ms: number;
  empty: number;
  /** Ids of the pages whose read had no word. */
  emptyIds?: string[];
  retried: number;
  fallback: number;
  /** What the reading session noted of each page's read (settle time, retries, fallback), by id. */
  reads?: Record<string, unknown>;
  /** The 1-minute load average when the run began and when it ended. */
  load?: [number, number];
}

function hog(): ChildProcess[] {
  return cpus().map(() => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}

/** Per-page scores of the pages read, and F1 over them as score.mjs computes it per set. */
function score(set: string, preds: Record<string, string>, ids: string[]): { f1: number; types: Record<string, number> } {
  const file = join(OUT, `${set}-browser-tmp.json`);
  const per = join(OUT, `${set}-browser-tmp.per.json`);
  writeFileSync(file, JSON.stringify(preds));
  execFileSync(process.execPath, [SCORE, set, file, '--per-page', per, ...(set === 'aeb' ? ['--bootstrap', '0'] : [])], { stdio: 'ignore' });
  const rows = JSON.parse(readFileSync(per, 'utf8')) as Record<string, PerPage>;
  const picked = ids.map((id) => rows[id]).filter((r): r is PerPage => r !== undefined);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const types: Record<string, number> = {};
  if (set === 'aeb') {
    const p = mean(picked.map((r) => r.precision));
    const r = mean(picked.map((x) => x.recall));
    return { f1: p + r > 0 ? (2 * p * r) / (p + r) : 0, types };
  }
  for (const t of [...new Set(picked.map((r) => r.page_type ?? '?'))].sort()) types[t] = mean(picked.filter((r) => r.page_type === t).map((r) => r.f1 ?? 0));
  return { f1: mean(picked.map((r) => r.f1 ?? 0)), types };
}

function inProcess(pages: Page[]): Run {
  const preds: Record<string, string> = {};
  const times: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    preds[page.id] = readPage(page.html, page.url, { maxChars: Number.MAX_SAFE_INTEGER }).markdown;
    times.push(performance.now() - t0);
  }
  return { preds, ms: median(times), empty: pages.filter((p) => !/\w/.test(preds[p.id] ?? '')).length, retried: 0, fallback: 0 };
}

/** A self-signed certificate for 127.0.0.1, made with openssl for this run. */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'scout-bench-tls-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pages served over HTTPS, as they were on the web: a page whose script sends http:
 * visitors on to https: would otherwise leave for an address nothing answers.
 */
async function serve(pages: Page[]): Promise<{ url: string; close(): Promise<void> }> {
  const byPath = new Map(pages.map((p) => [`/${p.id}`, p]));
  const sockets = new Set<Socket>();
  const server = createHttpsServer(certificate(), (req, res) => {
    const page = byPath.get(req.url ?? '');
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page.html);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function viaBrowser(pages: Page[]): Promise<Run> {
  const before = loadavg()[0] ?? 0;
  const web = await serve(pages);
  const session = await openSession({
    // The bench's certificate is its own: Chromium takes it as a site's.
    launch: { headful: false, stealth: true, extraArgs: ['--ignore-certificate-errors'] },
    allowPrivateNetwork: true,
    human: NO_HUMAN,
    interstitialWaitMs: 0,
  });
  const run: Run = { preds: {}, ms: 0, empty: 0, retried: 0, fallback: 0, reads: {} };
  const times: number[] = [];
  try {
    for (const page of pages) {
      const load = await session.load(`${web.url}/${page.id}`);
      times.push(load.ms);
      const md = load.error ? '' : readPage(load.html, page.url, { maxChars: Number.MAX_SAFE_INTEGER }).markdown;
      run.preds[page.id] = md;
      if (run.reads) run.reads[page.id] = load.read;
      if (!/\w/.test(md)) run.emptyIds = [...(run.emptyIds ?? []), page.id];
      if (load.read?.retried) run.retried += 1;
      if (load.read?.fallback) run.fallback += 1;
    }
  } finally {
    await session.close();
    await web.close();
  }
  return { ...run, empty: run.emptyIds?.length ?? 0, ms: median(times), load: [before, loadavg()[0] ?? 0] };
}

/** Pages the run read with under a fifth of the text the in-process read has (of 200+ characters): all but lost. */
function shortIds(run: Run, base: Run): string[] {
  return Object.keys(run.preds).filter((id) => (base.preds[id]?.length ?? 0) >= 200 && (run.preds[id]?.length ?? 0) < 0.2 * (base.preds[id]?.length ?? 0));
}

function line(name: string, set: string, run: Run, ids: string[], base?: Run): string {
  // Each run's predictions stay in bench/out, for a page-by-page look at where the paths differ.
  const file = `${set}-${name.replace(/\W+/g, '-')}`;
  writeFileSync(join(OUT, `${file}.preds.json`), JSON.stringify(run.preds));
  if (run.reads) writeFileSync(join(OUT, `${file}.reads.json`), JSON.stringify(run.reads, null, 1));
  const { f1, types } = score(set, run.preds, ids);
  const typeCells = Object.entries(types).map(([t, v]) => `${t.slice(0, 5)} ${v.toFixed(3)}`).join(' ');
  const short = base ? shortIds(run, base) : [];
  const load = run.load ? `  load ${run.load.map((l) => l.toFixed(1)).join('->')}` : '';
  const lists = `${run.emptyIds ? `  empty: ${run.emptyIds.join(' ')}` : ''}${short.length > 0 ? `  short: ${short.map((id) => id.slice(0, 8)).join(' ')}` : ''}`;
  return `${name.padEnd(22)} F1 ${f1.toFixed(3)}  empty ${run.empty}  short ${short.length}  retried ${run.retried}  fallback ${run.fallback}  ${run.ms.toFixed(0)} ms/page${load}  ${typeCells}${lists}`;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const limit = argv.includes('--limit') ? Number(argv[argv.indexOf('--limit') + 1]) : Infinity;
  const ids = argv.includes('--ids') ? (argv[argv.indexOf('--ids') + 1] ?? '').split(',') : undefined;
  mkdirSync(OUT, { recursive: true });
  for (const [set, load] of [['aeb', aebPages], ['wcxb', wcxbPages]] as const) {
    if (only && only !== set) continue;
    const all = load();
    // Every nth page, so a limited run still spans the set (and WCXB's types).
    const step = Math.max(1, Math.floor(all.length / Math.min(limit, all.length)));
    const pages = ids ? all.filter((p) => ids.includes(p.id)) : all.filter((_, i) => i % step === 0).slice(0, limit);
    const read = pages.map((p) => p.id);
    console.log(`\n${set.toUpperCase()}: ${pages.length} of ${all.length} pages`);
    const base = inProcess(pages);
    console.log(line('in-process', set, base, read));
    if (!argv.includes('--hog-only')) console.log(line('browser', set, await viaBrowser(pages), read, base));
    if (argv.includes('--no-hog')) continue;
    const hogs = hog();
    try {
      console.log(line(`browser, ${hogs.length}-core hog`, set, await viaBrowser(pages), read, base));
    } finally {
      for (const child of hogs) child.kill();
    }
  }
}

await main();
