/**
 * Pages whose rendered DOM shows far less than they served, real Chromium on a loopback
 * site whose third-party script never comes (as on a slow network, or offline): the read
 * waits, then takes the response HTML, so it is not left with nothing. Seen on the shared
 * WCXB pages read through the browser: an ESPN standings page whose content stays at
 * opacity 0 until its scripts run (2918), and a Discourse topic whose posts sit in
 * <noscript> while its app waits behind a parser-blocking script (0510), and a City A.M.
 * article (AEB 360c732d) whose text comes after such a script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { readPage } from '../../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../../src/browser/session/reading-session.js';
import { listen, type Listening } from '../support/listen.js';

const POSTS = Array.from({ length: 8 }, (_, i) => `<p>Post ${i + 1}: the deploy stops at the upload stage although the build passes; clearing the cache and pinning the runtime did not help.</p>`).join('');

const pages: Record<string, string> = {
  // The anti-flicker pattern: the page is drawn at opacity 0 until a script that never arrives removes the class.
  '/faded': `<!doctype html><html class="async-hide"><head><title>Standings</title><style>.async-hide body{opacity:0 !important}</style>
    <script async src="/never.js"></script></head><body><nav><a href="/">Home</a></nav><main><h1>Standings</h1>${POSTS}</main></body></html>`,
  // A forum's posts for readers without scripts, and its app held up behind a script that does not come.
  '/forum': `<!doctype html><html><head><title>Deploy failed</title><meta name="description" content="A deploy that fails after the build."></head>
    <body><section id="splash"><div class="dots"></div></section><noscript><main><h1>Deploy failed for unknown reason</h1>${POSTS}</main></noscript>
    <script src="/never.js"></script><div id="app"></div></body></html>`,
  // The article comes after a script that holds the parser: the DOM, read then, has the menu only.
  '/held': `<!doctype html><html><head><title>Markets</title></head><body><nav><ul>${['Latest news', 'Markets', 'Opinion', 'Podcasts', 'Companies', 'Property', 'Technology', 'Lifestyle', 'Sport', 'Events'].map((t) => `<li><a href="/${t}">${t} from the City desk</a></li>`).join('')}</ul></nav>
    <script src="/never.js"></script><main><h1>Listing priced</h1>${POSTS}</main></body></html>`,
};

let web: Listening;
let session: ReadingSession;
beforeAll(async () => {
  web = await listen((req, res) => {
    const body = pages[req.url ?? ''];
    // /never.js is left unanswered: the page's own scripts never run.
    if (req.url === '/never.js') return;
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(body);
  });
  session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0 });
}, 60_000);
afterAll(async () => {
  await session?.close();
  await web?.close();
});

describe('a page that shows far less than it served', () => {
  it('reads a page faded out until its scripts run from its response HTML', async () => {
    const load = await session.load(`${web.url}/faded`);
    expect(load.read).toMatchObject({ retried: true, fallback: 'response' });
    const md = readPage(load.html, load.url).markdown;
    expect(md).toContain('Post 1: the deploy stops');
    expect(md).toContain('Post 8: the deploy stops');
  }, 60_000);

  it('reads the <noscript> posts of a forum whose app is stuck behind a script, from the response HTML', async () => {
    const load = await session.load(`${web.url}/forum`);
    expect(load.read).toMatchObject({ fallback: 'response' });
    expect(load.read?.empty).toBeUndefined();
    const md = readPage(load.html, load.url).markdown;
    expect(md).toContain('Post 1: the deploy stops');
    expect(md).toContain('Post 8: the deploy stops');
  }, 60_000);

  it('reads a page whose parser a script holds up from the response HTML, the part after the script included', async () => {
    const load = await session.load(`${web.url}/held`);
    expect(load.read).toMatchObject({ fallback: 'response' });
    const md = readPage(load.html, load.url).markdown;
    expect(md).toContain('Post 1: the deploy stops');
    expect(md).toContain('Post 8: the deploy stops');
  }, 60_000);
});
