/** The browser tool in real Chromium on the fixture web: snapshot and screenshot. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useToolBrowser, refOf } from '../support/tool-browser.js';

const h = useToolBrowser();
const { ok, failure, openForm } = h;

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
    await ok('navigate', { url: h.web.at('/tool/long.html') });
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
    await ok('navigate', { url: h.web.at('/tool/deep.html') });
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot).toMatch(/^ {10}- menuitem "Level seven" \[ref=e\d+\]$/m);
    expect(efficient.snapshot).not.toContain('Level eight');
    expect(efficient.sourceTruncated).toBe(true);
    const queried = await ok('snapshot', { mode: 'efficient', query: 'level' });
    expect(queried.snapshot.split('\n').at(-1)).toBe('(source truncated)');
    expect((await ok('snapshot', { query: 'level eight' })).matches).toBe(1);
  });
});

describe('screenshot', () => {
  /** The PNGs written to the temporary directory, removed after the test. */
  const written: string[] = [];
  afterAll(() => written.forEach((path) => rmSync(path, { force: true })));
  const shot = async (params: Record<string, unknown> = {}) => {
    const result = await ok('screenshot', params);
    written.push(result.path as string);
    return result;
  };
  const size = (path: string) => {
    const png = readFileSync(path);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  };

  it('writes the viewport, the full page, one element, or the page with ref labels', async () => {
    await openForm();
    const snap = (await ok('snapshot')).snapshot;
    const viewport = await shot();
    expect(existsSync(viewport.path)).toBe(true);
    expect(size(viewport.path)).toEqual({ width: 1920, height: 1080 });
    const button = await shot({ ref: refOf(snap, 'Send order') });
    const box = size(button.path);
    expect(box.width).toBeLessThan(200);
    expect(box.height).toBeLessThan(60);
    const labelled = await shot({ labels: true });
    expect(labelled.labels).toBeGreaterThanOrEqual(15);
    expect(readFileSync(labelled.path).equals(readFileSync(viewport.path))).toBe(false);
    expect((await ok('snapshot', { query: 'ref labels' })).matches).toBe(0);
    await ok('navigate', { url: h.web.at('/tool/tall.html') });
    expect(size((await shot({ fullPage: true })).path).height).toBeGreaterThan(2400);
    expect((await failure('screenshot', { ref: 'e99999' })).error).toBe('Unknown ref "e99999": take a new snapshot');
  });
});
