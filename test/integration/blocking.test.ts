/**
 * Pages read as text go without images, media and fonts (the fixture web never
 * sees those requests); a page prepared otherwise loads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type LaunchedBrowser } from '../../src/browser/launch/launch.js';
import { preparePage } from '../../src/browser/page/setup.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(() => web.close());

const ASSETS = /^\/perf\/(pixel\.png|display\.woff2|clip\.webm)/;
/** Asset requests the fixture web received for page tag t. */
const assetsSince = (from: number) => web.requests.slice(from).map((r) => r.path).filter((p) => ASSETS.test(p));
const firstImageWidth = (page: Page) => page.evaluate(() => (document.getElementById('first') as HTMLImageElement).naturalWidth);

describe('resource blocking', () => {
  let launched: LaunchedBrowser;
  beforeAll(async () => {
    launched = await launchBrowser({ headful: false, stealth: true, allowPrivateNetwork: true });
  });
  afterAll(() => launched.close());

  it('a page prepared for reading requests no image, font or video; one prepared otherwise does', async () => {
    const reading = await launched.browser.newPage();
    await preparePage(reading, { allowPrivateNetwork: true, blockResources: true });
    let from = web.requests.length;
    await reading.goto(web.at('/perf/page.html?reading'), { waitUntil: 'load' });
    expect(assetsSince(from)).toEqual([]);
    expect(await firstImageWidth(reading)).toBe(0);
    await reading.close();

    const plain = await launched.browser.newPage();
    await preparePage(plain, { allowPrivateNetwork: true });
    from = web.requests.length;
    await plain.goto(web.at('/perf/page.html?plain'), { waitUntil: 'load' });
    const seen = assetsSince(from);
    expect(seen).toEqual(expect.arrayContaining(['/perf/pixel.png?n=1', '/perf/pixel.png?bg', '/perf/display.woff2']));
    expect(await firstImageWidth(plain)).toBe(64);
    await plain.close();
  });
});
