import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

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

const page = (head: string, body: string) =>
  readPage(`<!doctype html><html><head><meta charset="utf-8"><title>Tidewater</title>${head}</head><body>${body}</body></html>`, 'https://tidewater.example/');
const OG_ARTICLE = '<meta property="og:type" content="article">';
const NAV = '<header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/docs">Docs</a></nav></header>';
const teaser = (n: number) => `<li class="story"><a href="/blog/${n}"><h3>Release notes ${n}</h3></a><p>What changed.</p></li>`;

describe('a landing page that does not declare itself an article', () => {
  const landing = page(
    '',
    `${NAV}<main>
      <section class="hero-banner"><h1>Static hosting that scales</h1><p>Deploy your site with one command and let it grow on its own, across every region we run.</p><a class="btn btn-primary" href="/signup">Start free</a></section>
      <section><h2>Every plan includes</h2><p>Unlimited sites</p><p>Free TLS certificates</p><p>Preview deploys for each branch of your repository, with their own address.</p></section>
      <section><h2>Works with your framework</h2><ul class="frameworks"><li><a href="/docs/astro">Astro guide</a></li><li><a href="/docs/hugo">Hugo guide</a></li><li><a href="/docs/eleventy">Eleventy guide</a></li></ul></section>
      <ul class="more-posts">${teaser(1)}${teaser(2)}${teaser(3)}</ul>
      <form action="/notify"><p>Tell me when the Frankfurt region opens.</p><input name="email"><button>Notify me</button></form>
      <div class="fixed bottom-0 inset-x-0"><p>Chat with our team: we usually answer within a few minutes.</p></div>
    </main>`,
  );

  it('is a page', () => expect(landing.pageType).toBe('page'));

  it('keeps the hero, short feature lines and the list of links that is part of what it offers', () => {
    expect(landing.markdown).toContain('Deploy your site with one command');
    expect(landing.markdown).toContain('Unlimited sites');
    expect(landing.markdown).toContain('Free TLS certificates');
    expect(landing.markdown).toContain('Hugo guide');
  });

  it('drops button links, teaser lists, small forms and fixed overlays', () => {
    for (const gone of ['Start free', 'Release notes', 'Frankfurt region', 'Chat with our team']) expect(landing.markdown, gone).not.toContain(gone);
  });
});

describe('what a page declares about itself', () => {
  const post = (author: string, text: string) =>
    `<li class="comment"><div class="comment-author">${author}</div><time>May 2, 2024</time><p>${text}</p></li>`;
  const comments = [
    post('ana', 'The timetable for the winter season is already online, and the night train now stops in Salzburg as well.'),
    post('ben', 'I took it last week: the couchettes are new, the staff was friendly and we arrived twenty minutes early.'),
    post('cai', 'Does anyone know whether bicycles can be taken on board, or do they need to be sent ahead separately?'),
    post('dan', 'Bicycles go in a separate car, and you have to book a space for them when you buy the ticket online.'),
    post('eva', 'Food on board is simple but good: soup, bread and a breakfast tray that comes with the couchette ticket.'),
    post('fin', 'The sleeper cars have showers now, at least on the route to Vienna, which makes the long ride much better.'),
    post('gus', 'Booking opens ninety days ahead; weekends in December sell out within a few days, so plan early this year.'),
  ].join('');
  const lead =
    '<p>Open thread: ask anything about night trains this winter, from bookings to bicycles and food on board.</p>' +
    '<p>Our editors will answer in the comments below, and we collect the best questions for a follow-up story next month.</p>' +
    '<p>Questions about other routes are welcome too, as long as they concern trains that run at night.</p>';

  it('keeps comments under a declared article out, even when they outweigh the article', () => {
    const article = page(OG_ARTICLE, `<main><h1>Open thread</h1>${lead}<ol class="comment-list">${comments}</ol></main>`);
    expect(article.pageType).toBe('article');
    expect(article.markdown).toContain('ask anything about night trains');
    expect(article.markdown).not.toContain('couchettes are new');
  });

  it('reads a declared article that is only a link above its comments as a discussion', () => {
    const thread = page(OG_ARTICLE, `<main><h1><a href="https://rail.example/">Night trains are back</a></h1><ol class="comment-list">${comments}</ol></main>`);
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown).toContain('couchettes are new');
  });

  it('reads a declared discussion as a forum even when its posts are hard to make out', () => {
    const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Pump"}</script>';
    const thread = page(ld, `<main><h1>Pump loses pressure</h1><div><p>My pump loses pressure every night, and the foot valve is new. What else could it be?</p></div><div><p>Check the pressure switch and the tank bladder: a torn bladder empties the tank slowly overnight.</p></div></main>`);
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown).toContain('torn bladder');
  });
});

