/** --trace: one JSON line per event, secrets scrubbed, written as the run goes so a crash loses nothing. */
import { closeSync, openSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ScoutError } from '../errors.js';
import type { TraceEvent, Tracer } from '../trace.js';

export interface TraceFile {
  trace: Tracer;
  close(): void;
}

export function openTraceFile(path: string, redact: (text: string) => string): TraceFile {
  let fd: number;
  try {
    fd = openSync(path, 'w', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const reason = code === 'ENOENT' ? `the folder ${dirname(resolve(path))} does not exist` : code;
    throw new ScoutError('BAD_OPTION', `cannot write the trace file ${path}: ${reason}`, 'give --trace a file in an existing, writable folder');
  }
  return {
    trace(event: TraceEvent) {
      writeSync(fd, redact(JSON.stringify({ at: new Date().toISOString(), ...event })) + '\n');
    },
    close() {
      closeSync(fd);
    },
  };
}
