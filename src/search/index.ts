/** The one factory that turns a Config into a SearchProvider, and the choice --search auto makes. */
import type { Config } from '../config.js';
import { ScoutError } from '../errors.js';
import type { Tracer } from '../trace.js';
import { createAuto, type SearchChoice } from './auto.js';
import { braveOptions, createBrave } from './brave.js';
import { createBrowserSearch } from './browser-search.js';
import { createSearxng, SEARXNG_START, searxngDown } from './searxng.js';
import type { PageLoader, SearchProvider } from './types.js';

export type { SearchChoice } from './auto.js';

export interface SearchHooks {
  tracer?: Tracer;
  /** Non-fatal problems (e.g. SearxNG's JSON format is off); the CLI shows them on stderr. */
  onWarning?: (message: string) => void;
  /** The browser browser search loads result pages in: a research run hands over its own. */
  browser?: () => Promise<PageLoader>;
}

/** How long --search auto waits for SearxNG's /healthz: a local instance answers in milliseconds. */
const PROBE_MS = 2_000;

const noBrowser = () => Promise.reject(new ScoutError('BROWSER_FAILED', 'browser search was given no browser to search in'));

function engine(name: 'searxng' | 'brave' | 'browser', config: Config, hooks: SearchHooks): SearchProvider {
  const timeout = config.searchTimeoutMs ? { timeoutMs: config.searchTimeoutMs } : {};
  const common = { maxResults: config.maxResults, tracer: hooks.tracer, ...timeout };
  if (name === 'brave') return createBrave(braveOptions(config, hooks));
  if (name === 'browser') return createBrowserSearch({ ...common, engines: config.browserEngines, browser: hooks.browser ?? noBrowser, onWarning: hooks.onWarning });
  return createSearxng({ ...common, baseUrl: config.searxngUrl, onWarning: hooks.onWarning });
}

/** The engine scout searches with, and why: --search names it, or auto asks SearxNG whether it answers. */
export async function chooseSearch(config: Config, hooks: SearchHooks = {}): Promise<SearchChoice> {
  if (config.search !== 'auto') return { provider: engine(config.search, config, hooks), why: `search is set to ${config.search}` };
  const url = config.searxngUrl;
  const down = await searxngDown(url, Math.min(PROBE_MS, config.searchTimeoutMs ?? PROBE_MS));
  if (!down) return { provider: engine('searxng', config, hooks), why: `auto: SearxNG answers at ${url}` };
  const engines = config.browserEngines.map((e) => e.name).join(', ');
  return {
    provider: engine('browser', config, hooks),
    why: `auto: SearxNG does not answer at ${url} (${down}), so scout searches through the browser (${engines})`,
    notice: `SearxNG does not answer at ${url} (${down}): searching through the browser (${engines}); for SearxNG run \`${SEARXNG_START}\` in scout's folder`,
  };
}

/** A provider for the config; with --search auto the choice is made on the first search and kept. */
export function createSearch(config: Config, hooks: SearchHooks = {}): SearchProvider {
  if (config.search !== 'auto') return engine(config.search, config, hooks);
  return createAuto(() => chooseSearch(config, hooks), hooks.onWarning ?? (() => {}));
}
