/** The Prefetcher's bookkeeping, with a driver whose loads never finish (the real tabs are in integration/prefetch.test.ts). */
import { describe, expect, it } from 'vitest';
import { Prefetcher, type Ahead } from '../../src/browser/session/prefetch.js';

describe('Prefetcher', () => {
  it('cancelling a load already taken leaves a newer load of the same URL running', () => {
    const started: Ahead<string, string>[] = [];
    const start = (ahead: Ahead<string, string>) => {
      started.push(ahead);
      return new Promise<undefined>(() => {});
    };
    const prefetcher = new Prefetcher<string, string>({ start, closeTab: async () => {} }, 2);
    prefetcher.want(['https://a.example/']);
    const taken = prefetcher.take('https://a.example/')!;
    prefetcher.want(['https://a.example/']);
    prefetcher.cancel(taken);
    expect(taken.controller.signal.aborted).toBe(true);
    expect(prefetcher.urls()).toEqual(['https://a.example/']);
    expect(started[1]!.controller.signal.aborted).toBe(false);
  });
});
