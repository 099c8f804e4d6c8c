import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/page-text.js';

const read = (name: string) => readPage(readFileSync(new URL(`../fixtures/web/reading/${name}`, import.meta.url), 'utf8'), `https://shop.example/${name}`);

describe('a forum thread', () => {
  const page = read('forum.html');

  it('is detected as a forum', () => expect(page.pageType).toBe('forum'));

  it('keeps every post with its author line, short replies included', () => {
    for (const author of ['marta May 2, 2024', 'oskar May 2, 2024', 'marta May 3, 2024', 'lin May 4, 2024']) expect(page.markdown).toContain(author);
    expect(page.markdown).toContain('Where should I look first?');
    expect(page.markdown).toContain('the leak is on the suction side');
    expect(page.markdown).toContain('Thanks, that narrowed it down!');
    expect(page.markdown).toContain('A new valve cost 18 euros and fixed it.');
    expect(page.markdown).toContain('# Pump primes but loses pressure overnight');
  });

  it('drops navigation, suggested topics and the footer', () => {
    for (const gone of ['Latest', 'Categories', 'Suggested topics', 'Drip irrigation', 'Powered by']) expect(page.markdown, gone).not.toContain(gone);
  });
});

describe('a product page', () => {
  const page = read('product.html');

  it('is detected as a product', () => expect(page.pageType).toBe('product'));

  it('keeps name, price, description and the specs table', () => {
    expect(page.markdown).toContain('# Trail 25 Daypack');
    expect(page.markdown).toContain('$99.95');
    expect(page.markdown).toContain('ventilated back panel');
    expect(page.markdown).toContain('| Weight | 1.1 kg |');
    expect(page.markdown).toContain('| Torso fit | 41–51 cm |');
  });

  it('drops the recommendation carousel, reviews, menus and the cart form', () => {
    for (const gone of ['You may also like', 'Trail 40 Pack', 'Customer reviews', 'twelve mile hike', 'Sale', 'Add to cart', 'Free shipping']) {
      expect(page.markdown, gone).not.toContain(gone);
    }
  });
});

describe('a listing', () => {
  const page = read('listing.html');

  it('is detected as a listing', () => expect(page.pageType).toBe('listing'));

  it("keeps every item's title and one-line summary", () => {
    expect(page.markdown).toContain('# Hiking boots');
    for (const title of ['Ridge Mid GTX', 'Ridge Low', 'Tundra Winter', 'Canyon Light', 'Alpine Pro', 'Forest Kids', 'Scree Approach', 'Moor Wellington']) {
      expect(page.markdown, title).toContain(title);
    }
    expect(page.markdown).toContain('Insulated to minus twenty degrees.');
    expect(page.markdown).toContain('$260.00');
  });

  it('drops filters, menus and the footer', () => {
    for (const gone of ['Filter', 'Brand A', 'Waterproof\n', 'Women', 'Customer service']) expect(page.markdown, gone).not.toContain(gone);
  });
});

describe('a documentation page', () => {
  const page = read('docs.html');

  it('is detected as documentation', () => expect(page.pageType).toBe('documentation'));

  it('keeps prose, inline code, code blocks and the settings table', () => {
    expect(page.markdown).toContain('reads its settings from `tidewater.toml`');
    expect(page.markdown).toContain('```\n[server]\nport = 8080\nworkers = 4\n```');
    expect(page.markdown).toContain('| port | 8080 | TCP port to listen on |');
    expect(page.markdown).toContain('TIDEWATER_PORT=9090 tidewater serve');
  });

  it('drops the sidebar of doc links and the footer', () => {
    for (const gone of ['Installation', 'API reference', 'FAQ', 'Imprint']) expect(page.markdown, gone).not.toContain(gone);
  });
});
