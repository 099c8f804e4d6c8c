/**
 * A safety net under the tests' own clean-up: the run gets its own TMPDIR, so
 * whatever a test, a child scout or a Chromium leaves in os.tmpdir() lands in
 * one folder, which goes at the end of the run. Workers and child processes
 * inherit the variable (the pool starts after global setup). What was still
 * there is reported, so a test that forgets to clean up shows up here.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'scout-vitest-'));
  process.env.TMPDIR = runDir;
  return function teardown() {
    const left = readdirSync(runDir);
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (left.length > 0) {
      const shown = left.slice(0, 10).join(', ') + (left.length > 10 ? `, … (${left.length} in all)` : '');
      console.warn(`global-setup: tests left ${left.length} entries in their temp dir, removed now: ${shown}`);
    }
  };
}
