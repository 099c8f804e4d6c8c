/** The browser tool in real Chromium on the fixture web: text, requests and errors, emulate. */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderResult, type ToolResult } from '../../src/browser/tool/browser-tool.js';
import { useToolBrowser, type Data } from '../support/tool-browser.js';

const h = useToolBrowser();
const { ok, failure, openForm } = h;

describe('text', () => {
  it('reads main, article or a selector, bounded by maxChars', async () => {
    await openForm();
    const main = await ok('text');
    expect(main.source).toBe('main');
    expect(main.text).toMatch(/^Order a tower model/);
    expect(main.untrusted).toEqual(['text']);
    expect((await ok('text', { selector: 'h1' })).text).toBe('Order a tower model');
    expect((await failure('text', { selector: '#nope' })).error).toBe('no element matches #nope');
    await ok('navigate', { url: h.web.at('/tool/long.html') });
    const article = await ok('text');
    expect(article.source).toBe('article');
    const capped = await ok('text', { maxChars: 1_000_000 });
    expect(capped.text.length).toBe(40_000);
    expect(capped.truncated).toBe(true);
    expect(await ok('text', { maxChars: 10 })).toMatchObject({ text: 'Article pa', truncated: true });
    expect((await failure('text', { maxChars: 0 })).code).toBe('BAD_INPUT');
  });

  it('leaves out text a person cannot see, by every method the reader knows, and leaves the page unmarked', async () => {
    await ok('navigate', { url: h.web.at('/security/hidden/methods.html') });
    const read = await ok('text', { selector: 'body' });
    for (const visible of ['VISIBLE-ONE', 'VISIBLE-TWO', 'VISIBLE-THREE', 'VISIBLE-MIXED: its keeper rowed out']) expect(read.text).toContain(visible);
    for (const method of ['CLASS-NONE', 'VISIBILITY', 'FONT-ZERO', 'ZERO-BOX', 'OFF-LEFT', 'OFF-TOP', 'OFF-RIGHT', 'CLIP', 'CLIP-PATH', 'OPACITY', 'SAME-COLOUR', 'SR-ONLY', 'SCALE-ZERO', 'MIXED-OWN-TEXT']) {
      expect(read.text, method).not.toContain(`H-${method} `);
    }
    expect(read.text).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS/i);
    expect(read.hidden).toBeGreaterThan(10);
    // The count is of what the element read holds, not of the whole page.
    expect((await ok('text', { selector: 'h1' })).hidden).toBe(0);
    expect(renderResult('text', read as ToolResult)).toMatch(/, \d+ hidden elements left out\)/);
    // The marks and the style that hid them are gone: the page is as it was.
    expect((await failure('act', { kind: 'wait', selector: 'html[data-scout-marked]', timeoutMs: 300 })).error).toMatch(/did not appear/);
    expect((await ok('text', { selector: 'body' })).text).toBe(read.text);
  });
});

describe('requests and errors', () => {
  beforeAll(async () => {
    await ok('requests', { clear: true });
    await ok('errors', { clear: true });
    await ok('navigate', { url: h.web.at('/tool/logs.html') });
    const deadline = Date.now() + 5_000;
    while ((await ok('errors')).total < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('filters by URL or resource type, returns the newest up to limit, and clears', async () => {
    const data = await ok('requests', { filter: 'data.json' });
    expect(data.total).toBe(6);
    expect(data.entries.every((r: Data) => r.status === 200 && r.resourceType === 'fetch')).toBe(true);
    expect((await ok('requests', { filter: 'FETCH' })).total).toBe(6);
    const newest = await ok('requests', { filter: 'data.json', limit: 2 });
    expect(newest).toMatchObject({ total: 6, returned: 2 });
    expect(newest.entries.map((r: Data) => new URL(r.url).search).sort()).toEqual(['?n=4', '?n=5'].sort());
    const all = await ok('requests', { clear: true });
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.returned).toBe(Math.min(all.total, 50));
    expect((await ok('requests')).total).toBe(0);
  });

  it('keeps the last 500 requests', async () => {
    const { page } = h.tool.browser.current()!;
    await page.evaluate(() => Promise.all(Array.from({ length: 520 }, (_, i) => fetch(`/tool/data.json?bulk=${i}`))));
    await expect.poll(async () => (await ok('requests', { filter: 'bulk=519' })).total).toBe(1);
    const log = await ok('requests', { limit: 500 });
    expect(log).toMatchObject({ total: 500, returned: 500, dropped: 20 });
    expect((await ok('requests', { filter: 'bulk=19&' })).total).toBe(0);
    await ok('requests', { clear: true });
  });

  it('collects uncaught exceptions and console errors', async () => {
    const log = await ok('errors');
    expect(log.entries.map((e: Data) => [e.kind, e.message])).toEqual([
      ['console', 'widget failed to load'],
      ['exception', expect.stringContaining('late boom')],
    ]);
    expect((await ok('errors', { filter: 'boom' })).total).toBe(1);
    expect((await ok('errors', { clear: true })).returned).toBe(2);
    expect((await ok('errors')).total).toBe(0);
  });
});

describe('emulate', () => {
  it('applies device, colorScheme, timezoneId and locale in that order', async () => {
    await ok('open', { url: h.web.at('/tool/emulate.html') });
    const result = await ok('emulate', { locale: 'de-DE', timezoneId: 'Asia/Tokyo', colorScheme: 'dark', device: 'iPhone 13' });
    expect(result.applied).toEqual(['device', 'colorScheme', 'timezoneId', 'locale']);
    const probe = JSON.parse((await h.tool.browser.current()!.page.evaluate('probe()')) as string);
    expect(probe).toMatchObject({ dark: true, timeZone: 'Asia/Tokyo', locale: 'de-DE', width: 390, touch: true, ua: expect.stringContaining('iPhone') });
  });

  it('refuses an unknown locale, time zone or device before it applies anything', async () => {
    const result = await failure('emulate', { colorScheme: 'light', timezoneId: 'Europe/Berlin', locale: '!!not a locale' });
    expect(result).toMatchObject({ code: 'BAD_INPUT', error: 'unknown locale "!!not a locale"' });
    expect(JSON.parse((await h.tool.browser.current()!.page.evaluate('probe()')) as string)).toMatchObject({ dark: true, timeZone: 'Asia/Tokyo' });
    expect((await failure('emulate', { device: 'Nokia 3310' })).code).toBe('BAD_INPUT');
    expect((await failure('emulate', {})).error).toMatch(/needs device, colorScheme/);
  });
});
