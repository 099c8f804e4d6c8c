/**
 * Retrying a call to a server: exponential backoff, and the server's own
 * Retry-After honoured up to a cap (a 100 s header must not stall a run).
 */

export interface RetryPolicy {
  /** Tries in all, the first included. */
  tries: number;
  /** Wait before the second try; doubled for each later one. */
  baseDelayMs: number;
  /** Longest backoff wait. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: number;
}

/**
 * Milliseconds to wait before try number `nextTry` (2 for the first retry), or
 * undefined when no further try should be made.
 */
export function retryDelay(nextTry: number, retryAfterMs: number | undefined, policy: RetryPolicy): number | undefined {
  if (nextTry > policy.tries) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : undefined;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (nextTry - 2));
}

/**
 * A server's requested wait: `retry-after-ms` (OpenAI's), else `Retry-After`
 * as seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
