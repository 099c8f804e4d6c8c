/**
 * A Chromium scout launched, with its egress proxy, on a "public" page (a
 * name the proxy's injected lookup gives a public address, dialled on
 * loopback by the recording connector): the page's WebSockets and fetches to
 * loopback, a slow name, a name rebinding to 127.0.0.1, and Chromium's own
 * background hosts. Nothing leaves the machine; the canary counts what got through.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../../src/browser/launch/launch.js';
import { isBrowserServiceHost } from '../../src/browser/page/address-policy.js';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { navigate } from '../../src/browser/page/navigate.js';
import { preparePage, type PageGuards } from '../../src/browser/page/setup.js';
import { recordingConnect, startCanary, type Canary, type RecordingConnect } from '../support/egress-harness.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

const PUBLIC = '93.184.215.14';

let web: FixtureWeb;
let canary: Canary;
let launched: LaunchedBrowser;
let dial: RecordingConnect;
const looked: string[] = [];
let rebindAnswers = 0;

/** The proxy's DNS: a public name, a loopback one, a slow one, one that rebinds after its first answer. */
async function lookup(host: string): Promise<string[]> {
  looked.push(host);
  if (host === 'public.test') return [PUBLIC];
  if (host === 'loopy.test') return ['127.0.0.1'];
  if (host === 'slow.test') return new Promise((resolve) => setTimeout(() => resolve(['127.0.0.1']), 2_500));
  if (host === 'rebind.test') return (rebindAnswers += 1) === 1 ? [PUBLIC] : ['127.0.0.1'];
  throw new Error(`${host}: NXDOMAIN`);
}

beforeAll(async () => {
  web = await startFixtureWeb();
  canary = await startCanary();
  dial = recordingConnect({ [PUBLIC]: web.port });
  launched = await launchBrowser({ headful: false, stealth: true, allowPrivateNetwork: false, egress: { lookup, connect: dial.connect } });
});
afterAll(async () => {
  await launched.close();
  await Promise.all([web.close(), canary.close()]);
});

async function guardedPage(): Promise<{ page: Page; guards: PageGuards }> {
  const page = await launched.browser.newPage();
  return { page, guards: await preparePage(page, { allowPrivateNetwork: false }) };
}

const done = (page: Page) => page.waitForFunction(() => document.title.startsWith('done'), { timeout: 15_000 }).then(() => page.title());

describe('a launched browser behind its egress proxy', () => {
  it('a public page\'s WebSockets and fetches to loopback never reach it', async () => {
    web.route('/hostile', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>hostile</title><script>
        const socket = (url) => new Promise((resolve) => { const ws = new WebSocket(url); ws.onopen = () => resolve('open'); ws.onerror = () => resolve('error'); });
        const get = (url) => fetch(url).then((r) => 'answered ' + r.status, () => 'failed');
        Promise.all([socket('ws://127.0.0.1:${canary.port}/'), socket('ws://loopy.test:${canary.port}/'), socket('ws://[::ffff:7f00:1]:${canary.port}/'),
          get('http://loopy.test:${canary.port}/'), get('http://127.0.0.1:${canary.port}/')]).then((all) => { document.title = 'done ' + all.join(','); });
      </script>`);
    });
    const { page } = await guardedPage();
    await page.goto(`http://public.test:${web.port}/hostile`);
    expect(await done(page)).toBe('done error,error,error,failed,failed');
    await page.close();
    expect(canary.hits()).toBe(0);
    const refused = launched.egress?.log.filter((r) => r.refused).map((r) => `${r.method} ${r.host}:${r.port}`) ?? [];
    expect(refused).toEqual(expect.arrayContaining([`CONNECT 127.0.0.1:${canary.port}`, `CONNECT loopy.test:${canary.port}`]));
    expect(dial.dialled.every((d) => d.startsWith(`${PUBLIC}:`))).toBe(true);
  });

  it('refuses a page whose name answers after 2 s, and says why', async () => {
    const { page, guards } = await guardedPage();
    const before = web.requests.length;
    const nav = await navigate({ page, guards, crashed: () => guards.crashed }, `http://slow.test:${web.port}/articles/towers.html`, { human: NO_HUMAN, interstitialWaitMs: 0 }, () => page.title());
    expect(nav).toMatchObject({ ok: false, error: `refused http://slow.test:${web.port}/articles/towers.html: slow.test did not resolve within 2 s` });
    expect(web.requests.length).toBe(before);
    await page.close();
  });

  it('dials the address each request checked: a page rebinding its name to 127.0.0.1 cannot reach loopback', async () => {
    web.route('/rebind-page', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>rebind</title><script>fetch('/secret').then((r) => { document.title = 'done ' + r.status; }, () => { document.title = 'done failed'; });</script>`);
    });
    const { page } = await guardedPage();
    await page.goto(`http://rebind.test:${web.port}/rebind-page`);
    expect(await done(page)).toBe('done 403');
    await page.close();
    expect(web.paths()).toContain('/rebind-page');
    expect(web.paths()).not.toContain('/secret');
    expect(dial.dialled.some((d) => d.startsWith('127.0.0.1'))).toBe(false);
  });

  it('lets no request to Chromium\'s own service hosts through, and never looks one up', async () => {
    const log = launched.egress?.log ?? [];
    expect(log.filter((r) => isBrowserServiceHost(r.host) && !r.refused)).toEqual([]);
    expect(looked.filter(isBrowserServiceHost)).toEqual([]);
  });
});
