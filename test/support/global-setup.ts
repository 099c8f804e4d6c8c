/**
 * A safety net under the tests' own clean-up: the run gets its own TMPDIR, so
 * whatever a test, a child scout or a Chromium leaves in os.tmpdir() lands in
 * one folder, which goes at the end of the run. Workers and child processes
 * inherit the variable (the pool starts after global setup). What was still
 * there is reported, so a test that forgets to clean up shows up here. So are
 * processes still running on that folder (a persistent browser whose test timed
 * out before its `stop`, and its Chromium): they are ended first.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const before = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'scout-vitest-'));
  process.env.TMPDIR = runDir;
  return function teardown() {
    const running = processesOn(runDir);
    for (const pid of running) killQuietly(pid);
    if (running.length > 0) console.warn(`global-setup: ${running.length} processes still ran on the run's temp dir, ended now`);
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

/** Processes whose command line names dir (a daemon's state file, Chromium's profile). */
function processesOn(dir: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', dir], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number).filter((pid) => pid !== process.pid);
  } catch {
    return [];
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
