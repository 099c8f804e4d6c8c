/** The browser tool in real Chromium on the fixture web: act: every kind, stale refs, what a click sets off. */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderResult, type ToolResult } from '../../src/browser/tool/browser-tool.js';
import { useToolBrowser, refOf, type Data } from '../support/tool-browser.js';

const h = useToolBrowser();
const { ok, failure, outText, openForm } = h;

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
    expect(result.downloads).toEqual([h.web.at('/browser/report.bin')]);
    expect(result.navigated).toBe(false);
  });

  it('tracks a popup as a new tab', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'Next page in a new tab') });
    expect(result.popups).toHaveLength(1);
    const popupTab = result.popups[0].tab as string;
    const tabs = (await ok('tabs')).tabs as Data[];
    expect(tabs.find((t) => t.id === popupTab)?.url).toBe(h.web.at('/tool/next.html'));
    await ok('close', { tab: popupTab });
  });

  it('returns the new page\'s efficient snapshot when a click navigates, and starts refs again', async () => {
    const result = await ok('act', { kind: 'click', ref: refOf(snap, 'link "Next page"') });
    expect(result.navigated).toBe(true);
    expect(result.url).toBe(h.web.at('/tool/next.html'));
    expect(result.page.mode).toBe('efficient');
    expect(result.page.snapshot).toBe('- heading "The next page" [level=1] [ref=e1]\n- link "Back to the form" [ref=e2] → /tool/form.html');
    expect((await failure('act', { kind: 'click', ref: refOf(snap, 'Count clicks') })).error).toMatch(/take a new snapshot/);
  });
});

describe('a page whose HTML is still being parsed', () => {
  it('says the snapshot was taken while loading, and act wait for state "parsed" lets the rest come', async () => {
    // A render-blocking script that takes seconds: in the WCXB set a Shopify page (0213) whose script host did
    // not answer gave a snapshot that ended after its announcement bar, with nothing saying more would come.
    let release = () => {};
    h.web.route('/held.js', (_req, res) => {
      release = () => res.writeHead(200, { 'content-type': 'text/javascript' }).end('window.held = true;');
    });
    h.web.route('/held.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Held</title><a href="/a">Announcement</a><script src="/held.js"></script><h1>Garden tools</h1><button>Add to cart</button>');
    });
    const opened = await h.ok('navigate', { url: h.web.at('/held.html') });
    expect(opened.loading).toBe(true);
    expect(opened.snapshot).toContain('Announcement');
    expect(opened.snapshot).not.toContain('Add to cart');
    expect(renderResult('navigate', opened as ToolResult)).toContain('still loading: not all of its HTML is parsed yet, so more may follow; act wait with state "parsed"');
    const waiting = h.ok('act', { kind: 'wait', state: 'parsed', timeoutMs: 10_000 });
    await new Promise((done) => setTimeout(done, 300));
    release();
    expect((await waiting).detail).toMatch(/^state parsed after \d+ ms$/);
    const after = await h.ok('snapshot', { mode: 'efficient' });
    expect(after.loading).toBeUndefined();
    expect(after.snapshot).toMatch(/- button "Add to cart" \[ref=e\d+\]/);
    expect((await h.ok('act', { kind: 'wait', state: 'loaded', timeoutMs: 10_000 })).detail).toMatch(/^state loaded after/);
  });
});