describe('listings, products and threads, beyond the fixtures', () => {
  const card = (n: number, badge: string) =>
    `<div class="card"><a href="/p/${n}"><h3>Tent ${n}</h3></a><p>Sleeps ${n} people, weighs two kilos and pitches in five minutes.</p><span class="badge">${badge}</span><span>$${100 + n}.00</span></div>`;
  const cards = [1, 2, 3, 4, 5, 6].map((n) => card(n, n % 2 === 0 ? 'Staff pick' : 'New')).join('');

  it("keeps a listing's introduction outside its grid, and badges that several items share", () => {
    const listing = page('', `${NAV}<main><h1>Tents</h1><p class="intro">Every tent is tested on three continents before we sell it.</p><div class="grid">${cards}</div></main>`);
    expect(listing.pageType).toBe('listing');
    expect(listing.markdown).toContain('tested on three continents');
    expect(listing.markdown.match(/Staff pick/g)).toHaveLength(3);
  });

  it('keeps a listing whose template calls it related products', () => {
    const listing = page('', `${NAV}<main><h1>Tents</h1><section class="related-products"><div class="grid">${cards}</div></section></main><footer><p>All prices include tax.</p></footer>`);
    expect(listing.markdown).toContain('Tent 6');
  });

  it("keeps a product's own FAQ, drops customer reviews", () => {
    const product = page(
      '<meta property="og:type" content="product">',
      `<main><h1>Trail 25 Daypack</h1><p>A light daypack with a ventilated back panel and two side pockets for bottles.</p><p>$99.95</p>
      <section class="faq"><h2>FAQ</h2><p>Does it fit a hydration bladder? Yes, up to three litres, in the sleeve behind the back panel.</p></section>
      <section class="reviews"><h2>Customer reviews</h2><p>Great pack, my back stayed dry the whole hike and the hip belt never slipped.</p></section></main>`,
    );
    expect(product.markdown).toContain('up to three litres');
    expect(product.markdown).not.toContain('my back stayed dry');
  });

  it("drops a forum member's statistics, keeps each post's date even when posts share it", () => {
    const reply = (who: string, text: string) =>
      `<article class="message"><div class="message-user"><a class="username" href="/u/${who}">${who}</a><div class="extraUserInfo"><dl><dt>Messages:</dt><dd>1,046</dd></dl></div></div><div class="message-main"><div class="message-date">Posted May 2, 2024</div><div class="message-body"><p>${text}</p></div></div></article>`;
    const thread = page(
      '',
      `<main><h1>Pump loses pressure</h1><div class="messages">${reply('marta', 'My pump loses pressure every night although the foot valve is new.')}${reply('oskar', 'Check the pressure switch first, then the bladder in the tank.')}${reply('lin', 'A torn bladder empties the tank slowly overnight, so that is my bet.')}</div></main>`,
    );
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown).not.toContain('1,046');
    expect(thread.markdown.match(/Posted May 2, 2024/g)).toHaveLength(3);
  });

  const post = (who: string, body: string, extra = '') =>
    `<article class="message"><div class="message-user"><a class="username" href="/u/${who}">${who}</a></div><div class="message-body">${body}</div>${extra}</article>`;

  it('drops the counts, member statistics, edit notes and sign-in prompt around posts', () => {
    const thread = page(
      '',
      `<main><h1>Pump loses pressure</h1><div class="messages">${post('marta', '<p>My pump loses pressure every night although the foot valve is new, the pipes were checked last spring and the switch was replaced in May.</p><p>Posts: 1,046</p><p>Last edited: May 3, 2024</p>', '<div>#1</div><div>3 Likes</div>')}${post('oskar', '<p>Check the pressure switch first, then the bladder in the tank, then every joint of the pipe between the well and the house, since a slow leak hides easily.</p>', '<div>#2</div><div>12</div>')}${post('lin', '<p>A torn bladder empties the tank slowly overnight, so that is my bet after many years of fixing these pumps in old farmhouses around here.</p>', '<div>#3</div>')}</div><p>You must log in or register to reply here.</p></main>`,
    );
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown).toContain('pressure switch');
    for (const chrome of ['1,046', 'Last edited', '#2', '3 Likes', '12', 'log in']) expect(thread.markdown).not.toContain(chrome);
  });

  it('drops a quote of a post shown above it, keeps a quote of something the page does not show', () => {
    const first = 'My pump loses pressure every night although the foot valve is new, the pipes were checked last spring and the switch was replaced in May.';
    const thread = page(
      '',
      `<main><h1>Pump loses pressure</h1><div class="messages">${post('marta', `<p>${first}</p>`)}${post('oskar', `<blockquote><div>marta said:</div><p>${first}</p></blockquote><p>Check the pressure switch first, then the bladder in the tank, then every joint of the pipe between the well and the house, since a slow leak hides easily.</p>`)}${post('lin', '<blockquote><p>Bladders tear after about seven years of service.</p></blockquote><p>So the manual says; a torn bladder is my bet, and it empties the tank slowly overnight without any water showing on the floor.</p>')}</div></main>`,
    );
    expect(thread.pageType).toBe('forum');
    expect(thread.markdown.split(first)).toHaveLength(2);
    expect(thread.markdown).not.toContain('marta said');
    expect(thread.markdown).toContain('seven years of service');
  });

  it('drops the comments under the answers of a Q&A page, keeps the answers', () => {
    const ld = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage","mainEntity":{"@type":"Question","name":"Pump"}}</script>';
    const answer = (text: string, comment: string) =>
      `<div class="answer"><div class="post-signature"><a class="user-details" href="/u/1">ana</a><time>May 2, 2024</time></div><div class="answer-body"><p>${text}</p></div><div class="comments"><ul><li class="comment"><span>${comment}</span> – <a href="/u/2">bo</a></li></ul></div></div>`;
    const qa = page(
      ld,
      `<main><h1>Why does my pump lose pressure?</h1><div class="question"><p>My pump loses pressure every night although the foot valve is new.</p></div><div id="answers">${answer('Check the pressure switch first, then the bladder in the tank, then every joint of the pipe between the well and the house, since a slow leak hides easily.', 'Did that, it is fine.')}${answer('A torn bladder empties the tank slowly overnight, so that is my bet after many years of fixing these pumps in old farmhouses around here.', 'How old is the tank?')}${answer('Look for a leak in the pipe to the house, where the ground stays wet even in a dry summer, which is the surest sign of a leak.', 'Good point, thanks.')}</div></main>`,
    );
    expect(qa.pageType).toBe('forum');
    expect(qa.markdown).toContain('torn bladder');
    expect(qa.markdown).not.toContain('How old is the tank');
  });
});
