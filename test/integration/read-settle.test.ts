/**
 * Reading a page only once its content is there, real Chromium on a loopback site: an
 * article a script inserts late is read whole; a page whose script empties it is read
 * from its response HTML and says so; a page served without any charset in UTF-8 reads
 * as UTF-8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { readPage } from '../../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../../src/browser/session/reading-session.js';
import { listen, type Listening } from '../support/listen.js';

const ARTICLE = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}: the night ferry from the old harbour leaves at 22:40 and reaches the island before dawn, cabins included.</p>`).join('');

const pages: Record<string, { type: string; body: string | Buffer }> = {
  '/late': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Night ferry</title><body><main id="m"><p>Loading…</p></main><script>
      setTimeout(() => { document.getElementById('m').innerHTML = '<h1>Night ferry</h1>' + ${JSON.stringify(ARTICLE)}; }, 1500);
    </script></body>`,
  },
  '/emptied': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Night ferry</title><body><main><h1>Night ferry</h1>${ARTICLE}</main><script>document.body.innerHTML = '';</script></body>`,
  },
  // Seen on an MSN article (AEB abd9d629…): once its own requests fail, its script swaps the page for
  // "This page is not available right now". Here the swap comes just after the first look at the page,
  // between the look that finds the text settled and the read of the HTML.
  '/swapped': {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html><title>Night ferry</title><body><main><h1>Night ferry</h1>${ARTICLE}</main><script>
      const look = Element.prototype.checkVisibility;
      let armed = true;
      Element.prototype.checkVisibility = function (...args) {
        if (armed) {
          armed = false;
          setTimeout(() => { document.body.innerHTML = '<p>This page is not available right now.</p>'; }, 0);
        }
        return look.apply(this, args);
      };
    </script></body>`,
  },
  '/blank': { type: 'text/html; charset=utf-8', body: '<!doctype html><title>Nothing</title><body></body>' },
  '/undeclared': {
    type: 'text/html',
    body: Buffer.from(`<!doctype html><title>Größe</title><body><main><h1>Überfahrt</h1><p>Die Fähre nach Föhr fährt um 06:15 ab; die Überfahrt dauert 45 Minuten, Fahrräder inklusive — à bientôt.</p></main></body>`, 'utf8'),
  },
  // Past its first 1,024 bytes, Chromium stops looking for a declaration at a tag that belongs
  // in a body, such as a tracking pixel in the head's <noscript>, so it never sees the <meta
  // charset> below it and takes windows-1252 (seen on WCXB 0211, a music school's page).
  '/declared-late': {
    type: 'text/html',
    body: Buffer.from(`<!doctype html><html><head><script>window.dataLayer = [${'"pageview", '.repeat(100)}];</script><noscript><img height="1" width="1" src="/tr?id=1"></noscript><title>Größe</title><meta charset="UTF-8"></head><body><main><h1>Überfahrt</h1><p>Die Fähre nach Föhr fährt um 06:15 ab; die Überfahrt dauert 45 Minuten, Fahrräder inklusive — à bientôt.</p></main></body></html>`, 'utf8'),
  },
};

let web: Listening;
let session: ReadingSession;
beforeAll(async () => {
  web = await listen((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': page.type });
    res.end(page.body);
  });
  session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0 });
}, 60_000);
afterAll(async () => {
  await session?.close();
  await web?.close();
});

describe('reading once the content is there', () => {
  it('waits for an article a script inserts after the load, and reads it whole', async () => {
    const load = await session.load(`${web.url}/late`);
    const md = readPage(load.html, load.url).markdown;
    for (let i = 1; i <= 8; i++) expect(md).toContain(`Paragraph ${i}: the night ferry`);
    expect(load.read).toMatchObject({ chars: expect.any(Number) });
    expect(load.read?.fallback).toBeUndefined();
  });

  it('reads a page its script emptied from the response HTML, after one more try, and says so', async () => {
    const load = await session.load(`${web.url}/emptied`);
    expect(load.read).toMatchObject({ short: 2, retried: true, fallback: 'response' });
    const md = readPage(load.html, load.url).markdown;
    expect(md).toContain('Paragraph 8: the night ferry');
  });

  it('reads a page its script swapped for an error notice after the text settled from the response HTML', async () => {
    const load = await session.load(`${web.url}/swapped`);
    expect(load.read).toMatchObject({ retried: true, fallback: 'response' });
    const md = readPage(load.html, load.url).markdown;
    expect(md).toContain('Paragraph 8: the night ferry');
    expect(md).not.toContain('not available');
  });

  it('reports a page with nothing to read as empty', async () => {
    const load = await session.load(`${web.url}/blank`);
    expect(load.error).toBeUndefined();
    expect(load.read).toMatchObject({ empty: true, chars: 0 });
  });
});

describe('a page without a charset', () => {
  it('reads UTF-8 served with no charset in the header or the markup as UTF-8', async () => {
    const load = await session.load(`${web.url}/undeclared`);
    const page = readPage(load.html, load.url);
    expect(page.title).toBe('Größe');
    expect(page.markdown).toContain('Die Fähre nach Föhr fährt um 06:15 ab; die Überfahrt dauert 45 Minuten, Fahrräder inklusive — à bientôt.');
  });

  it('reads a page in the charset its markup declares, also where Chromium stops looking before the declaration', async () => {
    const load = await session.load(`${web.url}/declared-late`);
    const page = readPage(load.html, load.url);
    expect(page.title).toBe('Größe');
    expect(page.markdown).toContain('Die Fähre nach Föhr fährt um 06:15 ab');
  });
});
