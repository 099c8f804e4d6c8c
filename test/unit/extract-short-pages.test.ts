import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

// A shop's product page whose own words are few (a special-order item: title, codes, price),
// under a masthead of promotions the page marks neither as a header nor as navigation.
const PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Roadcase</title>' +
  '<script type="application/ld+json">{"@type":"Product","name":"Roadcase","offers":{"@type":"Offer","price":"1772.00","priceCurrency":"USD"}}</script></head><body>' +
  '<div class="top"><a href="/explora">News, Tips &amp; Reviews</a> <a href="/gift">Gift Cards</a> <a href="/deals">Deal Zone</a> ' +
  '<a href="/account">Account &amp; Orders</a> <a href="/cart">My Cart</a></div>' +
  '<div class="product"><div class="name"><h1>Portman P1 Roadcase for 4 Units</h1><a href="/share">Share this item</a> ' +
  '<a href="/print">Print this page</a> <a href="/brand/portman">Portman Lights Authorized Dealer</a></div>' +
  '<div class="buy"><span>Special Order, ships in 2-4 weeks</span><div>$1,772.00</div><div>Add a protection plan from $79.99</div></div></div>' +
  '</body></html>';

describe('a page whose selection says next to nothing', () => {
  it("widens to the region around the page's heading, not to the whole page with its masthead", () => {
    const md = readPage(PAGE, 'https://shop.example/p/1').markdown;
    expect(md).toContain('Portman P1 Roadcase');
    expect(md).toContain('$1,772.00');
    expect(md).not.toContain('Deal Zone');
    expect(md).not.toContain('Gift Cards');
  });
});
