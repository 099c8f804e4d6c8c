import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

// Blog themes declare every page an article (og:type), their front page too.
const page = (body: string) =>
  readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>The Forge Blog</title><meta property="og:type" content="article"></head><body>${body}</body></html>`,
    'https://blog.example/',
  );

const post = (n: number, topic: string) =>
  `<li class="post"><article class="post-card"><img src="/t${n}.png" alt=""><a href="/topics/${topic}">${topic}</a>` +
  `<h3><a href="/p/${n}">Post ${n}: how we rebuilt the ${topic} pipeline</a></h3>` +
  `<p>Summary ${n}: what broke in the ${topic} pipeline last winter, what we measured, and the three changes that made it fast again.</p>` +
  `<p>Author ${n}, March ${n}, 2026</p></article></li>`;

const section = (title: string, from: number) =>
  `<section><h2>${title}</h2><ul class="posts">${[from, from + 1, from + 2].map((n) => post(n, title.toLowerCase())).join('')}</ul></section>`;

describe("a blog's front page declared an article", () => {
  const front = page(`<main><h1>The Forge Blog</h1>${section('Security', 1)}${section('Engineering', 4)}${section('Careers', 7)}</main>`);

  it('is a listing when its prose is mostly the summaries of its post cards, and keeps every post', () => {
    expect(front.pageType).toBe('listing');
    for (const n of [1, 5, 9]) {
      expect(front.markdown).toContain(`Post ${n}:`);
      expect(front.markdown).toContain(`Summary ${n}:`);
    }
  });

  it('stays an article when the article carries the prose and the teasers are bare titles', () => {
    const menu = `<ul class="menu-cards">${[1, 2, 3, 4].map((n) => `<li><a href="/p/${n}"><img src="/t${n}.png" alt=""><h3>Post ${n}</h3></a></li>`).join('')}</ul>`;
    const prose = 'We moved the build to a cache shared by every runner, and the median pipeline fell from eleven minutes to four. ';
    const article = page(`${menu}<main><h1>Faster builds</h1><p>${prose.repeat(6)}</p><p>${prose.repeat(5)}</p></main>`);
    expect(article.pageType).toBe('article');
  });
});

describe("a listing's items", () => {
  const paper = (n: number) =>
    `<li class="entry"><h3><a href="/abs/${n}">Paper ${n}: planning with small language models</a></h3>` +
    `<div class="authors">Author ${n}, Coauthor ${n}</div><div class="list-comments">Comments: ${10 + n} pages, ${n} figures</div></li>`;
  const read = readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>Recent submissions</title></head><body><main><h1>Recent submissions</h1><ul class="entries">${[1, 2, 3, 4, 5, 6].map(paper).join('')}</ul></main></body></html>`,
    'https://papers.example/list/recent',
  );

  it('keep a "comments" line inside each item: a fact about the item, not a comment thread', () => {
    expect(read.pageType).toBe('listing');
    expect(read.markdown).toContain('Comments: 13 pages, 3 figures');
  });
});

