/** src/util/retry.ts: the backoff schedule and the one Retry-After parser (used by the LLM clients and Brave). */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryDelay, type RetryPolicy } from '../../src/util/retry.js';

const POLICY: RetryPolicy = { tries: 3, baseDelayMs: 1000, maxDelayMs: 8000, maxRetryAfterMs: 30_000 };

describe('retryDelay', () => {
  it('doubles the wait from the base for each further try, and stops after the last try', () => {
    expect(retryDelay(2, undefined, POLICY)).toBe(1000);
    expect(retryDelay(3, undefined, POLICY)).toBe(2000);
    expect(retryDelay(4, undefined, POLICY)).toBeUndefined();
  });

  it('caps the backoff and honours Retry-After up to a bound', () => {
    const policy = { ...POLICY, tries: 10 };
    expect(retryDelay(9, undefined, policy)).toBe(8000);
    expect(retryDelay(2, 5000, policy)).toBe(5000);
    expect(retryDelay(2, 0, policy)).toBe(0);
    expect(retryDelay(2, 31_000, policy)).toBeUndefined();
  });

  it('does not wait for a Retry-After once the tries are used up', () => {
    expect(retryDelay(4, 10, POLICY)).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  const h = (entries: Record<string, string>) => new Headers(entries);

  it('reads Retry-After as seconds or a date, and retry-after-ms', () => {
    expect(parseRetryAfter(h({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2026-12-02T12:00:00Z');
    expect(parseRetryAfter(h({ 'retry-after': 'Wed, 02 Dec 2026 12:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(h({ 'retry-after': 'Wed, 02 Dec 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(h({}))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('rounds fractions up, tolerates spaces and ignores an unreadable retry-after-ms', () => {
    expect(parseRetryAfter(h({ 'retry-after': ' 1.5 ' }))).toBe(1500);
    expect(parseRetryAfter(h({ 'retry-after-ms': '12.2' }))).toBe(13);
    expect(parseRetryAfter(h({ 'retry-after-ms': 'later', 'retry-after': '2' }))).toBe(2000);
  });
});
