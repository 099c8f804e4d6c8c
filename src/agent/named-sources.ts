/**
 * The sources the person named for one run: the pages of --url are the first
 * search's results (so they are read before anything searched, and the engine
 * is not asked until they run out), and every search keeps to --site,
 * --exclude-site and --since, its results off those sites dropped whatever
 * the engine made of the site: terms.
 */
import { inScope } from '../search/scope.js';
import type { SearchOptions, SearchProvider, SearchResult } from '../search/types.js';

export interface NamedSources {
  /** --url pages, read first in this order. */
  urls?: readonly string[];
  sites?: readonly string[];
  excludeSites?: readonly string[];
  timeRange?: SearchOptions['timeRange'];
}

export function withNamedSources(provider: SearchProvider, named: NamedSources): SearchProvider {
  const { urls = [], sites = [], excludeSites = [], timeRange } = named;
  if (urls.length === 0 && sites.length === 0 && excludeSites.length === 0 && !timeRange) return provider;
  const scope = { ...(sites.length > 0 ? { sites } : {}), ...(excludeSites.length > 0 ? { excludeSites } : {}), ...(timeRange ? { timeRange } : {}) };
  let pending: SearchResult[] = urls.map((url) => ({ url, title: url, snippet: '', engine: 'named' }));

  async function searchRaw(query: string, options: SearchOptions = {}) {
    if (pending.length > 0) {
      const results = pending;
      pending = [];
      return { results, raw: { named: results.map((r) => r.url) } };
    }
    const response = await provider.searchRaw(query, { ...options, ...scope });
    return { ...response, results: response.results.filter((r) => inScope(r.url, scope)) };
  }

  return {
    name: provider.name,
    searchRaw,
    search: async (query, options) => (await searchRaw(query, options)).results,
    check: (signal) => provider.check(signal),
  };
}
