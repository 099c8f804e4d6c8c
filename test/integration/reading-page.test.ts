/** preparePage in real Chromium: the safety script, popups kept as tabs, downloads by click, crashes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from '../../src/browser/launch/launch.js';
import { preparePage } from '../../src/browser/page/setup.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
let launched: LaunchedBrowser;
beforeAll(async () => {
  web = await startFixtureWeb();
  launched = await launchBrowser({ headful: false, stealth: true, allowPrivateNetwork: true });
});
afterAll(async () => {
  await launched.close();
  await web.close();
});

async function freshPage(popups: 'keep' | 'close' = 'keep') {
  const page = await launched.browser.newPage();
  const guards = await preparePage(page, { allowPrivateNetwork: true, popups });
  return { page, guards };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('preparePage', () => {
  it('blocks hardware, fullscreen, pointer lock and autoplay but leaves fetch working', async () => {
    const { page } = await freshPage();
    await page.goto(web.at('/browser/safety.html'));
    const text = await page.waitForFunction(() => document.getElementById('results')?.textContent || undefined).then((h) => h.jsonValue());
    expect(JSON.parse(String(text))).toEqual({
      getUserMedia: 'blocked: NotAllowedError',
      requestFullscreen: 'blocked: NotAllowedError',
      requestPointerLock: 'blocked: NotAllowedError',
      autoplay: 'blocked: NotAllowedError',
      geolocation: 'blocked: code 1',
      fetch: 'works: not a page, a file',
      alertToString: 'native',
    });
    await page.close();
  });

  it('tracks a target=_blank popup as a prepared tab', async () => {
    const { page, guards } = await freshPage('keep');
    await page.goto(web.at('/browser/popup.html'));
    await page.click('#new-tab');
    await until(() => guards.popups[0]?.page !== undefined);
    const popup = guards.popups[0]?.page as Page;
    await popup.waitForFunction(() => document.readyState !== 'loading');
    expect(guards.popups[0]?.url).toBe(web.at('/articles/towers.html'));
    expect(popup.url()).toBe(web.at('/articles/towers.html'));
    expect(popup.isClosed()).toBe(false);
    await popup.close();
    await page.close();
  });

  it('closes popups on arrival when asked to', async () => {
    const { page, guards } = await freshPage('close');
    await page.goto(web.at('/browser/popup.html?onload'));
    await until(() => guards.popups[0]?.page !== undefined);
    await until(() => guards.popups[0]?.page?.isClosed() === true);
    expect(guards.popups.map((p) => p.url)).toEqual([web.at('/articles/towers.html?popup')]);
    await page.close();
  });

  it('refuses a download started by a link and reports it', async () => {
    const { page, guards } = await freshPage();
    await page.goto(web.at('/browser/download.html'));
    await page.click('#file');
    await until(() => guards.downloads.length > 0);
    expect(guards.downloads).toEqual([web.at('/browser/report.bin')]);
    expect(page.url()).toBe(web.at('/browser/download.html'));
    await page.close();
  });

  it('records a crashed tab', async () => {
    const { page, guards } = await freshPage();
    await page.goto(web.at('/articles/towers.html'));
    const cdp = await page.createCDPSession();
    void cdp.send('Page.crash').catch(() => {});
    await until(() => guards.crashed);
    expect(guards.crashed).toBe(true);
    await page.close().catch(() => {});
  });
});
