import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const prose = 'The council approved the new tram line on Tuesday, after two years of hearings and a public vote that split the city along its river. ';
const read = (body: string) =>
  readPage(`<!doctype html><html><head><meta charset="utf-8"><title>Tram line</title></head><body><main><h1>Tram line approved</h1>${body}</main></body></html>`, 'https://news.example/tram').markdown;

describe('consent prompts with unmarked class names', () => {
  it("go: the stand-in for an embed the reader's consent would load", () => {
    const prompt =
      '<div class="x1a"><div class="x2b"><p>This content is not visible due to your cookie preferences. To load it, click Allow to opt in to embedded content cookies.</p>' +
      '<div class="x3c"><button>Allow</button><button>Manage preferences</button></div></div></div>';
    const md = read(`<p>${prose.repeat(3)}</p>${prompt}<p>${prose.repeat(2)}</p>`);
    expect(md).toContain('The council approved');
    expect(md).not.toContain('cookie preferences');
  });

  it('stay when they are prose about cookies with no button, or a box whose "Cookies" is a recipe', () => {
    const about = '<p>Under the new rules, sites must ask for consent before setting cookies that track readers.</p>';
    const recipes = '<div class="box"><p>Popular searches: Cookies, Banana bread, Lasagna</p><button>Search</button></div>';
    const md = read(`<p>${prose.repeat(3)}</p>${about}${recipes}`);
    expect(md).toContain('must ask for consent before setting cookies');
    expect(md).toContain('Banana bread');
  });
});
