/** -o: the Markdown report's file, checked before the run so that a bad path fails at once, not after the work is done. */
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ScoutError } from '../errors.js';

export interface ReportFile {
  write(report: string): void;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

/** Why the report cannot be written to path, or undefined: an existing file must be writable, else its folder must be. */
function unwritable(path: string): string | undefined {
  try {
    if (statSync(path).isDirectory()) return 'it is a folder';
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') return codeOf(error);
  }
  const folder = dirname(resolve(path));
  try {
    if (!statSync(folder).isDirectory()) return `${folder} is not a folder`;
    accessSync(folder, constants.W_OK | constants.X_OK);
    return undefined;
  } catch (error) {
    return codeOf(error) === 'ENOENT' ? `the folder ${folder} does not exist` : `${folder}: ${codeOf(error)}`;
  }
}

/** Check that the report can be written to path (exit 2 at once if not); the file itself is written once the answer is there. */
export function openReportFile(path: string): ReportFile {
  const reason = unwritable(path);
  if (reason) throw new ScoutError('BAD_OPTION', `cannot write the report to ${path}: ${reason}`, 'give -o a file in an existing, writable folder');
  return {
    write(report: string) {
      try {
        writeFileSync(path, report);
      } catch (error) {
        throw new ScoutError('OUTPUT_FAILED', `cannot write the report to ${path}: ${codeOf(error)}`, 'free some space, or give -o another path');
      }
    },
  };
}
