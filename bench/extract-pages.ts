/** The shared AEB and WCXB pages, for the extraction benchmarks (extract.ts, extract-browser.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const SHARED = resolve(REPO, '..', 'shared');
export const SCORE = join(SHARED, 'bench', 'score.mjs');
export const OUT = join(REPO, 'bench', 'out');

export interface Page {
  id: string;
  url: string;
  html: string;
  /** WCXB's page type, when known. */
  type?: string;
}

export function aebPages(): Page[] {
  const dir = join(SHARED, 'data', 'aeb');
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  return readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => {
      const id = basename(f, '.html');
      return { id, url: truth[id]?.url ?? 'https://example.com/', html: readFileSync(join(dir, 'html', f), 'utf8') };
    });
}

export function wcxbPages(): Page[] {
  const dir = join(SHARED, 'data', 'wcxb', 'dev');
  return readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((f) => {
      const id = basename(f, '.html');
      const truth = JSON.parse(readFileSync(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as {
        url?: string;
        _internal?: { page_type?: { primary?: string } };
      };
      const type = truth._internal?.page_type?.primary ?? 'article';
      return { id, url: truth.url ?? 'https://example.com/', html: readFileSync(join(dir, 'html', f), 'utf8'), type: type === 'category' ? 'collection' : type };
    });
}
