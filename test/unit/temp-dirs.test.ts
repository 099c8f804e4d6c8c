/** The tests' temp folders: the run's own TMPDIR (test/support/global-setup.ts) and tempDir()'s clean-up. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDir, removeTempDirs, tempDir } from '../support/temp.js';

describe('the run\'s temp dir', () => {
  it('is a scout-vitest-* folder that the worker and its child processes both see', () => {
    expect(basename(tmpdir())).toMatch(/^scout-vitest-/);
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child).toBe(tmpdir());
  });
});

describe('tempDir', () => {
  it('makes folders under the run\'s temp dir, and removes them one by one or all at once', () => {
    const one = tempDir('scout-test-one-');
    const two = tempDir('scout-test-two-');
    expect(dirname(one)).toBe(tmpdir());
    expect(basename(one)).toMatch(/^scout-test-one-/);
    removeTempDir(one);
    expect(existsSync(one)).toBe(false);
    expect(existsSync(two)).toBe(true);
    removeTempDirs();
    expect(existsSync(two)).toBe(false);
  });
});
