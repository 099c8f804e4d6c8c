/**
 * Temporary folders for tests, made under os.tmpdir() (the run's own TMPDIR,
 * see global-setup.ts) and removed by whoever made them: a helper when its run
 * or server is done, a test file in afterAll(removeTempDirs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** A fresh folder named prefix + random characters; removeTempDirs() or removeTempDir(dir) deletes it. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.delete(dir);
}

/** Every folder tempDir() made in this test file that is still there. */
export function removeTempDirs(): void {
  for (const dir of [...made]) removeTempDir(dir);
}
