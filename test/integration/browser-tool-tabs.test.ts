/** The browser tool in real Chromium on the fixture web: open, tabs, focus, close; navigate; doctor, status, start, stop and bad input. */
import { describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { open } from '../../src/browser/tool/actions/open.js';
import { validate } from '../../src/browser/tool/actions/define.js';
import { BrowserTool } from '../../src/browser/tool/browser-tool.js';
import { useToolBrowser, type Data } from '../support/tool-browser.js';

const h = useToolBrowser();
const { ok, failure, openForm } = h;

describe('open, tabs, focus, close', () => {
  it('opens a tab, lists it as current, and closes it', async () => {
    const opened = await openForm();
    expect(opened.tab).toMatchObject({ url: h.web.at('/tool/form.html'), title: 'Tool form', current: true });
    expect(opened.status).toBe(200);
    const second = await ok('open', { url: h.web.at('/tool/next.html') });
    const listed = (await ok('tabs')).tabs as Data[];
    expect(listed.map((t) => [t.id, t.current])).toEqual(expect.arrayContaining([[opened.tab.id, false], [second.tab.id, true]]));
    expect((await ok('focus', { tab: opened.tab.id })).tab.current).toBe(true);
    expect((await ok('close', { tab: second.tab.id })).current).toBe(opened.tab.id);
    expect((await failure('focus', { tab: second.tab.id })).error).toBe(`no tab ${second.tab.id}`);
    await ok('close');
  });

  it('returns a tab once a never-finishing page committed', async () => {
    const opened = await ok('open', { url: h.web.at('/never'), timeoutMs: 8_000 });
    expect(opened.tab.title).toBe('Never finishes');
    expect((await ok('text')).text).toContain('This page never finishes loading.');
    await ok('close');
  });

  it('closes the new tab of a navigation that fails', async () => {
    const before = (await ok('tabs')).tabs.length;
    const failed = await failure('open', { url: h.web.at('/slow?ms=3000'), timeoutMs: 500 });
    expect(failed.error).toMatch(/did not respond within 500 ms/);
    expect((await ok('tabs')).tabs.length).toBe(before);
  });

  it('refuses a private address without --allow-private-network and opens no tab', async () => {
    const guarded = new BrowserTool({ launch: { headful: false, stealth: true }, allowPrivateNetwork: false, human: NO_HUMAN });
    const result = await guarded.run('open', { url: h.web.at('/tool/form.html') });
    expect(result).toMatchObject({ ok: false, code: 'BAD_INPUT', hint: expect.stringContaining('--allow-private-network') });
    expect(guarded.browser.running).toBe(false);
    await guarded.close();
  });

  it('reports a download opened as a page, and leaves no tab behind', async () => {
    const before = (await ok('tabs')).tabs.length;
    const opened = await ok('open', { url: h.web.at('/browser/report.bin') });
    expect(opened).toMatchObject({ download: h.web.at('/browser/report.bin') });
    expect(opened.tab).toBeUndefined();
    expect((await ok('tabs')).tabs.length).toBe(before);
  });
});

describe('navigate', () => {
  it('returns the new page\'s efficient snapshot inline, and fails readably', async () => {
    const result = await ok('navigate', { url: h.web.at('/tool/next.html') });
    expect(result).toMatchObject({ status: 200, mode: 'efficient', title: 'Next page', snapshot: '- heading "The next page" [level=1] [ref=e1]\n- link "Back to the form" [ref=e2] → /tool/form.html' });
    expect(result.untrusted).toContain('snapshot');
    expect((await failure('navigate', { url: h.web.at('/slow?ms=2000'), timeoutMs: 300 })).error).toMatch(/did not respond/);
  });

  it('records the dialogs of a page that nags', async () => {
    const result = await ok('navigate', { url: h.web.at('/browser/dialogs.html') });
    expect(result.dialogs.map((d: Data) => d.message).slice(0, 2)).toEqual(['Welcome to the nagging page', 'Do you accept cookies?']);
  });

  it('tracks a popup the page opens on load', async () => {
    const result = await ok('navigate', { url: h.web.at('/browser/popup.html?onload') });
    await expect.poll(async () => ((await ok('tabs')).tabs as Data[]).some((t) => t.url === h.web.at('/articles/towers.html?popup'))).toBe(true);
    expect(result.ok).toBe(true);
  });
});

describe('doctor, status, start, stop and bad input', () => {
  it('reports the browser, and refuses unknown actions and parameters', async () => {
    expect(await ok('doctor')).toMatchObject({ version: expect.stringMatching(/Chrom/), stealth: true, headless: true, persistent: false });
    expect(await ok('status')).toMatchObject({ running: true, persistent: false, current: expect.stringMatching(/^t\d+$/) });
    expect(await h.tool.run('frobnicate')).toMatchObject({ ok: false, code: 'BAD_INPUT', error: 'unknown browser action "frobnicate"' });
    expect(await h.tool.run('tabs', { ref: 'e1' })).toMatchObject({ ok: false, code: 'BAD_INPUT', error: expect.stringMatching(/tabs takes no "ref"/) });
    expect(await h.tool.run('act', { kind: 'squeeze', ref: 'e1' })).toMatchObject({ ok: false, error: expect.stringMatching(/kind must be one of click, type/) });
    expect(await h.tool.run('open', {})).toMatchObject({ ok: false, error: 'open needs url' });
  });

  it('caps timeoutMs at 120 s and refuses a non-positive one', () => {
    const capped = validate(open, { url: 'https://example.org/', timeoutMs: '999999' });
    expect(capped.ok && capped.input.timeoutMs).toBe(120_000);
    expect(validate(open, { url: 'https://example.org/', timeoutMs: 0 })).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });

  it('reports a crashed tab and lets it be closed', async () => {
    const opened = await ok('open', { url: h.web.at('/tool/next.html') });
    const tab = h.tool.browser.get(opened.tab.id)!;
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
