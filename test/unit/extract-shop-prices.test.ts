import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

// WooCommerce prints a sale price as the struck-through and the new amount hidden from screen
// readers, each followed by a sentence for screen readers that sighted readers never see.
const salePrice = (was: number, now: number) =>
  `<span class="price"><del aria-hidden="true"><span class="amount"><bdi><span>$</span>${was}.00</bdi></span></del> ` +
  `<span class="screen-reader-text">Original price was: $${was}.00.</span>` +
  `<ins aria-hidden="true"><span class="amount"><bdi><span>$</span>${now}.00</bdi></span></ins>` +
  `<span class="screen-reader-text">Current price is: $${now}.00.</span></span>`;

const card = (n: number) =>
  `<li class="product"><a href="/p/${n}"><img src="/p${n}.jpg" alt=""></a><h3><a href="/p/${n}">Gear bag ${n}</a></h3>` +
  `<div class="short-description">A roll-top bag for the roof rack.</div>${salePrice(100 + n, 70 + n)}</li>`;

describe("a shop's sale prices", () => {
  const read = readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>Outdoor gear</title></head><body><main><h1>Outdoor gear</h1><ul class="products">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul></main></body></html>`,
    'https://shop.example/outdoor-gear/',
  );

  it('keep the prices on screen, hidden from screen readers only because a spoken twin follows', () => {
    expect(read.markdown).toContain('$101.00');
    expect(read.markdown).toContain('$71.00');
    expect(read.markdown).not.toContain('Original price was');
  });

  it('still drop what is hidden from screen readers with no twin (a duplicate copy)', () => {
    const page = readPage(
      `<!doctype html><html><head><title>Copy</title></head><body><main>${'<p>The store opens at nine every day of the week except public holidays, when it stays closed all day.</p>'.repeat(6)}<div aria-hidden="true">Duplicate line for the mobile layout</div></main></body></html>`,
      'https://shop.example/',
    );
    expect(page.markdown).not.toContain('Duplicate line');
  });
});
