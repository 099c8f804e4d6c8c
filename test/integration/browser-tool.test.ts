/** The browser tool in real Chromium on the fixture web: every action, refs, act, guards. */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { open } from '../../src/browser/tool/actions/open.js';
import { validate } from '../../src/browser/tool/actions/define.js';
import { BrowserTool, type ToolResult } from '../../src/browser/tool/browser-tool.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
let tool: BrowserTool;

beforeAll(async () => {
  web = await startFixtureWeb();
  tool = new BrowserTool({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0, commitGraceMs: 500 });
});
afterAll(async () => {
  await tool?.close();
  await web?.close();
});

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- results are JSON, read loosely
/** Run an action that must succeed and return its result. */
async function ok(action: string, params: Record<string, unknown> = {}): Promise<Data> {
  const result = await tool.run(action, params);
  if (!result.ok) throw new Error(`${action} failed: ${result.error}`);
  return result as Data;
}
async function failure(action: string, params: Record<string, unknown> = {}): Promise<Extract<ToolResult, { ok: false }> & Data> {
  const result = await tool.run(action, params);
  if (result.ok) throw new Error(`${action} unexpectedly succeeded: ${JSON.stringify(result)}`);
  return result as Extract<ToolResult, { ok: false }> & Data;
}
/** The ref on the snapshot line that contains `needle`. */
function refOf(snapshot: string, needle: string): string {
  const line = snapshot.split('\n').find((l) => l.includes(needle));
  const ref = line && /\[ref=(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ref for ${needle} in:\n${snapshot}`);
  return ref;
}
const outText = async () => (await ok('text', { selector: '#out' })).text as string;
const openForm = async () => ok('open', { url: web.at('/tool/form.html') });

describe('open, tabs, focus, close', () => {
  it('opens a tab, lists it as current, and closes it', async () => {
    const opened = await openForm();
    expect(opened.tab).toMatchObject({ url: web.at('/tool/form.html'), title: 'Tool form', current: true });
    expect(opened.status).toBe(200);
    const second = await ok('open', { url: web.at('/tool/next.html') });
    const listed = (await ok('tabs')).tabs as Data[];
    expect(listed.map((t) => [t.id, t.current])).toEqual(expect.arrayContaining([[opened.tab.id, false], [second.tab.id, true]]));
    expect((await ok('focus', { tab: opened.tab.id })).tab.current).toBe(true);
    expect((await ok('close', { tab: second.tab.id })).current).toBe(opened.tab.id);
    expect((await failure('focus', { tab: second.tab.id })).error).toBe(`no tab ${second.tab.id}`);
    await ok('close');
  });

  it('returns a tab once a never-finishing page committed', async () => {
    const opened = await ok('open', { url: web.at('/never'), timeoutMs: 8_000 });
    expect(opened.tab.title).toBe('Never finishes');
    expect((await ok('text')).text).toContain('This page never finishes loading.');
    await ok('close');
  });

  it('closes the new tab of a navigation that fails', async () => {
    const before = (await ok('tabs')).tabs.length;
    const failed = await failure('open', { url: web.at('/slow?ms=3000'), timeoutMs: 500 });
    expect(failed.error).toMatch(/did not respond within 500 ms/);
    expect((await ok('tabs')).tabs.length).toBe(before);
  });

  it('refuses a private address without --allow-private-network and opens no tab', async () => {
    const guarded = new BrowserTool({ launch: { headful: false, stealth: true }, allowPrivateNetwork: false, human: NO_HUMAN });
    const result = await guarded.run('open', { url: web.at('/tool/form.html') });
    expect(result).toMatchObject({ ok: false, code: 'BAD_INPUT', hint: expect.stringContaining('--allow-private-network') });
    expect(guarded.browser.running).toBe(false);
    await guarded.close();
  });

  it('refuses a download opened as a page and closes its tab', async () => {
    const before = (await ok('tabs')).tabs.length;
    const failed = await failure('open', { url: web.at('/browser/report.bin') });
    expect(failed.error).toMatch(/refused a download/);
    expect((await ok('tabs')).tabs.length).toBe(before);
  });
});

describe('snapshot', () => {
  let full: string;
  beforeAll(async () => {
    await openForm();
    full = (await ok('snapshot')).snapshot;
  });

  it('renders roles, names, states and refs, and leaves out hidden elements', () => {
    expect(full).toMatch(/^ {2}- heading "Order a tower model" \[level=1\] \[ref=e\d+\]$/m);
    expect(full).toMatch(/- textbox "Email" \[ref=e\d+\]$/m);
    expect(full).toMatch(/- combobox "City" \[ref=e\d+\]: Paris$/m);
    expect(full).toMatch(/- checkbox "Gift wrap" \[ref=e\d+\]$/m);
    expect(full).toMatch(/- paragraph: Fill in the form/);
    expect(full).not.toContain('Hidden button');
  });

  it('reads same-origin iframes into the tree', () => {
    expect(full).toMatch(/- iframe "Inner frame" \[ref=e\d+\]\n\s+- paragraph: inner idle\n\s+- button "Inner button" \[ref=e\d+\]/);
  });

  it('keeps an element\'s ref across snapshots of the same document', async () => {
    const again = (await ok('snapshot')).snapshot;
    expect(refOf(again, 'Send order')).toBe(refOf(full, 'Send order'));
  });

  it('efficient mode lists interactive elements only', async () => {
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot).toContain('button "Send order"');
    expect(efficient.snapshot).not.toContain('heading');
    expect(efficient.snapshot).not.toContain('paragraph');
  });

  it('query keeps the lines with every token and counts them', async () => {
    const found = await ok('snapshot', { query: 'BUTTON doomed' });
    expect(found.snapshot.split('\n')).toEqual([expect.stringMatching(/^ {2}- button "Remove the doomed button" \[ref=e\d+\]$/), expect.stringMatching(/^ {2}- button "Doomed button" \[ref=e\d+\]$/)]);
    expect(found.matches).toBe(2);
    expect((await ok('snapshot', { query: 'nothing like this' })).matches).toBe(0);
  });

  it('cuts at maxChars and at the mode limits', async () => {
    await ok('navigate', { url: web.at('/tool/long.html') });
    const small = await ok('snapshot', { maxChars: 300 });
    expect(small.truncated).toBe(true);
    expect(small.snapshot.length).toBeLessThanOrEqual(300);
    expect(small.snapshot.endsWith('\n(truncated)')).toBe(true);
    const fullPage = await ok('snapshot');
    expect(fullPage.snapshot.length).toBeLessThanOrEqual(40_000);
    expect(fullPage.truncated).toBe(true);
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot.length).toBeLessThanOrEqual(8_000);
    expect(efficient.truncated).toBe(true);
    const hundreds = await ok('snapshot', { query: 'hundred' });
    expect(hundreds.matches).toBe(10);
    expect(hundreds.truncated).toBe(false);
  });

  it('efficient mode stops at depth 6, and a query then says "(source truncated)"', async () => {
    await ok('navigate', { url: web.at('/tool/deep.html') });
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot).toMatch(/^ {10}- menuitem "Level seven" \[ref=e\d+\]$/m);
    expect(efficient.snapshot).not.toContain('Level eight');
    expect(efficient.sourceTruncated).toBe(true);
    const queried = await ok('snapshot', { mode: 'efficient', query: 'level' });
    expect(queried.snapshot.split('\n').at(-1)).toBe('(source truncated)');
    expect((await ok('snapshot', { query: 'level eight' })).matches).toBe(1);
  });
});

describe('act', () => {
  let snap: string;
  beforeAll(async () => {
    await openForm();
    snap = (await ok('snapshot')).snapshot;
  });

  it('clicks, and clicks again', async () => {
    const ref = refOf(snap, 'Count clicks');
    expect(await ok('act', { kind: 'click', ref })).toMatchObject({ navigated: false });
    await ok('act', { kind: 'click', ref });
    expect(await outText()).toBe('clicked 2');
  });

  it('fills, types, selects, checks and unchecks, presses, hovers', async () => {
    const email = refOf(snap, 'textbox "Email"');
    await ok('act', { kind: 'fill', ref: email, value: 'ada@example.org' });
    const notes = refOf(snap, 'textbox "Notes"');
    await ok('act', { kind: 'fill', ref: notes, value: 'fresh' });
    await ok('act', { kind: 'type', ref: notes, value: ' and more' });
    const city = refOf(snap, 'combobox "City"');
    expect((await ok('act', { kind: 'select', ref: city, value: 'Berlin' })).detail).toBe('selected "Berlin"');
    await ok('act', { kind: 'select', ref: city, value: 'dub' });
    expect((await failure('act', { kind: 'select', ref: city, value: 'Rome' })).error).toMatch(/has no option "Rome" \(options: Paris, Berlin, Dubai\)/);
    const gift = refOf(snap, 'Gift wrap');
    await ok('act', { kind: 'check', ref: gift });
    await ok('act', { kind: 'check', ref: gift });
    const after = (await ok('snapshot')).snapshot;
    expect(after).toMatch(/- textbox "Email" \[ref=e\d+\]: ada@example.org/);
    expect(after).toMatch(/- textbox "Notes" \[ref=e\d+\]: fresh and more/);
    expect(after).toMatch(/- combobox "City" \[ref=e\d+\]: Dubai/);
    expect(after).toMatch(/- checkbox "Gift wrap" \[checked\] \[ref=e\d+\]/);
    expect((await ok('act', { kind: 'check', ref: gift, value: 'false' })).detail).toBe('unchecked');

    const search = refOf(snap, 'Search the shop');
    await ok('act', { kind: 'type', ref: search, value: 'eiffel' });
    await ok('act', { kind: 'press', ref: search, value: 'Enter' });
    expect(await outText()).toBe('searched eiffel');
    await ok('act', { kind: 'hover', ref: refOf(snap, 'Hover target') });
    expect(await outText()).toBe('hovered');
    await ok('act', { kind: 'click', ref: refOf(snap, 'Send order') });
    expect(await outText()).toBe('submitted ada@example.org');
  });

  it('clicks inside an iframe', async () => {
    await ok('act', { kind: 'click', ref: refOf(snap, 'Inner button') });
    expect((await ok('snapshot', { query: 'inner clicked' })).matches).toBe(1);
  });

  it('fails with "take a new snapshot" for an element that is gone, changed, or never named', async () => {
    const doomed = refOf(snap, 'Doomed button');
    await ok('act', { kind: 'click', ref: refOf(snap, 'Remove the doomed') });
    expect(await failure('act', { kind: 'click', ref: doomed })).toMatchObject({ error: `Unknown ref "${doomed}": take a new snapshot`, code: 'BAD_INPUT' });
    const rename = refOf(snap, 'Rename me');
    await ok('act', { kind: 'click', ref: rename });
    expect((await failure('act', { kind: 'click', ref: rename })).error).toBe(`Unknown ref "${rename}": take a new snapshot`);
    expect((await failure('act', { kind: 'click', ref: 'e999' })).error).toBe('Unknown ref "e999": take a new snapshot');
    expect((await failure('act', { kind: 'fill', ref: refOf(snap, 'Send order') })).error).toBe('act fill needs a value');
  });

  it('records a dialog the click opened', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'Show an alert') });
    expect(result.dialogs).toEqual([{ type: 'alert', message: 'Hello from the page' }]);
  });

  it('refuses and reports a download link', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'Download the report') });
    expect(result.downloads).toEqual([web.at('/browser/report.bin')]);
    expect(result.navigated).toBe(false);
  });

  it('tracks a popup as a new tab', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'Next page in a new tab') });
    expect(result.popups).toHaveLength(1);
    const popupTab = result.popups[0].tab as string;
    const tabs = (await ok('tabs')).tabs as Data[];
    expect(tabs.find((t) => t.id === popupTab)?.url).toBe(web.at('/tool/next.html'));
    await ok('close', { tab: popupTab });
  });

  it('returns the new page\'s efficient snapshot when a click navigates, and starts refs again', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'link "Next page"') });
    expect(result.navigated).toBe(true);
    expect(result.url).toBe(web.at('/tool/next.html'));
    expect(result.page.mode).toBe('efficient');
    expect(result.page.snapshot).toBe('- link "Back to the form" [ref=e1]');
    expect((await failure('act', { kind: 'click', ref: refOf(snap, 'Count clicks') })).error).toMatch(/take a new snapshot/);
  });
});

describe('navigate', () => {
  it('returns the new page\'s efficient snapshot inline, and fails readably', async () => {
    const result = await ok('navigate', { url: web.at('/tool/next.html') });
    expect(result).toMatchObject({ status: 200, mode: 'efficient', title: 'Next page', snapshot: '- link "Back to the form" [ref=e1]' });
    expect(result.untrusted).toContain('snapshot');
    expect((await failure('navigate', { url: web.at('/slow?ms=2000'), timeoutMs: 300 })).error).toMatch(/did not respond/);
  });

  it('records the dialogs of a page that nags', async () => {
    const result = await ok('navigate', { url: web.at('/browser/dialogs.html') });
    expect(result.dialogs.map((d: Data) => d.message).slice(0, 2)).toEqual(['Welcome to the nagging page', 'Do you accept cookies?']);
  });

  it('tracks a popup the page opens on load', async () => {
    const result = await ok('navigate', { url: web.at('/browser/popup.html?onload') });
    await expect.poll(async () => ((await ok('tabs')).tabs as Data[]).some((t) => t.url === web.at('/articles/towers.html?popup'))).toBe(true);
    expect(result.ok).toBe(true);
  });
});

describe('text', () => {
  it('reads main, article or a selector, bounded by maxChars', async () => {
    await openForm();
    const main = await ok('text');
    expect(main.source).toBe('main');
    expect(main.text).toMatch(/^Order a tower model/);
    expect(main.untrusted).toEqual(['text']);
    expect((await ok('text', { selector: 'h1' })).text).toBe('Order a tower model');
    expect((await failure('text', { selector: '#nope' })).error).toBe('no element matches #nope');
    await ok('navigate', { url: web.at('/tool/long.html') });
    const article = await ok('text');
    expect(article.source).toBe('article');
    const capped = await ok('text', { maxChars: 1_000_000 });
    expect(capped.text.length).toBe(40_000);
    expect(capped.truncated).toBe(true);
    expect(await ok('text', { maxChars: 10 })).toMatchObject({ text: 'Article pa', truncated: true });
    expect((await failure('text', { maxChars: 0 })).code).toBe('BAD_INPUT');
  });
});

describe('requests and errors', () => {
  beforeAll(async () => {
    await ok('requests', { clear: true });
    await ok('errors', { clear: true });
    await ok('navigate', { url: web.at('/tool/logs.html') });
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
    const { page } = tool.browser.current()!;
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

describe('screenshot', () => {
  const size = (path: string) => {
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  };

  it('writes the viewport, the full page, one element, or the page with ref labels', async () => {
    await openForm();
    const snap = (await ok('snapshot')).snapshot;
    const viewport = await ok('screenshot');
    expect(existsSync(viewport.path)).toBe(true);
    expect(size(viewport.path)).toEqual({ width: 1920, height: 1080 });
    const button = await ok('screenshot', { ref: refOf(snap, 'Send order') });
    const box = size(button.path);
    expect(box.width).toBeLessThan(200);
    expect(box.height).toBeLessThan(60);
    const labelled = await ok('screenshot', { labels: true });
    expect(labelled.labels).toBeGreaterThanOrEqual(15);
    expect(readFileSync(labelled.path).equals(readFileSync(viewport.path))).toBe(false);
    expect((await ok('snapshot', { query: 'ref labels' })).matches).toBe(0);
    await ok('navigate', { url: web.at('/tool/tall.html') });
    expect(size((await ok('screenshot', { fullPage: true })).path).height).toBeGreaterThan(2400);
    expect((await failure('screenshot', { ref: 'e99999' })).error).toBe('Unknown ref "e99999": take a new snapshot');
  });
});

describe('emulate', () => {
  it('applies device, colorScheme, timezoneId and locale in that order', async () => {
    await ok('open', { url: web.at('/tool/emulate.html') });
    const result = await ok('emulate', { locale: 'de-DE', timezoneId: 'Asia/Tokyo', colorScheme: 'dark', device: 'iPhone 13' });
    expect(result.applied).toEqual(['device', 'colorScheme', 'timezoneId', 'locale']);
    const probe = JSON.parse((await tool.browser.current()!.page.evaluate('probe()')) as string);
    expect(probe).toMatchObject({ dark: true, timeZone: 'Asia/Tokyo', locale: 'de-DE', width: 390, touch: true, ua: expect.stringContaining('iPhone') });
  });

  it('stops at the first setting that fails and says which were applied', async () => {
    const result = await failure('emulate', { colorScheme: 'light', timezoneId: 'Europe/Berlin', locale: '!!not a locale' });
    expect(result.applied).toEqual(['colorScheme', 'timezoneId']);
    expect(result.error).toMatch(/could not apply locale/);
    expect((await failure('emulate', { device: 'Nokia 3310' })).code).toBe('BAD_INPUT');
    expect((await failure('emulate', {})).error).toMatch(/needs device, colorScheme/);
  });
});

describe('doctor, status, start, stop and bad input', () => {
  it('reports the browser, and refuses unknown actions and parameters', async () => {
    expect(await ok('doctor')).toMatchObject({ version: expect.stringMatching(/Chrom/), stealth: true, headless: true, persistent: false });
    expect(await ok('status')).toMatchObject({ running: true, persistent: false, current: expect.stringMatching(/^t\d+$/) });
    expect(await tool.run('frobnicate')).toMatchObject({ ok: false, code: 'BAD_INPUT', error: 'unknown browser action "frobnicate"' });
    expect(await tool.run('snapshot', { ref: 'e1' })).toMatchObject({ ok: false, code: 'BAD_INPUT', error: expect.stringMatching(/snapshot takes no "ref"/) });
    expect(await tool.run('act', { kind: 'squeeze', ref: 'e1' })).toMatchObject({ ok: false, error: expect.stringMatching(/kind must be one of click, type/) });
    expect(await tool.run('open', {})).toMatchObject({ ok: false, error: 'open needs url' });
  });

  it('caps timeoutMs at 120 s and refuses a non-positive one', () => {
    const capped = validate(open, { url: 'https://example.org/', timeoutMs: '999999' });
    expect(capped.ok && capped.input.timeoutMs).toBe(120_000);
    expect(validate(open, { url: 'https://example.org/', timeoutMs: 0 })).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });

  it('reports a crashed tab and lets it be closed', async () => {
    const opened = await ok('open', { url: web.at('/tool/next.html') });
    const tab = tool.browser.get(opened.tab.id)!;
    void tab.cdp.send('Page.crash').catch(() => {});
    await expect.poll(() => tab.crashed).toBe(true);
    expect(await failure('snapshot')).toMatchObject({ error: `tab ${tab.id} crashed`, hint: expect.stringContaining(`close ${tab.id}`) });
    expect((await ok('close')).closed).toBe(tab.id);
  });

  it('stop closes the browser and start launches a new one', async () => {
    expect(await ok('stop')).toMatchObject({ stopped: true });
    expect(await ok('status')).toMatchObject({ running: false, tabs: [] });
    expect(await ok('start')).toMatchObject({ started: true, wsEndpoint: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:/) });
    expect((await ok('tabs')).tabs).toEqual([]);
  });
});
