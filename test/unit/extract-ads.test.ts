import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const card = (name: string, tagline: string, extra = '') =>
  `<div><section class="item"><img src="/${name}.png" alt="${name}"><div><span>${name}</span><span>${tagline}</span>${extra}</div></section></div>`;

describe('advertising a page labels in words', () => {
  it("drops a feed's card labelled Promoted, with the maker's pitch it carries, and keeps the items", () => {
    const pitch = `<p>Hey everyone, I am the founder of Flow. ${'It writes in your style in every app, with edits and a hundred languages. '.repeat(1)}</p>`;
    const items = ['Song Sweeper', 'Pulldog', 'GetMimic', 'Vibe Market', 'Deskpad', 'Tidy Tabs'].map((n) => card(n, `${n} tidies up your day in one click`));
    const ad = card('Wispr Flow', 'Stop typing. Start speaking.', `<div><a href="/sponsor">Promoted</a><span>Productivity</span></div>${pitch}`);
    const md = readPage(`<html><body><main><h2>Yesterday's top products</h2>${items.slice(0, 2).join('')}${ad}${items.slice(2).join('')}</main></body></html>`, 'https://hunt.example/').markdown;
    expect(md).toContain('Pulldog tidies up your day');
    expect(md).toContain('Vibe Market');
    expect(md).not.toContain('founder of Flow');
    expect(md).not.toContain('Stop typing');
  });

  it("leaves an article that carries an Advertisement label between its paragraphs", () => {
    const para = '<p>The ferry to the island leaves every forty minutes from the old harbour, also on Sundays and holidays.</p>';
    const md = readPage(`<html><body><article><h1>Ferries</h1>${para}<div><span>Advertisement</span></div>${para}<figure><img src="/f.jpg" alt="The ferry"></figure></article></body></html>`, 'https://news.example/').markdown;
    expect(md).toContain('leaves every forty minutes');
  });
});

describe('parts a page names in its test ids (data-testid, data-test), as others do in classes', () => {
  const items = ['Song Sweeper', 'Pulldog', 'GetMimic', 'Vibe Market', 'Deskpad', 'Tidy Tabs'].map((n) => card(n, `${n} tidies up your day in one click`));
  const page = (slot: string) =>
    `<html><body><main><h2>Top products today</h2>${items.slice(0, 3).join('')}<div ${slot}>${card('Wispr Flow', 'Stop typing. Start speaking.')}</div>${items.slice(3).join('')}</main></body></html>`;

  it('drops a card in a slot its test id names an ad slot (seen on Product Hunt: data-test="ad-slot-33228")', () => {
    const md = readPage(page('data-test="ad-slot-33228"'), 'https://hunt.example/').markdown;
    expect(md).toContain('Deskpad tidies up your day');
    expect(md).not.toContain('Stop typing');
  });

  it('reads no words out of a test id that carries an address', () => {
    const md = readPage(page('data-testid="link-https://hunt.example/top-ad-free-apps"'), 'https://hunt.example/').markdown;
    expect(md).toContain('Stop typing');
  });
});
