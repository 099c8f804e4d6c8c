/**
 * The browser core on the fixture web: launch + close with and without stealth,
 * and one page load through the session (URL guard, safety script, DOM read)
 * against a bare puppeteer goto + content(), with and without human behaviour.
 * Prints medians and ratios.
 *
 *   npm run bench:browser
 */
import { HUMAN, NO_HUMAN } from '../src/browser/page/human.js';
import { launchBrowser } from '../src/browser/launch/launch.js';
import { openSession } from '../src/browser/session/reading-session.js';
import { startFixtureWeb } from '../test/support/fixture-web.js';
import { medianMs } from './support.js';

const LAUNCHES = 5;
const LOADS = 15;

const times = (n: number, run: () => Promise<unknown>) => medianMs(run, n);

const web = await startFixtureWeb();
const page = web.at('/articles/towers.html');
const rows: [string, number][] = [];

for (const stealth of [true, false]) {
  rows.push([`launch + close, stealth ${stealth ? 'on' : 'off'}`, await times(LAUNCHES, async () => (await launchBrowser({ headful: false, stealth })).close())]);
}

const bare = await launchBrowser({ headful: false, stealth: true, allowPrivateNetwork: true });
const tab = await bare.browser.newPage();
rows.push(['load, bare goto(domcontentloaded) + content()', await times(LOADS, async () => {
  await tab.goto(page, { waitUntil: 'domcontentloaded' });
  await tab.content();
})]);
await bare.close();

for (const [name, human] of [['no human behaviour', NO_HUMAN], ['human behaviour', HUMAN]] as const) {
  const session = await openSession({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human, interstitialWaitMs: 0 });
  rows.push([`load, session (${name})`, await times(LOADS, () => session.load(page))]);
  await session.close();
}
await web.close();

const base = rows.find(([name]) => name.startsWith('load, bare'))?.[1] ?? 1;
for (const [name, ms] of rows) {
  const ratio = name.startsWith('load') ? `  x${(ms / base).toFixed(2)} of bare` : '';
  console.log(`${name.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms${ratio}`);
}
