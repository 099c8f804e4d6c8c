/**
 * One page, navigate + extract, on the fixture web: the reading session with
 * images, media and fonts blocked vs let through, and scout's extractor vs
 * Readability (@mozilla/readability on jsdom) on the same rendered DOM.
 * Assets answer after --asset-ms (default 40 ms, a CDN round trip; 0 is bare
 * loopback). Prints medians over --runs passes of the page set, ms per page and
 * pages per second, and the ratios, all measured in this run.
 *
 *   npm run bench:page [-- --runs 5 --asset-ms 40]
 */
import { readFileSync } from 'node:fs';
import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import { NO_HUMAN } from '../src/browser/page/human.js';
import { readPage } from '../src/browser/read/page-text.js';
import { openSession, type ReadingSession } from '../src/browser/session/reading-session.js';
import type { PageLoad } from '../src/browser/types.js';
import { FIXTURE_WEB_ROOT, startFixtureWeb } from '../test/support/fixture-web.js';
import { sleep } from '../test/support/listen.js';
import { flag, median, printTable } from './support.js';

const RUNS = flag('runs', 5);
const assetArg = process.argv.indexOf('--asset-ms');
const ASSET_MS = assetArg >= 0 ? Math.max(0, Number(process.argv[assetArg + 1]) || 0) : 40;
const PAGES = ['/perf/page.html', '/reading/article.html', '/reading/product.html', '/reading/listing.html', '/reading/forum.html', '/reading/docs.html', '/articles/towers.html', '/research/towers.html'];

const web = await startFixtureWeb();
const png = readFileSync(`${FIXTURE_WEB_ROOT}perf/pixel.png`);
// Every image, font and video of the page set answers after ASSET_MS.
const asset = (type: string, body: Buffer) => async (_req: unknown, res: import('node:http').ServerResponse) => {
  await sleep(ASSET_MS);
  res.writeHead(200, { 'content-type': type }).end(body);
};
for (const path of ['/perf/pixel.png', '/logo.png', '/img/route.png']) web.route(path, asset('image/png', png));
for (const path of ['/img/sleeper.jpg', '/img/IMG_2031.jpg', '/a.jpg', '/b.jpg', '/c.jpg', '/p1.jpg', '/p2.jpg', '/p3.jpg']) web.route(path, asset('image/png', png));
web.route('/perf/display.woff2', asset('font/woff2', Buffer.alloc(20_000)));
web.route('/perf/clip.webm', asset('video/webm', Buffer.alloc(200_000)));

type Extract = (load: PageLoad) => number;
const extractors: Record<string, Extract> = {
  scout: (load) => readPage(load.html, load.url).markdown.length,
  readability: (load) => {
    const dom = new JSDOM(load.html, { url: load.url });
    const text = new Readability(dom.window.document).parse()?.textContent?.length ?? 0;
    dom.window.close();
    return text;
  },
};

/** ms per page of one pass over the page set: navigation (+ DOM read), and extraction with each extractor. */
async function pass(session: ReadingSession): Promise<{ navigate: number; extract: Record<string, number> }> {
  let navigate = 0;
  const extract: Record<string, number> = { scout: 0, readability: 0 };
  for (const path of PAGES) {
    const started = performance.now();
    const load = await session.load(web.at(path));
    navigate += performance.now() - started;
    if (load.error) throw new Error(`${path}: ${load.error}`);
    for (const [name, run] of Object.entries(extractors)) {
      const t = performance.now();
      run(load);
      extract[name]! += performance.now() - t;
    }
  }
  return { navigate: navigate / PAGES.length, extract: Object.fromEntries(Object.entries(extract).map(([k, v]) => [k, v / PAGES.length])) };
}

const results = { on: [] as Awaited<ReturnType<typeof pass>>[], off: [] as Awaited<ReturnType<typeof pass>>[] };
const sessions = {
  on: await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0, blockResources: true }),
  off: await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0, blockResources: false }),
};
try {
  for (const mode of ['on', 'off'] as const) await pass(sessions[mode]); // warm-up
  for (let i = 0; i < RUNS; i++) for (const mode of ['on', 'off'] as const) results[mode].push(await pass(sessions[mode]));
} finally {
  await Promise.all([sessions.on.close(), sessions.off.close()]);
  await web.close();
}

const nav = (mode: 'on' | 'off') => median(results[mode].map((r) => r.navigate));
const ext = (name: string) => median([...results.on, ...results.off].map((r) => r.extract[name]!));
const row = (name: string, ms: number) => [name, ms.toFixed(1), (1000 / ms).toFixed(1)];
console.log(`${PAGES.length} fixture pages, assets answer after ${ASSET_MS} ms, no human pauses; median of ${RUNS} passes (ms per page)`);
printTable(['step', 'ms/page', 'pages/s'], [
  row('navigate + read DOM, blocking on', nav('on')),
  row('navigate + read DOM, blocking off', nav('off')),
  row('extract, scout readPage', ext('scout')),
  row('extract, Readability + jsdom', ext('readability')),
  row('navigate + extract, blocking on + scout', nav('on') + ext('scout')),
  row('navigate + extract, blocking off + Readability', nav('off') + ext('readability')),
]);
console.log(`\nblocking off / on (navigate): x${(nav('off') / nav('on')).toFixed(2)}`);
console.log(`Readability + jsdom / scout (extract): x${(ext('readability') / ext('scout')).toFixed(2)}`);
console.log(`whole page, off + Readability / on + scout: x${((nav('off') + ext('readability')) / (nav('on') + ext('scout'))).toFixed(2)}`);
