import { describe, expect, it } from 'vitest';
import { readPage } from '../../src/browser/read/page-text.js';

const page = (body: string) =>
  readPage(`<!doctype html><html><head><meta charset="utf-8"><title>Harbor Security</title></head><body>${body}</body></html>`, 'https://harbor.example/');

const INTRO =
  '<p>Harbor Security helps mid-sized companies find and fix the weaknesses attackers use first, and stays on call when something goes wrong at night.</p>' +
  '<p>Our engineers have run incident response for banks, hospitals and city governments, and we bring the same playbooks to every client we take on.</p>';

const card = (title: string, text: string) =>
  `<div class="card"><h3><a href="/services/${title.toLowerCase().replace(/ /g, '-')}">${title}</a></h3><p>${text}</p></div>`;

const services =
  '<h2>What we do</h2><div class="cards">' +
  card('Penetration testing', 'Two weeks of testing your network the way an attacker would.') +
  card('Incident response', 'A team on your systems within four hours of your call.') +
  card('Cloud hardening', 'Your cloud accounts reviewed against forty common mistakes.') +
  '</div>';

describe("a landing page's cards", () => {
  it("are its content: a service page's own offerings stay", () => {
    const read = page(`<main><h1>Harbor Security</h1>${INTRO}${services}</main>`);
    expect(read.pageType).toBe('page');
    expect(read.markdown).toContain('Penetration testing');
    expect(read.markdown).toContain('within four hours');
  });

  it('go when a heading names them as suggestions ("You may also like")', () => {
    const suggestions =
      '<section><h2>You may also like</h2><div class="cards">' +
      card('Harbor for schools', 'Security reviews priced for school districts.') +
      card('Harbor for clinics', 'Security reviews for small medical practices.') +
      card('Harbor for shops', 'Security reviews for online stores.') +
      '</div></section>';
    const read = page(`<main><h1>Harbor Security</h1>${INTRO}${services}${suggestions}</main>`);
    expect(read.markdown).toContain('Penetration testing');
    expect(read.markdown).not.toContain('Harbor for clinics');
  });
});