describe('around a listing', () => {
  const shop = (body: string) =>
    readPage(`<!doctype html><html><head><meta charset="utf-8"><title>Desk lamps</title></head><body><main><h1>Desk lamps</h1>${body}</main></body></html>`, 'https://shop.example/c/lamps');
  const card = (n: number) =>
    `<li class="card"><h3><a href="/p/${n}">Lamp ${n}</a></h3><p>Brass arm, warm light, dimmer ${n}</p><p>Rated ${n} of 5 by buyers</p></li>`;
  const grid = `<ul class="cards">${[1, 2, 3, 4, 5, 6].map(card).join('')}</ul>`;

  it('drops a block of bare links below the items ("popular searches"), and keeps the items', () => {
    const searches = ['Floor lamps', 'Pendant lights', 'Wall sconces', 'Table lamps', 'Reading lights'];
    const read = shop(`${grid}<h2>Popular searches</h2><ul class="searches">${searches.map((s) => `<li><a href="/s/${s}">${s}</a></li>`).join('')}</ul>`);
    expect(read.pageType).toBe('listing');
    expect(read.markdown).toContain('Lamp 6');
    expect(read.markdown).not.toContain('Pendant lights');
  });

  it('keeps bare links above the items (the subcategories a listing opens with) and cards below them', () => {
    const subs = ['Brass lamps', 'Clamp lamps', 'LED lamps'];
    const more = `<h2>Also in stock</h2><ul class="more">${[7, 8, 9].map((n) => `<li><a href="/p/${n}"><h4>Lamp ${n}</h4></a></li>`).join('')}</ul>`;
    const read = shop(`<ul class="subcategories">${subs.map((s) => `<li><a href="/c/${s}">${s}</a></li>`).join('')}</ul>${grid}${more}`);
    expect(read.markdown).toContain('Clamp lamps');
    expect(read.markdown).toContain('Lamp 8');
  });

  it('says a paragraph the page repeats (a mobile and a desktop copy of its introduction) once', () => {
    const intro = '<p>Our desk lamps are made in a small workshop, tested for a year of daily use, and sold with spare bulbs.</p>';
    const big = `<ul class="cards">${Array.from({ length: 20 }, (_, i) => card(i + 1)).join('')}</ul>`;
    const read = shop(`<div class="intro-mobile">${intro}</div>${big}<div class="intro-desktop">${intro}</div>`);
    expect(read.pageType).toBe('listing');
    expect(read.markdown.split('made in a small workshop').length - 1).toBe(1);
    // Short lines shared by items still repeat: each item says its own.
    expect(read.markdown.split('Brass arm, warm light').length - 1).toBe(20);
  });
});

describe("a blog's category page of picture-and-title cards under an introduction", () => {
  const intro =
    '<p>Welcome! Here is a long list of every post I wrote for beginners, starting with the basics of cutting waste at home and moving on to the habits that make it last.</p>' +
    '<p>If you are looking for something more specific use the search bar or head over to the archives, where there are hundreds of posts full of tips for every room of the house.</p>' +
    '<p>Click on the pictures to read the full post or save the articles for later.</p>';
  const card = (n: number) =>
    `<article class="excerpt post-${n}"><div class="thumb"><a href="/blog/p${n}/"><img src="/p${n}.jpg" alt="Post ${n}"></a></div>` +
    `<header class="excerpt-header"><h2 class="excerpt-title"><a href="/blog/p${n}/">Beginner post ${n}: a swap for the kitchen</a></h2></header></article>`;
  const read = readPage(
    `<!doctype html><html><head><meta charset="utf-8"><title>Beginners</title><meta property="og:type" content="article"></head><body>` +
      `<div class="content"><h1>Beginners</h1><div class="description">${intro}</div><div class="posts">${Array.from({ length: 10 }, (_, i) => card(i + 1)).join('')}</div></div></body></html>`,
    'https://blog.example/category/beginners/',
  );

  it('is a listing: many <article> teasers and no article of its own', () => {
    expect(read.pageType).toBe('listing');
  });

  it("keeps each card's title, though it sits in the card's <header> and no text follows it", () => {
    for (const n of [1, 5, 10]) expect(read.markdown).toContain(`Beginner post ${n}: a swap for the kitchen`);
    expect(read.markdown).toContain('Here is a long list of every post');
  });
});

describe("a news front page's cards, each stamped with its age", () => {
  const card = (n: number, age: string) =>
    `<li class="post"><article class="post-card"><h3><a href="/p/${n}">Story ${n}: the harbour opens a night ferry line</a></h3>` +
    `<p>Summary ${n}: the crossing takes forty minutes and runs every hour, also on Sundays and holidays.</p><time>${age}</time></article></li>`;
  const front = page(`<main><h1>Latest</h1><ul class="posts">${['5 hours ago', '15 hours ago', '2 days ago', '3 days ago', '1 week ago', '4 weeks ago'].map((age, i) => card(i + 1, age)).join('')}</ul></main>`);

  it("is read without the ages, which say nothing once the text is read elsewhere, and keeps every story", () => {
    expect(front.pageType).toBe('listing');
    expect(front.markdown).toContain('Story 6:');
    expect(front.markdown).not.toMatch(/\bago\b/);
  });
});
