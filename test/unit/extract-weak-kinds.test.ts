import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const page = (head: string, body: string) =>
  readPage(`<!doctype html><html><head><meta charset="utf-8"><title>Tidewater Outdoor</title>${head}</head><body>${body}</body></html>`, 'https://shop.example/');
const NAV = '<header><nav><a href="/">Home</a> <a href="/tents">Tents</a> <a href="/boots">Boots</a></nav></header>';
const GUIDE = [
  'Choosing a sleeping bag starts with the coldest night you expect, not the average one, because a bag that is too cold ruins a trip.',
  'Down packs smaller and lasts longer when it is cared for; synthetic fill keeps more of its warmth when it gets wet on a long trip.',
  'A mummy shape saves weight and keeps heat close to the body, while a rectangular bag leaves room to turn over in the night.',
  'Check the comfort rating rather than the limit rating: the limit is the temperature at which a sleeper survives, not sleeps well.',
  'Store the bag loose in a large cotton sack between trips, and wash it rarely, with a soap made for down or for synthetic fill.',
]
  .map((p) => `<p>${p}</p>`)
  .join('');

describe("a shop's category page", () => {
  const card = (n: number) =>
    `<li class="product-card"><a href="/p/${n}"><h3>Sleeping bag ${n}</h3></a><span class="price">$${150 + n}.00</span><button>Add to cart</button></li>`;
  const grid = `<ul class="product-grid">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(card).join('')}</ul>`;
  const category = page('', `${NAV}<main><h1>Sleeping bags</h1>${grid}<section class="guide"><h2>Buying guide</h2>${GUIDE}</section></main>`);

  it('is a listing even below a long buying guide: many priced cards and no price outside them', () => {
    expect(category.pageType).toBe('listing');
    for (const n of [1, 5, 10]) expect(category.markdown).toContain(`Sleeping bag ${n}`);
    expect(category.markdown).toContain('$160.00');
    expect(category.markdown).toContain('comfort rating');
  });

  it('stays a product page when its own price stands outside a row of priced recommendations', () => {
    const product = page(
      '',
      `${NAV}<main><h1>Sleeping bag 1</h1><p class="price">$151.00</p><button>Add to cart</button>${GUIDE}<h2>You may also like</h2>${grid}</main>`,
    );
    expect(product.pageType).toBe('product');
  });
});

describe('a short story under a long discussion', () => {
  const sentence = 'Moving the kernel to a newer language would take years of careful review, and the gain has to be worth it. ';
  const comment = (n: number) =>
    `<li class="comment"><div class="comment-author">reader${n}</div><time>Jan 12, 2024</time><p>Comment ${n}: ${sentence.repeat(7)}</p></li>`;
  const story = `<p>${'A proposal to compile the kernel with a newer compiler was posted to the list this week, and it drew many replies. '.repeat(8)}</p>`;
  const thread = page('', `${NAV}<main><h1>Kernel language proposal</h1>${story}<ul class="comments">${Array.from({ length: 30 }, (_, i) => comment(i + 1)).join('')}</ul></main>`);

  it('is a discussion when its comments outweigh the story twenty times over, and keeps them', () => {
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown).toContain('Comment 30:');
  });

  it('is an article with comments when the story is a real article', () => {
    const article = page('', `${NAV}<main><h1>Kernel language proposal</h1>${story.repeat(4)}<ul class="comments">${Array.from({ length: 30 }, (_, i) => comment(i + 1)).join('')}</ul></main>`);
    expect(article.pageType).not.toBe('forum');
  });
});

describe('customer reviews under a product', () => {
  const review = (who: string, text: string) =>
    `<li class="review"><div class="review-author">${who}</div><time>March 4, 2026</time><h5>Five stars</h5><p>${text}</p></li>`;
  const reviews = [
    review('iggy', 'Excellent sound and noise cancellation, the case fits in any pocket and the battery lasts all day long.'),
    review('mara', 'They sit well in the ear, even on a long run, and pairing with the phone took only a few seconds.'),
    review('tom', 'Calls are clear on both ends; the transparency mode is good enough to talk to the cashier at the shop.'),
    review('una', 'I lost one bud after a month; the replacement was quick, but it was not cheap, so keep them in the case.'),
    review('vic', 'Great for flights: the engines fade away and the audio stays clean at low volume for hours on end.'),
  ].join('');
  const product = page(
    '<meta property="og:type" content="product">',
    `${NAV}<main><h1>Wireless earbuds</h1><p>£179.00</p><p>Active noise cancellation, six hours of listening and a case that charges them four times over.</p>
    <section id="customer-reviews"><h2>Top reviews</h2><ul class="review-list">${reviews}</ul></section></main>`,
  );

  it('leave the page a product, and go', () => {
    expect(product.pageType).toBe('product');
    expect(product.markdown).toContain('Active noise cancellation');
    expect(product.markdown).not.toContain('engines fade away');
  });
});

describe("a section's own header", () => {
  it('is content on a landing page; the page banner and a teaser card header are not', () => {
    const section = (title: string, text: string) => `<section><header><h2>${title}</h2><p>${text}</p></header><p>Works on every device you own.</p></section>`;
    const landing = page(
      '',
      `<header class="site"><a href="/">Tidewater</a> <a href="/login">Log in</a></header><main>
      ${section('Lightning fast screen recording', 'Record your screen and camera in two clicks, from the browser, the desktop app or your phone.')}
      ${section('Edit like a pro', 'Trim, stitch clips and add backgrounds, text and arrows before you share the video with anyone.')}
      ${section('Share anywhere', 'Paste a link into any chat, mail or document and the video plays right there for the people you send it to.')}
      <article><header><p>Read the story of a distributed team that replaced its meetings with short videos this year.</p></header></article>
      </main>`,
    );
    expect(landing.markdown).toContain('Record your screen and camera in two clicks');
    expect(landing.markdown).toContain('Trim, stitch clips');
    expect(landing.markdown).not.toContain('Log in');
    expect(landing.markdown).not.toContain('Read the story');
  });
});

describe('feature tiles made into links whole', () => {
  it('are the content of a landing page that is no article', () => {
    const tile = (title: string, text: string) => `<a class="tile" href="/${title.toLowerCase().replace(/\W+/g, '-')}"><h3>${title}</h3><p>${text}</p></a>`;
    const landing = page(
      '',
      `<div class="wrap"><div class="intro"><h1>Cyber security</h1><p>Security is a business priority, not only a job for the people who run your servers and laptops.</p><p>Boards ask about it in every meeting now, and customers ask about it before they sign anything with you.</p></div>
      <div class="tiles">
        ${tile('Cyber strategy', 'Design and run a secure business strategy that protects value and the trust of your customers.')}
        ${tile('Cyber resilience', 'Respond quickly to threats nobody has seen yet and to new rules, with operations that scale.')}
        ${tile('Cyber protection', 'Modernize your defences while you move to the cloud, the time when attackers find the most gaps.')}
        ${tile('Managed security', 'Let our teams watch your systems day and night, and answer an incident within the hour.')}
      </div></div>`,
    );
    expect(landing.pageType).toBe('page');
    expect(landing.markdown).toContain('Respond quickly to threats nobody has seen yet');
    expect(landing.markdown).toContain('answer an incident within the hour');
  });
});
