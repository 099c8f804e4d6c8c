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
