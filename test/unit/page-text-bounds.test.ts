/**
 * A page over the parse cap (MAX_HTML_CHARS) keeps its text: what is never read goes
 * before the cut. Seen on a Shopify collection page (WCXB 0632) read through Chromium:
 * its product grid carries the catalogue as JSON in a data attribute, which the rendered
 * DOM serialises with every quote as &quot; (3.4 MB past its scripts), so the cut fell
 * before the products.
 */
import { describe, expect, it } from 'vitest';
import { MAX_HTML_CHARS, readPage } from '../../src/browser/read/page-text.js';

const blob = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ id: i, title: `Linen shirt ${i}`, handle: `linen-shirt-${i}` })))
  .replace(/"/g, '&quot;');

describe('a page over the parse cap', () => {
  it('drops data attributes holding state before the cut, and reads the products after them', () => {
    const cards = Array.from({ length: 12 }, (_, i) => `<li><h3><a href="/p/${i}">Washed linen shirt, colour ${i + 1}</a></h3><p>Relaxed fit, breathable stone-washed linen, mother-of-pearl buttons.</p></li>`).join('');
    const html = `<!doctype html><html><head><title>Shirts</title></head><body><main><h1>Linen shirts</h1>
      <div class="grid" data-collection-object="${blob}" data-section-id="grid"><ul>${cards}</ul></div></main></body></html>`;
    expect(html.length).toBeGreaterThan(MAX_HTML_CHARS);
    const { markdown } = readPage(html, 'https://shop.example/collections/shirts', { maxChars: Number.MAX_SAFE_INTEGER });
    expect(markdown).toContain('Washed linen shirt, colour 1');
    expect(markdown).toContain('Washed linen shirt, colour 12');
  });
});
