/** --site, --exclude-site and --since as each engine receives them: Brave on a loopback double, a browser engine's result page address. */
import { afterAll, describe, expect, it } from 'vitest';
import type { PageLoad } from '../../src/browser/types.js';
import { createBrave } from '../../src/search/brave.js';
import { createBrowserSearch } from '../../src/search/browser-search.js';
import { DEFAULT_BROWSER_ENGINES } from '../../src/search/engines.js';
import type { PageLoader } from '../../src/search/types.js';
import { startBraveDouble, type BraveDouble } from '../support/brave-double.js';

const doubles: BraveDouble[] = [];
afterAll(async () => Promise.all(doubles.map((d) => d.close())));

const scope = { sites: ['docs.python.org'], excludeSites: ['w3schools.com'], timeRange: 'week' as const };

describe('search scope per engine', () => {
  it('Brave gets site: and -site: in q and freshness=pw', async () => {
    const d = await startBraveDouble();
    doubles.push(d);
    await createBrave({ apiKey: 'k', baseUrl: d.url, requestsPerSecond: 0 }).search('asyncio timeout', scope);
    expect(d.requests[0]!.params).toMatchObject({ q: 'asyncio timeout site:docs.python.org -site:w3schools.com', freshness: 'pw' });
  });

  it('browser engines get site: in the query; DuckDuckGo also df=w, the others no time range', async () => {
    const asked: string[] = [];
    // The edge a browser search loads pages through: it records the address and shows an empty page.
    const loader: PageLoader = {
      load: (url: string) => {
        asked.push(url);
        return Promise.resolve({ requestedUrl: url, url, status: 200, title: '', html: '<html><body></body></html>', ms: 1, dialogs: [], downloads: [], popups: [] } as PageLoad);
      },
    };
    const search = createBrowserSearch({ engines: DEFAULT_BROWSER_ENGINES, browser: () => Promise.resolve(loader) });
    await expect(search.search('asyncio timeout', scope)).resolves.toEqual([]);
    const query = new URLSearchParams({ q: 'asyncio timeout site:docs.python.org -site:w3schools.com' }).toString();
    expect(asked).toEqual([
      `https://html.duckduckgo.com/html/?${query}&df=w`,
      `https://www.mojeek.com/search?${query}`,
      `https://www.bing.com/search?${query}`,
      `https://search.brave.com/search?${query}&source=web`,
    ]);
  });
});
