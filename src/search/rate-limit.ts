/**
 * A per-instance rate limiter: each call reserves the next free slot
 * synchronously, so concurrent callers are spaced 1/rps seconds apart.
 */
import { sleep } from '../util/timing.js';

/** How a caller waits; tests pass one that records instead of waiting. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Resolves when the caller may send its request. requestsPerSecond <= 0 never waits. */
export type RateLimiter = (signal?: AbortSignal) => Promise<void>;

export function createRateLimiter(requestsPerSecond: number, now: () => number = Date.now): RateLimiter {
  if (!(requestsPerSecond > 0)) return () => Promise.resolve();
  const interval = 1000 / requestsPerSecond;
  let next = 0;
  return (signal) => {
    const t = now();
    const slot = Math.max(t, next);
    next = slot + interval;
    return slot > t ? sleep(slot - t, signal) : Promise.resolve();
  };
}
