/** The one factory that turns a Config into a SearchProvider. */
import type { Config } from '../config.js';
import { ScoutError } from '../errors.js';
import { createSearxng } from './searxng.js';
import type { SearchProvider } from './types.js';

export function createSearch(config: Config): SearchProvider {
  if (config.search === 'brave') {
    throw new ScoutError('NOT_AVAILABLE_YET', 'Brave Search is not available yet', 'use --search searxng');
  }
  return createSearxng(config.searxngUrl);
}
