/**
 * The research command's per-run flags beyond the settings: the run it
 * follows up (-c / --continue [id]) and the sources the person names (--url,
 * --site, --exclude-site, --since), checked into what research() takes.
 */
import type { NamedSources } from '../agent/named-sources.js';
import type { EarlierRun, ResearchResult } from '../agent/types.js';
import { messageOf, ScoutError } from '../errors.js';
import { siteName } from '../search/scope.js';
import { RUN_ID, type RunStore } from '../state/run-store.js';

export interface SourceFlags {
  continue?: string | boolean;
  url?: string[];
  site?: string[];
  excludeSite?: string[];
  since?: '1y' | '1m' | '1w' | '1d';
}

const TIME_RANGE = { '1y': 'year', '1m': 'month', '1w': 'week', '1d': 'day' } as const;

/**
 * Which run -c continues, and the question's words. `scout -c "and how tall is
 * it?"` hands the question to -c's optional value: a value not shaped like a
 * run id is the question's first words, and the last run is continued.
 */
export function followUpTarget(value: string | boolean | undefined, words: readonly string[]): { target?: string; words: string[] } {
  if (value === undefined || value === false) return { words: [...words] };
  if (value === true) return { target: 'last', words: [...words] };
  return RUN_ID.test(value) ? { target: value, words: [...words] } : { target: 'last', words: [value, ...words] };
}

/** The earlier run a follow-up continues: its question and notes. */
export function earlierRun(store: RunStore, target: string): { id: string; earlier: EarlierRun } {
  const stored = target === 'last' ? store.last() : store.load(target);
  return { id: stored.id, earlier: { question: stored.result.question, notes: stored.result.notes } };
}

/** Keep the finished run for later follow-ups; a state folder that cannot be written costs a warning, not the answer. */
export function keepRun(store: RunStore, result: ResearchResult, redact: (text: string) => string, followUpOf: string | undefined, warn: (message: string) => void): void {
  try {
    store.save(result, redact, followUpOf);
  } catch (error) {
    warn(`the run could not be kept for follow-ups in ${store.dir} (${messageOf(error)})`);
  }
}

function checkedUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Reported below, as for any other scheme.
  }
  throw new ScoutError('BAD_OPTION', `--url "${value}" is not an http(s) address`, 'give a whole address, e.g. --url https://example.org/page');
}

function checkedSites(flag: string, values: readonly string[]): string[] {
  return values.map((value) => {
    const site = siteName(value);
    if (!site) throw new ScoutError('BAD_OPTION', `${flag} "${value}" is not a host name`, `give a site's host name, e.g. ${flag} example.org`);
    return site;
  });
}

export function namedSources(flags: SourceFlags): NamedSources {
  return {
    urls: (flags.url ?? []).map(checkedUrl),
    sites: checkedSites('--site', flags.site ?? []),
    excludeSites: checkedSites('--exclude-site', flags.excludeSite ?? []),
    ...(flags.since ? { timeRange: TIME_RANGE[flags.since] } : {}),
  };
}
