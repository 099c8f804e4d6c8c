/**
 * Panels a script opens, read through the real reading session in Chromium: an
 * accordion's answers and a tab set's panes that a click handler shows (with nothing
 * pointing at them), and a carousel's slides out to the right of the one shown, are read
 * as the panels they are, while text hidden with no visible opener stays out. White text
 * over a photograph is read; white text on the white page is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { readPage } from '../../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../../src/browser/session/reading-session.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
let session: ReadingSession;
let seen = '';

beforeAll(async () => {
  web = await startFixtureWeb();
  session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0 });
  const load = await session.load(web.at('/security/hidden/script-panels.html'));
  expect(load.error).toBeUndefined();
  const page = readPage(load.html, load.url);
  seen = `${page.text}\n${page.links.map((l) => `${l.text} <${l.url}>`).join('\n')}`;
});

afterAll(async () => {
  await session.close();
  await web.close();
});

describe('panels opened by a script, read in Chromium', () => {
  it("reads a script accordion's answers, wrapped per item or not", () => {
    for (const panel of ['FAQ-ONE', 'FAQ-TWO', 'FAQ-THREE', 'FLAT-ONE', 'FLAT-TWO']) expect(seen, panel).toContain(`PANEL-${panel}:`);
  });

  it("reads an accordion's questions and answers inside a section a click opens", () => {
    for (const panel of ['NESTED-ONE', 'NESTED-TWO', 'NESTED-THREE', 'NESTED-FOUR']) expect(seen, panel).toContain(`PANEL-${panel}:`);
    expect(seen).toContain('Where can I park?');
  });

  it("reads a script tab set's hidden panes", () => {
    for (const panel of ['TAB-SPRING', 'TAB-SUMMER', 'TAB-AUTUMN']) expect(seen, panel).toContain(`PANEL-${panel}:`);
  });

  it('reads each copy of a component that repeats its ids', () => {
    for (const panel of ['COPY-ONE', 'COPY-TWO']) expect(seen, panel).toContain(`PANEL-${panel}:`);
  });

  it("reads a carousel's slides waiting to the right of the one shown", () => {
    for (const panel of ['SLIDE-TWO', 'SLIDE-THREE']) expect(seen, panel).toContain(`PANEL-${panel}:`);
    expect(seen).toContain('VISIBLE-QUOTE:');
  });

  it('reads a panel that fades its content in as it opens', () => {
    expect(seen).toContain('PANEL-FADE:');
  });

  it("reads text in the page's background colour when an image lies under it", () => {
    expect(seen).toContain('VISIBLE-OVER-IMAGE:');
  });

  it('drops hidden text with no visible opener, and text hidden on its own inside a panel', () => {
    for (const visible of ['VISIBLE-INTRO', 'VISIBLE-MIDDLE', 'VISIBLE-SLIDE', 'VISIBLE-CARD-ONE', 'VISIBLE-CARD-TWO', 'VISIBLE-NEIGHBOUR', 'VISIBLE-OUTRO']) expect(seen).toContain(visible);
    const hidden = ['LONE-ANSWER', 'ARIA-BLOCK', 'WHITE', 'OFFSCREEN', 'ZERO-SIZE', 'HIDDEN-HEADING-ONE', 'HIDDEN-HEADING-TWO', 'UNLABELLED-SLIDE', 'FADED-IN-PANEL', 'NESTED-NO-OPENER', 'FAR-RIGHT', 'IN-SHOWN-CARD'];
    for (const method of hidden) expect(seen, method).not.toContain(`H-${method} `);
    expect(seen).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example/i);
  });
});
