/** Chrome profile directories: a fresh temporary one per launch, removed at close or at exit. */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary profiles still on disk, removed if the process exits without closing them. */
const temporaryProfiles = new Set<string>();
let exitHookInstalled = false;

export function temporaryProfile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scout-chrome-'));
  temporaryProfiles.add(dir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const d of temporaryProfiles) {
        try {
          rmSync(d, { recursive: true, force: true, maxRetries: 2 });
        } catch {
          // Forced out (a second Ctrl-C) while Chrome still writes to it: the directory stays in the temporary directory rather than the exit printing a stack.
        }
      }
    });
  }
  return dir;
}

export async function removeProfile(dir: string): Promise<void> {
  temporaryProfiles.delete(dir);
  // Chrome may still be flushing files for a moment after close; retry.
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
