/**
 * Hidden text stays out of what the model reads: pages loaded by the real reading
 * session in Chromium, read by readPage as the research browser reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { readPage, type PageText } from '../../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../../src/browser/session/reading-session.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
let session: ReadingSession;
beforeAll(async () => {
  web = await startFixtureWeb();
  session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0 });
});
afterAll(async () => {
  await session.close();
  await web.close();
});

async function read(path: string): Promise<{ page: PageText; html: string }> {
  const load = await session.load(web.at(path));
  expect(load.error).toBeUndefined();
  return { page: readPage(load.html, load.url), html: load.html };
}

/** Everything the model is shown of a page: the framed text and the offered links. */
const shown = (page: PageText) => `${page.text}\n${page.links.map((l) => `${l.text} <${l.url}>`).join('\n')}`;

describe('hidden text on a page read in Chromium', () => {
  it('shows the visible text and none hidden by any method', async () => {
    const { page } = await read('/security/hidden/methods.html');
    const seen = shown(page);
    for (const visible of ['VISIBLE-ONE', 'VISIBLE-TWO', 'VISIBLE-THREE', 'VISIBLE-MIXED: its keeper rowed out']) expect(seen).toContain(visible);
    const methods = [
      'CLASS-NONE', 'INLINE-NONE', 'HIDDEN-ATTR', 'VISIBILITY', 'ARIA', 'FONT-ZERO', 'ZERO-BOX', 'OFF-LEFT', 'OFF-TOP', 'OFF-RIGHT',
      'CLIP', 'CLIP-PATH', 'OPACITY', 'SAME-COLOUR', 'SR-ONLY', 'SCALE-ZERO', 'MIXED-OWN-TEXT',
    ];
    for (const method of methods) expect(seen, method).not.toContain(`H-${method} `);
    expect(seen).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example/i);
  });

  it("reads an index page's contents list, none of a hidden one nor a hidden entry", async () => {
    // The contents rule widens a short selection: what it takes in must still be what a person sees.
    const { page } = await read('/security/hidden/contents.html');
    const seen = shown(page);
    for (const visible of ['VISIBLE-LEAD', 'VISIBLE-ENTRY-1', 'VISIBLE-ENTRY-5']) expect(page.text).toContain(visible);
    for (const hidden of ['H-CONTENTS-ENTRY', 'H-CONTENTS-LIST', 'H-CONTENTS-FADED']) expect(seen, hidden).not.toContain(hidden);
    expect(seen).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example/i);
  });

  it('offers no link that is hidden, and the visible ones', async () => {
    const { page } = await read('/security/hidden/methods.html');
    expect(page.links.map((l) => l.url)).toContain(web.at('/articles/history.html'));
    expect(page.links.filter((l) => l.url.includes('evil.example'))).toEqual([]);
  });

  it('leaves a picture with no alt and a link with no text or label unmarked (they carry nothing to read), but not labelled ones', async () => {
    const { page, html } = await read('/security/hidden/unlabelled.html');
    const marked = (id: string) => new RegExp(`<[^>]*id="${id}"[^>]*data-scout-hidden|<[^>]*data-scout-hidden[^>]*id="${id}"`).test(html);
    expect(marked('cover')).toBe(false);
    expect(html).not.toMatch(/class="card-bg"[^>]*data-scout-hidden/);
    expect(marked('bg')).toBe(false);
    expect(marked('labelled')).toBe(true);
    expect(marked('pixel')).toBe(true);
    expect(page.text).toContain('VISIBLE-CARD');
    expect(shown(page)).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example/i);
  });

  // WCXB 4544 (a WooCommerce category): every sale price was lost in Chromium, the aria-hidden figures and their screen-reader twins both.
  it("reads a sale price shown on screen though aria-hidden when its screen-reader twin follows, but no aria-hidden text without one", async () => {
    const { page } = await read('/security/hidden/unlabelled.html');
    expect(page.text).toMatch(/\$30\.00.*\$21\.00/);
    expect(page.text).not.toContain('Original price was');
    expect(page.text).not.toContain('H-ARIA-ALONE');
  });

  it('reads no alt text of an invisible image, nor an alt addressed to the model', async () => {
    const { page } = await read('/security/hidden/methods.html');
    expect(page.text).not.toContain('H-ALT-HIDDEN');
    expect(page.text).not.toContain('H-ALT-PIXEL');
    expect(page.text).not.toMatch(/you are now an assistant/i);
  });

  it('reads collapsed panels a visible control opens, and no other hidden panel', async () => {
    const { page } = await read('/security/hidden/panels.html');
    const seen = shown(page);
    const panels = ['DETAILS-SUMMARY', 'DETAILS', 'ACCORDION-TITLE', 'ACCORDION', 'COLLAPSE', 'TAB-SUMMER', 'TAB-WINTER', 'TAB-NIGHT'];
    for (const panel of panels) expect(seen, panel).toContain(`PANEL-${panel}:`);
    for (const visible of ['VISIBLE-INTRO', 'VISIBLE-OUTRO']) expect(seen).toContain(visible);
    for (const hidden of ['H-IN-DETAILS', 'H-ORPHAN-PANEL', 'H-HIDDEN-CONTROL']) expect(seen, hidden).not.toContain(hidden);
    expect(seen).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example/i);
  });

  it('leaves the live page as it was: the marks are on the copy read', async () => {
    const { html } = await read('/security/hidden/panels.html');
    expect(html).toContain('data-scout-panel="1"');
    expect(html).toContain('data-scout-hidden="1"');
    const left = await session.currentPage()?.evaluate(() => document.querySelectorAll('[data-scout-hidden],[data-scout-panel],[data-scout-marked]').length);
    expect(left).toBe(0);
  });
});
