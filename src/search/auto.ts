/**
 * --search auto as a provider: the choice (SearxNG when it answers, else the
 * browser) is made on first use and holds for the run. Choosing the browser
 * is said once, with how to start SearxNG.
 */
import type { HealthCheck } from '../health.js';
import type { SearchOptions, SearchProvider, SearchResponse } from './types.js';

export interface SearchChoice {
  provider: SearchProvider;
  /** Why this engine: "search is set to brave", "auto: SearxNG answers at …". */
  why: string;
  /** For the person, when auto settled for the browser: how to start SearxNG. */
  notice?: string;
}

export function createAuto(choose: () => Promise<SearchChoice>, onWarning: (message: string) => void): SearchProvider {
  let current: SearchProvider | undefined;
  let choosing: Promise<SearchProvider> | undefined;
  const pick = () =>
    (choosing ??= choose().then((choice) => {
      if (choice.notice) onWarning(choice.notice);
      current = choice.provider;
      return choice.provider;
    }));

  return {
    get name() {
      return current?.name ?? 'auto';
    },
    searchRaw: async (query: string, options?: SearchOptions): Promise<SearchResponse> => (await pick()).searchRaw(query, options),
    search: async (query, options) => (await pick()).search(query, options),
    check: async (signal?: AbortSignal): Promise<HealthCheck> => (await pick()).check(signal),
  };
}
