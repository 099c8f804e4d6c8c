/** `scout doctor`'s Chrome line: found, and launchable headless. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { messageOf } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { chromeArgs, findChrome, installHint, isRoot } from './chrome.js';

export async function checkChrome(explicit: string | undefined): Promise<HealthCheck> {
  const name = 'Chrome';
  let executablePath: string;
  try {
    executablePath = findChrome(explicit);
  } catch (error) {
    return { name, ok: false, detail: messageOf(error), hint: installHint() };
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'scout-doctor-'));
  try {
    const browser = await puppeteer.launch({
      executablePath,
      headless: true,
      userDataDir,
      args: chromeArgs({ root: isRoot() }),
      timeout: 30_000,
    });
    const version = await browser.version();
    await browser.close();
    return { name, ok: true, detail: `${version} at ${executablePath}` };
  } catch (error) {
    return {
      name,
      ok: false,
      detail: `found ${executablePath} but it does not launch (${messageOf(error)})`,
      hint: isRoot() ? 'reinstall Chrome or pass another one with --chrome <path>' : 'check that Chrome runs: `' + executablePath + ' --headless --dump-dom about:blank`',
    };
  } finally {
    await rm(userDataDir, { recursive: true, force: true });
  }
}
