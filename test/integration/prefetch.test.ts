/**
 * Pages loaded ahead in real Chromium on the fixture web: a prefetched page is
 * taken without a second request, pages dropped from the list are cancelled
 * and their tabs closed, and prefetching obeys the URL guard.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { launchBrowser, type LaunchedBrowser } from '../../src/browser/launch/launch.js';
import { ReadingSession, type SessionOptions } from '../../src/browser/session/reading-session.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
/** Paths of /hang requests whose connection the browser dropped. */
const dropped: string[] = [];
beforeAll(async () => {
  web = await startFixtureWeb();
  web.route('/hang', (req, res) => new Promise<void>((resolve) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    req.socket.on('close', () => {
      dropped.push(req.url ?? '');
      resolve();
    });
  }));
});
afterAll(() => web.close());

let launched: LaunchedBrowser;
let session: ReadingSession;
const options = (extra: Partial<SessionOptions> = {}): SessionOptions => ({
  launch: { headful: false, stealth: true },
  allowPrivateNetwork: true,
  human: NO_HUMAN,
  interstitialWaitMs: 0,
  prefetchTabs: 2,
  ...extra,
});
const open = async (extra: Partial<SessionOptions> = {}) => {
  launched = await launchBrowser({ ...options(extra).launch, allowPrivateNetwork: true });
  session = new ReadingSession(launched, options(extra));
};
beforeEach(async () => open());
afterEach(() => session.close());

/** Tabs showing a page of the fixture web. */
async function tabsOn(): Promise<string[]> {
  const pages = await launched.browser.pages();
  return pages.map((p) => p.url()).filter((u) => u.startsWith(web.url)).map((u) => new URL(u).pathname + new URL(u).search).sort();
}

async function until(condition: () => boolean | Promise<boolean>, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

const count = (path: string) => web.paths().filter((p) => p === path).length;

describe('prefetch', () => {
  it('takes a prefetched page without asking the site again, and cancels the pages dropped from the list', async () => {
    const [a, b, c] = ['/research/towers.html?pf=a', '/research/history.html?pf=b', '/research/about.html?pf=c'];
    session.prefetch([web.at(a!), web.at(b!)]);
    expect(session.prefetching()).toEqual([web.at(a!), web.at(b!)]);
    await until(async () => (await tabsOn()).length === 2);

    const load = await session.load(web.at(a!));
    expect(load.error).toBeUndefined();
    expect(load.title).toBe('European skyscrapers overview');
    expect(session.wasPrefetched(load)).toBe(true);
    expect(count(a!)).toBe(1);
    expect(session.prefetching()).toEqual([web.at(b!)]);

    // b drops off the list: its tab closes; c starts in a tab of its own.
    session.prefetch([web.at(c!)]);
    expect(session.prefetching()).toEqual([web.at(c!)]);
    await until(async () => (await tabsOn()).join() === [a, c].sort().join());

    // A page that was not prefetched loads in the reading tab as before.
    const other = await session.load(web.at('/articles/towers.html?pf=d'));
    expect(session.wasPrefetched(other)).toBe(false);
    expect(other.error).toBeUndefined();
    expect(count('/articles/towers.html?pf=d')).toBe(1);
  });

  it('cancels a page still loading: the tab closes and the site sees the connection dropped', async () => {
    session.prefetch([web.at('/hang?pf=1'), web.at('/research/towers.html?pf=2')]);
    await until(() => count('/hang?pf=1') === 1);
    session.prefetch([web.at('/research/towers.html?pf=2')]);
    await until(() => dropped.includes('/hang?pf=1'));
    await until(async () => !(await tabsOn()).some((t) => t.startsWith('/hang')));
    expect(session.prefetching()).toEqual([web.at('/research/towers.html?pf=2')]);
  });

  it('loads at most prefetchTabs pages ahead, and close() leaves no tab behind', async () => {
    session.prefetch([web.at('/hang?pf=3'), web.at('/hang?pf=4'), web.at('/hang?pf=5')]);
    await until(() => count('/hang?pf=3') + count('/hang?pf=4') === 2);
    expect(count('/hang?pf=5')).toBe(0);
    await session.close();
    await until(() => dropped.includes('/hang?pf=3') && dropped.includes('/hang?pf=4'));
    expect(launched.browser.connected).toBe(false);
  });

  it('waits for a prefetch still under way instead of loading the page twice', async () => {
    session.prefetch([web.at('/slow?ms=600&pf=6')]);
    const load = await session.load(web.at('/slow?ms=600&pf=6'));
    expect(load.title).toBe('Slow page');
    expect(session.wasPrefetched(load)).toBe(true);
    expect(count('/slow?ms=600&pf=6')).toBe(1);
  });

  it('an interrupted load stops waiting for the page loading ahead, whose tab then closes', async () => {
    await session.close();
    await open({ commitGraceMs: 300, evaluateTimeoutMs: 60_000 });
    const busy = web.at('/browser/busy.html?pf=busy');
    session.prefetch([busy]);
    await until(() => count('/browser/busy.html?pf=busy') === 1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_500);
    const load = await Promise.race([session.load(busy, { signal: controller.signal }), later(20_000, 'still waiting')]);
    expect(load).toMatchObject({ error: 'interrupted' });
    expect(session.prefetching()).toEqual([]);
    await until(async () => (await tabsOn()).length === 0, 20_000);
  });

  it('does nothing when prefetching is off', async () => {
    await session.close();
    await open({ prefetchTabs: 0 });
    session.prefetch([web.at('/research/towers.html?pf=off')]);
    expect(session.prefetching()).toEqual([]);
    const load = await session.load(web.at('/research/towers.html?pf=off'));
    expect(session.wasPrefetched(load)).toBe(false);
    expect(count('/research/towers.html?pf=off')).toBe(1);
  });

  it('obeys the URL guard: a private address is never requested ahead', async () => {
    await session.close();
    await open({ allowPrivateNetwork: false });
    session.prefetch([web.at('/research/towers.html?pf=guard')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count('/research/towers.html?pf=guard')).toBe(0);
    expect(await tabsOn()).toEqual([]);
    const load = await session.load(web.at('/research/towers.html?pf=guard'));
    expect(load.refused).toEqual({ privateAddress: true });
    expect(session.wasPrefetched(load)).toBe(false);
  });
});
