/**
 * Extraction benchmark: scout's reader vs @mozilla/readability (linkedom DOM, textContent)
 * on the shared AEB (articles) and WCXB (seven page types) sets, scored by
 * ../shared/bench/score.mjs. Prints F1/precision/recall, WCXB per-type F1 and the
 * without-snippets rate (boilerplate let through, lower is better), and median ms per page.
 * Predictions go to bench/out/<set>-<extractor>.json, scout's WCXB page types to
 * bench/out/wcxb-scout-types.json (for score.mjs --per-page comparisons).
 *
 *   npm run bench:extract [-- --only aeb|wcxb] [-- --no-readability]
 *
 * Through the real reading session in Chromium, quiet and under a CPU hog: extract-browser.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { readPage } from '../src/browser/read/page-text.js';
import { aebPages, OUT, SCORE, wcxbPages, type Page } from './extract-pages.js';
import { median } from './support.js';

/** Page type scout detected, per set and page id. */
const detected = new Map<string, string>();

type Extractor = (page: Page) => string;

const extractors: Record<string, Extractor> = {
  scout: (page) => {
    const read = readPage(page.html, page.url, { maxChars: Number.MAX_SAFE_INTEGER });
    detected.set(page.id, read.pageType);
    return read.markdown;
  },
  readability: (page) => {
    const { document } = parseHTML(page.html);
    return new Readability(document as unknown as Document).parse()?.textContent ?? '';
  },
};

function run(name: string, extract: Extractor, pages: Page[], set: string): { file: string; ms: number } {
  const preds: Record<string, string> = {};
  const times: number[] = [];
  for (const page of pages) {
    const t0 = performance.now();
    let text = '';
    try {
      text = extract(page);
    } catch (error) {
      console.error(`${name} failed on ${set}/${page.id}: ${String(error)}`);
    }
    times.push(performance.now() - t0);
    preds[page.id] = text;
  }
  const file = join(OUT, `${set}-${name}.json`);
  writeFileSync(file, JSON.stringify(preds));
  return { file, ms: median(times) };
}

interface Metrics {
  f1: number;
  precision: number;
  recall: number;
  without_rate?: number;
  per_type?: Record<string, { f1: number }>;
}

function score(set: string, file: string): Metrics {
  const json = file.replace(/\.json$/, '.score.json');
  const args = [SCORE, set, file, '--json', json, ...(set === 'wcxb' ? ['--per-type'] : ['--bootstrap', '200'])];
  execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(readFileSync(json, 'utf8')) as Metrics;
}

const f3 = (x: number | undefined) => (x ?? 0).toFixed(3);

function report(set: string, rows: { name: string; m: Metrics; ms: number }[]): void {
  const types = set === 'wcxb' ? Object.keys(rows[0]?.m.per_type ?? {}) : [];
  const head = ['extractor', 'F1', 'P', 'R', ...(set === 'wcxb' ? ['w/o-snip'] : []), ...types, 'ms/page'];
  console.log(`\n${set.toUpperCase()} (${set === 'aeb' ? '4-shingle' : 'bag-of-words'} F1)`);
  console.log(head.map((h, i) => (i === 0 ? h.padEnd(12) : h.slice(0, 8).padStart(8))).join(' '));
  for (const { name, m, ms } of rows) {
    const cells = [f3(m.f1), f3(m.precision), f3(m.recall)];
    if (set === 'wcxb') cells.push(`${(100 * (m.without_rate ?? 0)).toFixed(1)}%`);
    for (const t of types) cells.push(f3(m.per_type?.[t]?.f1));
    cells.push(ms.toFixed(1));
    console.log([name.padEnd(12), ...cells.map((c) => c.padStart(8))].join(' '));
  }
}

/** How often scout's page-type detection picked each of its types, per WCXB type. */
function reportDetection(pages: Page[]): void {
  const rows = new Map<string, Map<string, number>>();
  for (const page of pages) {
    const row = rows.get(page.type ?? '?') ?? new Map<string, number>();
    const got = detected.get(page.id) ?? '?';
    row.set(got, (row.get(got) ?? 0) + 1);
    rows.set(page.type ?? '?', row);
  }
  console.log('\nscout page-type detection (WCXB type -> detected: pages)');
  for (const [type, row] of [...rows].sort()) {
    console.log(`  ${type.padEnd(14)} ${[...row].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} ${n}`).join(', ')}`);
  }
}

function main(): void {
  if (!existsSync(SCORE)) {
    console.error(`no scorer at ${SCORE}: clone the repository next to the shared/ directory`);
    process.exit(2);
  }
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  const names = argv.includes('--no-readability') ? ['scout'] : ['scout', 'readability'];
  mkdirSync(OUT, { recursive: true });
  const sets: [string, () => Page[]][] = [
    ['aeb', aebPages],
    ['wcxb', wcxbPages],
  ];
  for (const [set, load] of sets) {
    if (only && only !== set) continue;
    const pages = load();
    const rows = names.map((name) => {
      const { file, ms } = run(name, extractors[name] as Extractor, pages, set);
      return { name, m: score(set, file), ms };
    });
    report(set, rows);
    if (set === 'wcxb' && names.includes('scout')) {
      reportDetection(pages);
      writeFileSync(join(OUT, `${set}-scout-types.json`), JSON.stringify(Object.fromEntries(pages.map((p) => [p.id, detected.get(p.id)]))));
    }
  }
}

main();
