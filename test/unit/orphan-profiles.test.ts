import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleProfiles } from '../../src/browser/launch/profile.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function profile(tmp: string, name: string, owner?: number): string {
  const dir = join(tmp, name);
  mkdirSync(join(dir, 'Default'), { recursive: true });
  if (owner !== undefined) writeFileSync(join(dir, 'scout.pid'), `${owner}\n`);
  return dir;
}

describe('removeStaleProfiles', () => {
  it('removes the temporary profiles of dead scout processes and keeps live, unowned and foreign folders', () => {
    const tmp = tempDir('scout-stale-');
    const dead = profile(tmp, 'scout-chrome-dead', deadPid());
    const live = profile(tmp, 'scout-chrome-live', process.pid);
    const unowned = profile(tmp, 'scout-chrome-new');
    const foreign = profile(tmp, 'other-tool-x', deadPid());
    expect(removeStaleProfiles(tmp)).toEqual([dead]);
    expect([dead, live, unowned, foreign].map(existsSync)).toEqual([false, true, true, true]);
  });

  it('is quiet about a temporary directory that does not exist', () => {
    expect(removeStaleProfiles('/nonexistent-scout-tmp')).toEqual([]);
  });
});
