/** The browser tool in real Chromium on the fixture web: snapshot and screenshot. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserTool } from '../../src/browser/tool/browser-tool.js';
import { SNAPSHOT_LIMITS } from '../../src/browser/tool/snapshot.js';
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

  it('shows the controls of a section that skips rendering until scrolled to (content-visibility: auto), as a person scrolling there sees them', async () => {
    await ok('navigate', { url: h.web.at('/tool/lazy-render.html') });
    for (const mode of ['full', 'efficient']) {
      const { snapshot } = await ok('snapshot', { mode });
      expect(snapshot).toMatch(/- button "Book a gardener" \[ref=e\d+\]/);
      expect(snapshot).toMatch(/- link "Prices and areas" \[ref=e\d+\]/);
      expect(snapshot).not.toContain('Secret admin action');
    }
    await openForm();
    full = (await ok('snapshot')).snapshot;
  });

  it('efficient mode lists controls and headings only', async () => {
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot).toContain('button "Send order"');
    expect(efficient.snapshot).toMatch(/^- heading "Order a tower model" \[level=1\] \[ref=e\d+\]$/m);
    expect(efficient.snapshot).not.toContain('paragraph');
  });

  it('query keeps the lines with every token and counts them', async () => {
    const found = await ok('snapshot', { query: 'BUTTON doomed' });
    expect(found.snapshot.split('\n')).toEqual([expect.stringMatching(/^ {2}- button "Remove the doomed button" \[ref=e\d+\]$/), expect.stringMatching(/^ {2}- button "Doomed button" \[ref=e\d+\]$/)]);
    expect(found.matches).toBe(2);
    expect((await ok('snapshot', { query: 'nothing like this' })).matches).toBe(0);
  });

  it('keeps within maxChars in whole lines and closes with what it left out and how to get it', async () => {
    await ok('navigate', { url: h.web.at('/tool/long.html') });
    const whole = (await ok('snapshot', { maxChars: 40_000 })).snapshot as string;
    for (const maxChars of [300, 5000]) {
      const small = await ok('snapshot', { maxChars });
      expect(small.truncated).toBe(true);
      expect(small.snapshot.length).toBeLessThanOrEqual(maxChars);
      const lines = (small.snapshot as string).split('\n');
      const note = lines.findIndex((l) => l.startsWith('['));
      // Whole lines of the page in its order, link targets and text dropped first.
      const wholeLines = whole.split('\n').map((l) => l.replace(/ → \S+$/, ''));
      let at = 0;
      for (const line of lines.slice(0, note)) {
        const found = wholeLines.indexOf(line, at);
        expect(found, line).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
      expect(lines[note]).toMatch(/^\[to fit [\d,]+ chars, left out: link targets .*; the last 1 line of text \(`text` gives the page's text, ref one section's lines\)\]$/);
      // At 300 chars only the count of the lines left out fits.
      expect(lines[note + 1]).toMatch(maxChars === 300 ? /^\[\d[\d,]* more lines left out\]$/ : /^\[\d[\d,]* more lines \([\d,]+ refs\) left out at [\d,]+ chars; get them with a query/);
    }
    const cut = await ok('snapshot', { maxChars: 2000 });
    const list = /- (list \[ref=e\d+\]) \(the rest: /.exec(cut.snapshot)?.[1];
    expect(list).toBeDefined();
    const rest = await ok('snapshot', { ref: /ref=(e\d+)/.exec(list!)![1], query: 'hundred' });
    expect(rest.matches).toBe(10);
    expect((await ok('snapshot', { mode: 'efficient' })).snapshot.length).toBeLessThanOrEqual(SNAPSHOT_LIMITS.efficient.maxChars);
    expect((await failure('snapshot', { ref: 'e99999' })).error).toBe('Unknown ref "e99999": take a new snapshot');
  }, 120_000);

  it('gives every control a line with its ref before any text when the page is over the budget, and says what it left out', async () => {
    await ok('navigate', { url: h.web.at('/tool/snapshot-budget.html') });
    const whole = (await ok('snapshot', { maxChars: 40_000 })).snapshot as string;
    const controls = whole.split('\n').filter((l) => /^\s*- (link|textbox|checkbox|button) .*\[ref=e\d+\]/.test(l));
    expect(controls).toHaveLength(123);
    const budget = 12_000;
    expect(whole).toContain('- paragraph: Paragraph 90: the keeper');
    expect(whole).toContain('→ /towers/120/the-history');
    expect(whole.length).toBeGreaterThan(budget);
    for (const mode of ['full', 'efficient']) {
      const snap = await ok('snapshot', { mode, maxChars: budget });
      expect(snap.snapshot.length).toBeLessThanOrEqual(budget);
      const shown = snap.snapshot.split('\n').filter((l: string) => /^\s*- (link|textbox|checkbox|button) /.test(l));
      expect(shown.map((l: string) => l.trim())).toEqual(controls.map((l) => l.trim().replace(/ → \S+$/, '')));
      expect(snap.snapshot).toContain('heading "Keepers of the towers" [level=1]');
      expect(snap.snapshot).toMatch(/\[to fit 12,000 chars, left out: link targets and the end of names over 60 characters \(a query or ref shows them\)/);
    }
    // The targets left out are one query away.
    expect((await ok('snapshot', { query: 'tower 7', maxChars: budget })).snapshot).toContain('- link "Tower 7" [ref=');
    expect((await ok('snapshot', { query: 'tower 7', maxChars: budget })).snapshot).toContain('→ /towers/7/the-history');
  }, 120_000);

  it('efficient mode keeps controls at any depth', async () => {
    await ok('navigate', { url: h.web.at('/tool/deep.html') });
    const efficient = await ok('snapshot', { mode: 'efficient' });
    expect(efficient.snapshot).toMatch(/- menuitem "Level eight" \[ref=e\d+\]$/m);
    expect(efficient.sourceTruncated).toBe(false);
  });
});

describe('snapshot of a real-world shaped page', () => {
  let full: string;
  beforeAll(async () => {
    await ok('open', { url: h.web.at('/tool/snapshot.html') });
    full = (await ok('snapshot')).snapshot;
  });

  it('shows the on-screen content of an aria-hidden container, with refs that act on it', async () => {
    expect(full).toMatch(/- heading "Wool Runners" \[level=1\] \[ref=e\d+\]/);
    expect(full).toMatch(/- link "Next colour" \[ref=e\d+\] → \/tool\/next\.html\?from=gallery/);
    await ok('act', { kind: 'click', ref: refOf(full, 'button "Zoom"') });
    expect(await h.outText()).toBe('zoomed');
  });

  it('gives links their target and no ref to a zero-size link', () => {
    expect(full).toMatch(/- link "care guide" \[ref=e\d+\] → \/tool\/next\.html$/m);
    expect(full).toMatch(/- link "Elsewhere" \[ref=e\d+\] → https:\/\/example\.org\/away$/m);
    expect(full).not.toContain('Skip to content');
  });

  it('joins a code sample into one line', () => {
    expect(full).toMatch(/^ *- (text|code): const size = 42;$/m);
  });

  it('query matches role, name and text, not the ref markup', async () => {
    expect((await ok('snapshot', { query: 'ref' })).matches).toBe(0);
    expect((await ok('snapshot', { query: refOf(full, 'care guide') })).matches).toBe(0);
    const found = await ok('snapshot', { query: 'LINK care' });
    expect(found.snapshot.trim()).toMatch(/^- link "care guide" \[ref=e\d+\] → \/tool\/next\.html$/);
  });

  it('refs "aria" stay with the element when its name changes; role refs are refused then', async () => {
    const aria = (await ok('snapshot', { refs: 'aria' })).snapshot;
    const ariaRef = /- button "Play" \[ref=(ax\d+)\]/.exec(aria)?.[1];
    expect(ariaRef).toBeDefined();
    const roleRef = refOf(full, 'button "Play"');
    await ok('act', { kind: 'click', ref: ariaRef });
    expect(await h.outText()).toBe('now Pause');
    expect((await failure('act', { kind: 'click', ref: roleRef })).error).toBe(`Unknown ref "${roleRef}": take a new snapshot`);
    await ok('act', { kind: 'click', ref: ariaRef });
    expect(await h.outText()).toBe('now Play');
  });
});

describe('tool navigation', () => {
  it('does not scroll or pause like a person unless asked (the agent paces itself)', async () => {
    const tool = new BrowserTool({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, interstitialWaitMs: 0 });
    try {
      const opened = await tool.run('open', { url: h.web.at('/tool/snapshot.html') });
      expect(opened.ok).toBe(true);
      expect(await tool.browser.current()!.page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await tool.close();
    }
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
