/**
 * The reader's time per page against a baseline commit, side by side in one process: the
 * baseline is checked out into a temporary git worktree (sharing this tree's node_modules),
 * and each shared page is read by both readers in turn, four times each with the order
 * alternating, so drift in the machine's load falls on both alike. Prints per set the mean
 * of the per-page medians for each, the total ratio, the median per-page ratio, and how
 * many pages the two read differently (0 for a change meant to alter speed only).
 *
 *   npm run bench:extract-time -- --baseline <commit> [--only aeb|wcxb]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPage } from '../src/browser/read/page-text.js';
import { aebPages, wcxbPages, type Page } from './extract-pages.js';
import { median, printTable } from './support.js';

type Reader = (html: string, url: string) => { markdown: string };

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
const ROUNDS = 4;
/** Where readPage lived: the reader moved under src/browser/read/ on 2026-12-03. */
const READER_PATHS = ['src/browser/read/page-text.ts', 'src/browser/page-text.ts'];

async function baselineReader(dir: string): Promise<Reader> {
  const path = READER_PATHS.map((p) => join(dir, p)).find((p) => existsSync(p));
  if (!path) throw new Error(`no readPage in the baseline (looked for ${READER_PATHS.join(', ')})`);
  return ((await import(pathToFileURL(path).href)) as { readPage: Reader }).readPage;
}

function timed(read: Reader, page: Page): [number, string] {
  const started = performance.now();
  const { markdown } = read(page.html, page.url);
  return [performance.now() - started, markdown];
}

function compare(set: string, pages: Page[], base: Reader, head: Reader): string[] {
  let baseSum = 0;
  let headSum = 0;
  let differ = 0;
  const ratios: number[] = [];
  for (const page of pages) {
    const b: number[] = [];
    const h: number[] = [];
    let texts: [string, string] = ['', ''];
    for (let round = 0; round < ROUNDS; round++) {
      const baseFirst = round % 2 === 0;
      const [first, firstText] = timed(baseFirst ? base : head, page);
      const [second, secondText] = timed(baseFirst ? head : base, page);
      b.push(baseFirst ? first : second);
      h.push(baseFirst ? second : first);
      texts = baseFirst ? [firstText, secondText] : [secondText, firstText];
    }
    if (texts[0] !== texts[1]) differ += 1;
    baseSum += median(b);
    headSum += median(h);
    ratios.push(median(h) / median(b));
  }
  const n = pages.length;
  return [set, String(n), (baseSum / n).toFixed(1), (headSum / n).toFixed(1), `x${(headSum / baseSum).toFixed(3)}`, `x${median(ratios).toFixed(3)}`, String(differ)];
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const ref = argv.includes('--baseline') ? argv[argv.indexOf('--baseline') + 1] : undefined;
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  if (!ref) {
    console.error('usage: npm run bench:extract-time -- --baseline <commit> [--only aeb|wcxb]');
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'scout-baseline-'));
  try {
    execFileSync('git', ['-C', REPO, 'worktree', 'add', '--detach', dir, ref], { stdio: 'ignore' });
    symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
    const base = await baselineReader(dir);
    const sets: [string, () => Page[]][] = [
      ['aeb', aebPages],
      ['wcxb', wcxbPages],
    ];
    const rows = sets.filter(([set]) => !only || only === set).map(([set, load]) => compare(set, load(), base, readPage));
    console.log(`reader time per page, baseline ${ref} against this tree (${ROUNDS} alternating rounds per page)`);
    printTable(['set', 'pages', 'base ms', 'this ms', 'total', 'median page', 'differ'], rows);
  } finally {
    execFileSync('git', ['-C', REPO, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
