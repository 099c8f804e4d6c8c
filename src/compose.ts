/**
 * The outside world of a research run, built from the config: the one
 * composition root, shared by the CLI and the MCP server. The browser and the
 * page reader are imported as the run starts, while the model rewrites the question.
 */
import type { ResearchDeps } from './agent/types.js';
import type { LaunchedBrowser } from './browser/launch/launch.js';
import type { ResearchBrowser } from './browser/types.js';
import type { Config } from './config.js';
import { createLlm } from './llm/index.js';
import { chooseSearch, createSearch, type SearchChoice, type SearchHooks } from './search/index.js';
import type { PageLoader } from './search/types.js';
import type { Tracer } from './trace.js';

/**
 * The run's browser, handed to browser search too: the search loads result
 * pages in the Chromium the run reads with. The run opens it first (as it
 * starts); should the search come first, the run gets the browser it launched.
 */
function sharedBrowser(launch: () => Promise<ResearchBrowser>) {
  let latest: Promise<ResearchBrowser> | undefined;
  let handedToRun = false;
  return {
    open(): Promise<ResearchBrowser> {
      if (!latest || handedToRun) latest = launch();
      handedToRun = true;
      return latest;
    },
    forSearch: (): Promise<PageLoader> => (latest ??= launch()),
  };
}

/** lease: a browser shared with other runs (scout batch: an incognito context each); by default the run launches its own. */
export function researchDeps(config: Config, trace: Tracer, onWarning: (message: string) => void, lease?: () => Promise<LaunchedBrowser>): ResearchDeps {
  const browser = sharedBrowser(async () => (await import('./browser/session/research-browser.js')).openResearchBrowser(config, trace, lease));
  return {
    llm: createLlm(config, { tracer: trace, onWarning }),
    search: createSearch(config, { tracer: trace, onWarning, browser: browser.forSearch }),
    openBrowser: browser.open,
  };
}

/** A search of its own (`scout search`, MCP's search tool): a browser is launched only if browser search asks for one; close() ends it. */
export function standaloneSearch(config: Config, hooks: Omit<SearchHooks, 'browser'> = {}): { choose(): Promise<SearchChoice>; close(): Promise<void> } {
  let session: Promise<PageLoader & { close(): Promise<void> }> | undefined;
  const browser = () =>
    (session ??= import('./browser/session/reading-session.js').then(({ browserSessionOptions, openSession }) => openSession(browserSessionOptions(config))));
  return {
    choose: () => chooseSearch(config, { ...hooks, browser }),
    close: async () => {
      await (await session?.catch(() => undefined))?.close();
    },
  };
}
