/**
 * Past research runs, one JSON file each under $XDG_STATE_HOME/scout/runs/
 * (0600 files in a 0700 folder), for follow-ups, `scout history` and
 * `scout show`. Every string is redacted before it is written, files are
 * written to a temporary name and renamed, the oldest are pruned beyond
 * MAX_RUNS, and a file that does not parse is renamed to .corrupt, never
 * overwritten.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ResearchResult } from '../agent/types.js';
import { messageOf, ScoutError } from '../errors.js';

/** Runs kept; saving one more removes the oldest. */
export const MAX_RUNS = 200;
/** 20261203-141502-123-3fa9: the UTC time the run ended to the millisecond (ids sort by time), and four random hex digits. */
export const RUN_ID = /^\d{8}-\d{6}-\d{3}-[0-9a-f]{4}$/;
const HISTORY_HINT = 'see `scout history` for the ids of past runs';
export const BAD_LIMIT = `give how many runs to list, 1 to ${MAX_RUNS}`;

export interface StoredRun {
  id: string;
  /** ISO time the run ended. */
  time: string;
  /** The id of the run this one followed up. */
  followUpOf?: string;
  result: ResearchResult;
}

export function runsDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME?.trim() || join(homedir(), '.local', 'state');
  return join(base, 'scout', 'runs');
}

function newId(time: Date): string {
  const stamp = time.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

/** Every string in value, redacted: a secret echoed into a note or an address is not written out. */
function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  return value;
}

function isStoredRun(value: unknown): value is StoredRun {
  const v = value as Partial<StoredRun> | null;
  const r = v?.result as Partial<ResearchResult> | undefined;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.time === 'string' && typeof r === 'object' && r !== null && typeof r.question === 'string' && Array.isArray(r.notes) && typeof r.stoppedBy === 'string';
}

export class RunStore {
  readonly dir: string;

  constructor(env: NodeJS.ProcessEnv) {
    this.dir = runsDir(env);
  }

  /** Save a finished run; returns what was written. */
  save(result: ResearchResult, redact: (text: string) => string, followUpOf?: string, time = new Date()): StoredRun {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const stored: StoredRun = { id: newId(time), time: time.toISOString(), ...(followUpOf ? { followUpOf } : {}), result: redactDeep(result, redact) };
    const file = this.file(stored.id);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
    this.prune();
    return stored;
  }

  /** Ids of the stored runs, oldest first. */
  ids(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.json') && RUN_ID.test(name.slice(0, -5)))
      .map((name) => name.slice(0, -5))
      .sort();
  }

  /** A run by id; a file that does not parse is moved aside and reported. */
  load(id: string): StoredRun {
    if (!RUN_ID.test(id) || !existsSync(this.file(id))) {
      throw new ScoutError('BAD_INPUT', `no run with id "${id}"`, HISTORY_HINT);
    }
    const file = this.file(id);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw this.corrupt(id, messageOf(error));
    }
    if (!isStoredRun(parsed) || parsed.id !== id) throw this.corrupt(id, 'it does not hold a run');
    return parsed;
  }

  /** The newest run; an error when there is none. */
  last(): StoredRun {
    const id = this.ids().at(-1);
    if (!id) throw new ScoutError('BAD_INPUT', 'there is no earlier run to continue', 'ask a question first: scout "your question"');
    return this.load(id);
  }

  /** The newest runs first, at most limit; corrupt files are moved aside and reported through onCorrupt. */
  recent(limit: number, onCorrupt: (message: string) => void): StoredRun[] {
    const runs: StoredRun[] = [];
    for (const id of this.ids().reverse()) {
      if (runs.length >= limit) break;
      try {
        runs.push(this.load(id));
      } catch (error) {
        onCorrupt(messageOf(error));
      }
    }
    return runs;
  }

  private file(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private corrupt(id: string, why: string): ScoutError {
    const file = this.file(id);
    let aside = `${file}.corrupt`;
    for (let n = 1; existsSync(aside); n++) aside = `${file}.${n}.corrupt`;
    renameSync(file, aside);
    return new ScoutError('BAD_INPUT', `the state file of run ${id} is corrupt (${why}); kept aside as ${aside}`, HISTORY_HINT);
  }

  private prune(): void {
    const ids = this.ids();
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_RUNS))) rmSync(this.file(id), { force: true });
  }
}
