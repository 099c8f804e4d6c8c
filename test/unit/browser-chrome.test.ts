/** Chrome discovery and launch flags. */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromeArgs, findChrome, installHint } from '../../src/browser/launch/chrome.js';
import { isScoutError } from '../../src/errors.js';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('findChrome', () => {
  it('takes an explicit executable as given', () => {
    expect(findChrome(process.execPath)).toBe(process.execPath);
  });

  it('fails with CHROME_NOT_FOUND and the platform install hint for a missing explicit path', () => {
    try {
      findChrome('/nonexistent/chrome', 'darwin');
      expect.unreachable();
    } catch (error) {
      expect(isScoutError(error) && error.code).toBe('CHROME_NOT_FOUND');
      expect(isScoutError(error) && error.exitCode).toBe(3);
      expect(isScoutError(error) && error.hint).toBe(installHint('darwin'));
      expect(installHint('darwin')).toMatch(/brew install --cask google-chrome/);
    }
  });

  it('falls back to a Chrome on $PATH, then fails with a hint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-test-path-'));
    try {
      process.env.PATH = dir;
      expect(() => findChrome(undefined, 'freebsd')).toThrow('no Chrome or Chromium found');
      const chromium = join(dir, 'chromium');
      writeFileSync(chromium, '#!/bin/sh\n');
      chmodSync(chromium, 0o755);
      expect(findChrome(undefined, 'freebsd')).toBe(chromium);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('chromeArgs', () => {
  it('always hides automation, sets 1920x1080 and quiets background networking', () => {
    const args = chromeArgs({ root: false });
    expect(args).toEqual(expect.arrayContaining(['--disable-blink-features=AutomationControlled', '--window-size=1920,1080', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']));
    expect(args).not.toContain('--no-sandbox');
  });

  it('adds --no-sandbox only as root, and extra flags last', () => {
    expect(chromeArgs({ root: true, extra: ['--lang=de'] }).slice(-2)).toEqual(['--no-sandbox', '--lang=de']);
  });
});
