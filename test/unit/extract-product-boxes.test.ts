import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const product = (body: string) =>
  readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>Trail Jacket | Example Outfitters</title><script type="application/ld+json">{"@type":"Product","name":"Trail Jacket","offers":{"@type":"Offer","price":"129.00","priceCurrency":"USD"}}</script></head><body>${body}</body></html>`,
    'https://store.example/trail-jacket.html',
  );

const MENU = '<div class="navbar"><a href="/">Home</a> <a href="/men">Men</a> <a href="/women">Women</a> <a href="/sale">Sale</a></div>';
const DESCRIPTION =
  '<div class="product-info"><h2>Product description</h2>' +
  '<p>The shell is a recycled ripstop with a water-repellent finish, and the insulation keeps its warmth when wet.</p>' +
  '<p>Two zippered hand pockets and an inner chest pocket; the jacket packs down into the chest pocket for travel.</p>' +
  '<p>Cut for climbing: the shoulders and elbows are shaped for reaching, and the hem stays put under a harness.</p>' +
  '<p>Made in a Fair Trade Certified factory from fully traceable materials, and finished without any added fluorine.</p></div>';

describe("a product's title box in a holder named for a weak boilerplate word", () => {
  it('stays when it holds the h1 and a good share of the prose (a "sticky-navbar" buy box)', () => {
    const box =
      '<div class="offer-holder offer-holder-sticky-navbar"><h1>Trail Jacket</h1><span class="price">$229.00</span>' +
      '<p>A weather-resistant, lightweight and packable insulated layer, a favourite for daily use in town or at the crag.</p></div>';
    const read = product(MENU + '<div class="container">' + box + DESCRIPTION + '</div>');
    expect(read.markdown).toContain('packable insulated layer');
    expect(read.markdown).toContain('recycled ripstop');
  });

  it('goes when its h1 is a logo with no prose beside it', () => {
    const bar = '<div class="navbar"><h1><a href="/">Example Outfitters</a></h1><a href="/men">Men</a> <a href="/women">Women</a></div>';
    const read = product(bar + '<div class="container"><h2>Trail Jacket</h2><span>$229.00</span>' + DESCRIPTION + '</div>');
    expect(read.markdown).toContain('recycled ripstop');
    expect(read.markdown).not.toContain('Example Outfitters');
  });
});

describe('testimonials on a product page', () => {
  const TESTIMONIALS =
    '<div id="review_module" class="course-testimonials"><h2>What learners say</h2>' +
    '<div class="testimonials-comment"><p>The hands-on projects and real-world examples really helped the concepts sink in for me.</p></div>' +
    '<div class="testimonials-comment"><p>A concise introduction that still covers licensing and governance, which most courses skip.</p></div>' +
    '<div class="testimonials-comment"><p>I had little knowledge of the subject before, and now I can talk about it with some confidence.</p></article></div>';

  it('stay: quotes the seller chose to show, even in a region its template calls reviews', () => {
    const read = product('<main><h1>Trail Jacket</h1>' + DESCRIPTION + TESTIMONIALS + '</main>');
    expect(read.markdown).toContain('hands-on projects');
    expect(read.markdown).toContain('licensing and governance');
  });

  it('stay when each one is called a comment', () => {
    const read = product('<main><h1>Trail Jacket</h1>' + DESCRIPTION + TESTIMONIALS.replace('id="review_module" ', '') + '</main>');
    expect(read.markdown).toContain('hands-on projects');
  });

  it("customers' reviews still go", () => {
    const reviews =
      '<div id="reviews" class="product-reviews"><h2>Customer reviews</h2>' +
      '<div class="review"><p>Runs a little small, so order a size up if you like to layer a fleece underneath it.</p></div>' +
      '<div class="review"><p>Arrived quickly and the colour is exactly as pictured, very happy with this purchase.</p></div></div>';
    const read = product('<main><h1>Trail Jacket</h1>' + DESCRIPTION + reviews + '</main>');
    expect(read.markdown).toContain('recycled ripstop');
    expect(read.markdown).not.toContain('order a size up');
  });
});

describe('a Product that sells nothing', () => {
  // WCXB 2111: a pest-control firm declares itself a Product with only a rating, for review
  // stars in search results. Its home page is no product page, and its customers' words on it
  // are what the firm chose to show.
  const home = (ld: string) =>
    readPage(
      `<!doctype html><html><head><title>Pest-R-Us</title><script type="application/ld+json">${ld}</script></head><body><main>` +
        '<h1>Pest control you can trust</h1><p>We have kept homes and cafés across California free of ants, rodents and termites for over twenty years, with plans for every budget.</p>' +
        '<section class="testimonial-wr"><h3>What People Are Saying About Us</h3><div class="review-card"><p>We had a serious ant problem in our kitchen that just would not go away, and within a week the ants were completely gone.</p></div>' +
        '<div class="review-card"><p>I run a small café, and they set us up with a commercial plan; we have not had a single issue since.</p></div></section>' +
        '</main></body></html>',
      'https://pests.example/',
    );

  it('leaves the page what it is, with the customers it quotes', () => {
    const read = home('{"@type":"Product","name":"Pest-R-Us","aggregateRating":{"@type":"AggregateRating","ratingValue":"5","ratingCount":"5"}}');
    expect(read.pageType).not.toBe('product');
    expect(read.markdown).toContain('serious ant problem');
  });

  it('is a product once it has an offer', () => {
    const read = home('{"@type":"Product","name":"Pest-R-Us","offers":{"@type":"Offer","price":"99.00","priceCurrency":"USD"}}');
    expect(read.pageType).toBe('product');
    expect(read.markdown).not.toContain('serious ant problem');
  });
});
