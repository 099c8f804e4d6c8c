/**
 * Rate limiters: each call reserves the next free slot synchronously, so
 * concurrent callers are spaced 1/rps seconds apart. sharedRateLimiter keeps one
 * per endpoint for the whole process, so providers built per call (as MCP's
 * search tool does) still share the plan's rate.
 */
import { sleep } from '../util/timing.js';

/** How a caller waits; tests pass one that records instead of waiting. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Resolves when the caller may send its request. requestsPerSecond <= 0 never waits. */
export type RateLimiter = (signal?: AbortSignal) => Promise<void>;

/** Fractional rates are fine (0.5: one request every 2 s); <= 0 (or not a number) disables the limiter. */
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

const shared = new Map<string, RateLimiter>();

/** The process's one limiter for `key` (an API endpoint and key) at this rate. */
export function sharedRateLimiter(key: string, requestsPerSecond: number): RateLimiter {
  const id = `${key}\n${requestsPerSecond}`;
  let limiter = shared.get(id);
  if (!limiter) shared.set(id, (limiter = createRateLimiter(requestsPerSecond)));
  return limiter;
}
