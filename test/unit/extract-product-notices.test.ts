import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const product = (body: string) =>
  readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>Frontier Rails</title><script type="application/ld+json">{"@type":"Product","name":"Frontier Rails","offers":{"@type":"Offer","price":"19.99","priceCurrency":"USD"}}</script></head><body><main>${body}</main></body></html>`,
    'https://store.example/app/1',
  );

const ABOUT =
  '<h1>Frontier Rails</h1><h2>About this game</h2>' +
  '<p>Build a railway across a continent in the 1870s, one contract at a time, while rival companies race you to every town and every mine.</p>' +
  '<p>Each map is drawn from surveys of the period, and each season changes what your crews can lay and what the towns will pay for it.</p>';
const LEGAL =
  '<div id="game_area_legal"><p>Software license terms in game and at www.example.com/eula; online account terms at www.example.com/terms. ' +
  'Frontier Rails and the Frontier logo are marks of Example Games, Inc. All other marks are the property of their respective owners.</p></div>';

describe("a product page's legal notice", () => {
  it('goes: a region named for it (its last word is "legal") is boilerplate like a footer', () => {
    const read = product(ABOUT + LEGAL);
    expect(read.markdown).toContain('Build a railway');
    expect(read.markdown).not.toContain('license terms');
  });

  it('stays when "legal" only qualifies the thing a class names (shipping terms)', () => {
    const shipping = '<div class="labels-values--legalShipping"><p>Ships within two days from Ohio by ground freight.</p></div>';
    expect(product(ABOUT + shipping).markdown).toContain('Ships within two days');
  });
});
