import { describe, expect, it } from 'vitest';
import { cleanLink, extractLinks } from '../../src/browser/read/links.js';

const PAGE = 'https://news.example/world/2025/story.html?page=1';

describe('cleanLink', () => {
  it('resolves relative URLs against the page', () => {
    expect(cleanLink('../science/comets.html', PAGE)).toBe('https://news.example/world/science/comets.html');
    expect(cleanLink('/about', PAGE)).toBe('https://news.example/about');
    expect(cleanLink('//cdn.example/page', PAGE)).toBe('https://cdn.example/page');
  });

  it('keeps http(s) only', () => {
    expect(cleanLink('mailto:desk@news.example', PAGE)).toBeNull();
    expect(cleanLink('javascript:void(0)', PAGE)).toBeNull();
    expect(cleanLink('tel:+331234', PAGE)).toBeNull();
    expect(cleanLink('ftp://files.example/a', PAGE)).toBeNull();
  });

  it('drops fragments and tracking parameters but keeps real ones', () => {
    expect(cleanLink('/a?id=3&utm_source=x&utm_medium=y#comments', PAGE)).toBe('https://news.example/a?id=3');
    expect(cleanLink('/a?fbclid=abc&gclid=def&msclkid=1&q=comets', PAGE)).toBe('https://news.example/a?q=comets');
    expect(cleanLink('#top', PAGE)).toBeNull();
  });

  it('drops images, feeds, binaries, share endpoints and logout links', () => {
    for (const href of ['/img/photo.JPG', '/feed/', '/rss.xml', '/files/report.zip', '/setup.exe', '/logout', '/account/sign-out?next=/', 'https://social.example/sharer.php?u=1']) {
      expect(cleanLink(href, PAGE), href).toBeNull();
    }
  });

  it('does not cut long article URLs', () => {
    const long = 'https://news.example/world/2025/03/14/the-long-and-winding-road-of-a-very-descriptive-article-slug-that-goes-on';
    expect(long.length).toBeGreaterThan(72);
    expect(cleanLink(long, PAGE)).toBe(long);
  });
});

describe('extractLinks', () => {
  const html = `<html><head><title>t</title></head><body>
    <a href="/a">First</a>
    <a href="/a#again">First again</a>
    <a href="/b"><img src="/b.png" alt="Picture link"></a>
    <a href="/c" style="display:none">Hidden</a>
    <div hidden><a href="/d">Also hidden</a></div>
    <a href="story.html?page=1#comments">This page</a>
    <a href="/e">  spaced
       text  </a>
    <a href="/f"></a>
  </body></html>`;

  it('collects visible links with their text, de-duplicated, without the page itself', () => {
    expect(extractLinks(html, PAGE)).toEqual([
      { url: 'https://news.example/a', text: 'First' },
      { url: 'https://news.example/b', text: 'Picture link' },
      { url: 'https://news.example/e', text: 'spaced text' },
    ]);
  });

  it('resolves against <base href>', () => {
    const based = '<html><head><base href="https://mirror.example/docs/"></head><body><a href="intro">Intro</a></body></html>';
    expect(extractLinks(based, PAGE)).toEqual([{ url: 'https://mirror.example/docs/intro', text: 'Intro' }]);
  });
});
