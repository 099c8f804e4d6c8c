/** The one factory that turns a Config into a SearchProvider. */
import type { Config } from '../config.js';
import type { Tracer } from '../trace.js';
import { createBrave } from './brave.js';
import { createSearxng } from './searxng.js';
import type { SearchProvider } from './types.js';

export interface SearchHooks {
  tracer?: Tracer;
  /** Non-fatal problems (e.g. SearxNG's JSON format is off); the CLI shows them on stderr. */
  onWarning?: (message: string) => void;
}

export function createSearch(config: Config, hooks: SearchHooks = {}): SearchProvider {
  if (config.search === 'brave') {
    return createBrave({
      apiKey: config.braveApiKey,
      baseUrl: config.braveUrl,
      requestsPerSecond: config.braveRequestsPerSecond,
      maxResults: config.maxResults,
      tracer: hooks.tracer,
      ...(config.searchTimeoutMs ? { timeoutMs: config.searchTimeoutMs } : {}),
    });
  }
  return createSearxng({
    baseUrl: config.searxngUrl,
    maxResults: config.maxResults,
    tracer: hooks.tracer,
    onWarning: hooks.onWarning,
    ...(config.searchTimeoutMs ? { timeoutMs: config.searchTimeoutMs } : {}),
  });
}
