/** The browser core in real Chromium on the fixture web: session loads, guards, safety, stealth. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { openSession, type SessionOptions } from '../../src/browser/session/reading-session.js';
import type { BrowserSession } from '../../src/browser/types.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { recordingConnect } from '../support/egress-harness.js';
import { listen } from '../support/listen.js';

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

const PUBLIC = '93.184.215.14';
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

const local = (extra: Partial<SessionOptions> = {}): SessionOptions => ({
  launch: { headful: false, stealth: true },
  allowPrivateNetwork: true,
  human: NO_HUMAN,
  interstitialWaitMs: 0,
  ...extra,
});

describe('BrowserSession.load on the fixture web', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    session = await openSession(local({ commitGraceMs: 500 }));
  });
  afterAll(async () => {
    await session.close();
  });

  it('returns the rendered DOM, title, status and final URL after a redirect', async () => {
    const load = await session.load(web.at('/redirect?to=/articles/towers.html'));
    expect(load.error).toBeUndefined();
    expect(load.status).toBe(200);
    expect(load.url).toBe(web.at('/articles/towers.html'));
    expect(load.requestedUrl).toBe(web.at('/redirect?to=/articles/towers.html'));
    expect(load.title).not.toBe('');
    expect(load.html).toMatch(/^<html/);
  });

  it('returns the DOM as scripts left it, not the HTML as served', async () => {
    const load = await session.load(web.at('/browser/detect.html'));
    expect(load.html).toContain('<pre id="results">{');
  });

  it('reports an HTTP error status without an error', async () => {
    const load = await session.load(web.at('/404'));
    expect(load.status).toBe(404);
    expect(load.error).toBeUndefined();
  });

  it('returns a page that never finishes loading once it committed, within the timeout', async () => {
    const load = await session.load(web.at('/never'), { timeoutMs: 8_000 });
    expect(load.error).toBeUndefined();
    expect(load.status).toBe(200);
    expect(load.html).toContain('This page never finishes loading.');
    expect(load.ms).toBeLessThan(8_000);
  });

  it('reports a page that does not answer in time as an error, without throwing', async () => {
    const load = await session.load(web.at('/slow?ms=3000'), { timeoutMs: 800 });
    expect(load.status).toBeNull();
    expect(load.error).toMatch(/did not respond within 800 ms/);
  });

  it('reports a page stuck in a script as an error instead of hanging, and recovers on the next load', async () => {
    const busy = await openSession(local({ commitGraceMs: 300, evaluateTimeoutMs: 800 }));
    try {
      const load = await busy.load(web.at('/browser/busy.html'));
      expect(load.error).toMatch(/did not answer within 800 ms/);
      const next = await busy.load(web.at('/articles/towers.html'));
      expect(next.error).toBeUndefined();
      expect(next.status).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('stops at once when interrupted, even while the page is stuck in a script', async () => {
    const busy = await openSession(local({ commitGraceMs: 300, evaluateTimeoutMs: 60_000 }));
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 1_500);
      const load = await Promise.race([busy.load(web.at('/browser/busy.html?interrupted'), { signal: controller.signal }), later(20_000, 'still waiting')]);
      expect(load).toMatchObject({ error: 'interrupted' });
    } finally {
      await busy.close();
    }
  });

  it('reports a refused connection as an error', async () => {
    const closed = await listen(() => {});
    await closed.close();
    const load = await session.load(closed.url);
    expect(load.error).toMatch(/ERR_CONNECTION_REFUSED/);
  });

  it('records and dismisses dialogs, and the safety script breaks a confirm loop', async () => {
    const load = await session.load(web.at('/browser/dialogs.html'));
    expect(load.error).toBeUndefined();
    expect(load.dialogs).toEqual(['Welcome to the nagging page', 'Do you accept cookies?', 'Really?']);
    expect(load.title).toBe('Dialogs (confirm answered false)');
    expect(load.html).toContain('loop broken after 1 dismissed dialogs: NotAllowedError');
  });

  it('refuses a download and reports it', async () => {
    const load = await session.load(web.at('/browser/report.bin'));
    expect(load.downloads).toEqual([web.at('/browser/report.bin')]);
    expect(load.error).toMatch(/refused a download/);
  });

  it('reports a popup the page opens, and not again on the next load', async () => {
    const load = await session.load(web.at('/browser/popup.html?onload'));
    expect(load.error).toBeUndefined();
    expect(load.popups).toEqual([web.at('/articles/towers.html?popup')]);
    const next = await session.load(web.at('/articles/towers.html'));
    expect(next.popups).toEqual([]);
  });

  it('never throws for a bad URL and refuses non-web schemes', async () => {
    for (const url of ['file:///etc/passwd', 'data:text/html,<h1>hi</h1>', 'javascript:alert(1)', 'chrome://settings', 'not a url']) {
      const load = await session.load(url);
      expect(load.error, url).toMatch(/refused|not a valid URL/);
      expect(load.html).toBe('');
    }
  });
});

describe('the URL guard without --allow-private-network', () => {
  let session: BrowserSession;
  beforeAll(async () => {
    // public.test is an ordinary-looking host name that the egress proxy resolves to a public
    // address, and dials on loopback: the fixture web stands in for a public server.
    const egress = { lookup: async (host: string) => (host === 'public.test' ? [PUBLIC] : Promise.reject(new Error('NXDOMAIN'))), connect: recordingConnect({ [PUBLIC]: web.port }).connect };
    session = await openSession(local({ allowPrivateNetwork: false, launch: { headful: false, stealth: true, egress } }));
  });
  afterAll(async () => {
    await session.close();
  });

  it('refuses 127.0.0.1, localhost and the metadata address before any request', async () => {
    const before = web.requests.length;
    for (const url of [web.at('/articles/towers.html'), `http://localhost:${web.port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/']) {
      const load = await session.load(url);
      expect(load.refused, url).toEqual({ privateAddress: true });
      expect(load.error).toMatch(/loopback or private address/);
    }
    expect(web.requests.length).toBe(before);
  });

  it('refuses a redirect from an allowed host to a private address', async () => {
    const target = web.at('/articles/towers.html');
    const before = web.requests.length;
    const load = await session.load(`http://public.test:${web.port}/redirect?to=${encodeURIComponent(target)}`);
    expect(load.refused).toEqual({ privateAddress: true });
    expect(load.error).toContain(`refused ${target}`);
    expect(web.paths().slice(before)).toEqual([`/redirect?to=${encodeURIComponent(target)}`]);
    const served = await session.load(`http://public.test:${web.port}/articles/towers.html`);
    expect(served.error).toBeUndefined();
  });
  it('blocks a public page\'s requests to a private address but still reads the page', async () => {
    web.route('/embeds-private', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>Embeds</title><main><p>A public page.</p><img src="${web.at('/private-pixel.png')}"><script>fetch('${web.at('/private-api')}').catch(() => {})</script></main>`);
    });
    const load = await session.load(`http://public.test:${web.port}/embeds-private`);
    expect(load.error).toBeUndefined();
    expect(load.title).toBe('Embeds');
    expect(web.paths()).not.toContain('/private-pixel.png');
    expect(web.paths()).not.toContain('/private-api');
  });
});

describe('human behaviour', () => {
  it('scrolls with real wheel events before reading, and pauses before moving on from a page', async () => {
    const human = { pauseMs: [4000, 4000], scrolls: [2, 2], scrollPx: [300, 300], scrollPauseMs: [50, 50], random: () => 0.5 } as const;
    const session = await openSession(local({ human }));
    try {
      // Measured from the call to the server seeing the page asked for: the pause, not the
      // load, which takes seconds of its own on a loaded machine.
      const askedAfter = (path: string, since: number) => (web.requests.find((r) => r.path === path)?.at ?? Infinity) - since;
      const firstAt = Date.now();
      const first = await session.load(web.at('/browser/long.html'));
      expect(first.html).toContain('<pre id="seen">wheel 2</pre>');
      // A fresh tab opening a result does not wait; the same tab moving on does.
      expect(askedAfter('/browser/long.html', firstAt)).toBeLessThan(4000);
      const nextAt = Date.now();
      const next = await session.load(web.at('/browser/long.html?again'));
      expect(next.html).toContain('<pre id="seen">wheel 2</pre>');
      expect(askedAfter('/browser/long.html?again', nextAt)).toBeGreaterThanOrEqual(4000);
    } finally {
      await session.close();
    }
  });
});

describe('interstitials', () => {
  it('waits while the page says "checking your browser" and carries on when it clears', async () => {
    const session = await openSession(local({ interstitialWaitMs: 5_000 }));
    try {
      const load = await session.load(web.at('/browser/challenge.html?clear=700'));
      expect(load.interstitial).toBeUndefined();
      expect(load.title).toBe('Cleared article');
      expect(load.html).toContain('The challenge passed');
      expect(load.ms).toBeGreaterThanOrEqual(600);
    } finally {
      await session.close();
    }
  });

  it('gives up after the wait and reports the interstitial', async () => {
    const session = await openSession(local({ interstitialWaitMs: 1_200 }));
    try {
      const load = await session.load(web.at('/browser/challenge.html'));
      expect(load.error).toBeUndefined();
      expect(load.interstitial).toMatch(/just a moment|checking your browser/i);
      expect(load.ms).toBeGreaterThanOrEqual(1_100);
    } finally {
      await session.close();
    }
  });
});
