/**
 * Where a batch writes its results: one JSON line per question, each line
 * written whole by one write call, so that an interrupted batch leaves only
 * whole lines. With -o FILE a rerun resumes: the ids of the answered lines
 * there are skipped, and lines that failed are tried again (a reader takes
 * the last line of an id).
 */
import { closeSync, existsSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { messageOf, ScoutError } from '../errors.js';
import type { Io } from '../io.js';
import { terminalJson } from '../util/terminal-text.js';

export interface ResultLines {
  /** Ids answered by an earlier batch into the same file. */
  done: ReadonlySet<string>;
  write(record: Record<string, unknown>): void;
  close(): void;
}

/** The ids of the lines that hold a result (not an error). A line cut short (a full disk) is dropped. */
function answeredIds(path: string): Set<string> {
  const text = readFileSync(path, 'utf8');
  const whole = text.lastIndexOf('\n') + 1;
  if (whole < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, whole)));
  const done = new Set<string>();
  for (const line of text.slice(0, whole).split('\n')) {
    try {
      const record = JSON.parse(line) as { id?: unknown; error?: unknown };
      if (typeof record.id === 'string' && record.error === undefined) done.add(record.id);
    } catch {
      // Not a result line: nothing to resume from it.
    }
  }
  return done;
}

function outputFailed(path: string, error: unknown): ScoutError {
  const reason = (error as NodeJS.ErrnoException).code ?? messageOf(error);
  return new ScoutError('OUTPUT_FAILED', `cannot write the results to ${path}: ${reason}`, 'give -o a file in an existing, writable folder');
}

export function openResultLines(path: string | undefined, io: Io): ResultLines {
  if (path === undefined) return { done: new Set(), write: (record) => io.stdout.write(`${terminalJson(record)}\n`), close() {} };
  if (existsSync(path) && statSync(path).isDirectory()) throw new ScoutError('BAD_OPTION', `cannot write the results to ${path}: it is a folder`, 'give -o a file');
  let fd: number;
  let done: Set<string>;
  try {
    done = existsSync(path) ? answeredIds(path) : new Set();
    fd = openSync(path, 'a');
  } catch (error) {
    throw outputFailed(path, error);
  }
  return {
    done,
    write(record) {
      try {
        writeSync(fd, `${JSON.stringify(record)}\n`);
      } catch (error) {
        throw outputFailed(path, error);
      }
    },
    close: () => closeSync(fd),
  };
}
