/** The batch's shared Chromium: real Chromium on the loopback fixture web. */
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPool } from '../../src/batch/chromium-pool.js';
import type { TraceEvent } from '../../src/trace.js';
import { startFixtureWeb } from '../support/fixture-web.js';

describe('the batch Chromium pool', () => {
  const events: TraceEvent[] = [];
  const pool = chromiumPool({ headful: false, stealth: false, allowPrivateNetwork: true }, (event) => events.push(event));
  afterAll(() => pool.close());

  it('lends runs asking at once one browser, each an incognito context whose cookies the others do not see', async () => {
    const web = await startFixtureWeb();
    try {
      const [a, b] = await Promise.all([pool.lease(), pool.lease()]);
      expect(a.browser).toBe(b.browser);
      expect(events.filter((e) => e.type === 'browser')).toHaveLength(1);
      expect(a.context).not.toBe(b.context);
      const pageA = await a.context!.newPage();
      const pageB = await b.context!.newPage();
      await pageA.goto(web.at('/research/towers.html'));
      await pageA.evaluate(() => (document.cookie = 'question=one; path=/'));
      await pageB.goto(web.at('/research/towers.html'));
      expect(await pageA.evaluate(() => document.cookie)).toBe('question=one');
      expect(await pageB.evaluate(() => document.cookie)).toBe('');
      await a.close();
      expect(pageA.isClosed()).toBe(true);
      expect(pageB.isClosed()).toBe(false);
      expect(a.browser.connected).toBe(true);
      await b.close();
    } finally {
      await web.close();
    }
  }, 120_000);
});
