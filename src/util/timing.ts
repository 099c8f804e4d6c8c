/**
 * The one toolkit for waiting: sleeps that an abort cuts short, polls with a
 * deadline, bounds on a promise.
 */

/** Resolves after ms; with a signal, rejects with its reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves to value after ms, for races (`Promise.race([work, later(ms, 'timeout')])`).
 * Unref'd: a bound on other work must never be what keeps the process alive.
 */
export function later<T>(ms: number, value: T): Promise<T> {
  return new Promise<T>((resolve) => setTimeout(() => resolve(value), Math.max(0, ms)).unref());
}

/** Polls condition every intervalMs until it holds or ms pass; resolves to whether it held. */
export async function waitUntil(condition: () => boolean, ms: number, intervalMs = 25): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await sleep(intervalMs);
  }
  return true;
}

/** promise's value, or a rejection with timeoutError() after ms. The loser of the race never becomes an unhandled rejection. */
export function within<T>(promise: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
    timer.unref();
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * promise's value, or 'aborted' once signal aborts, whichever comes first. The
 * abort listener goes when the race ends: a research run's signal outlives
 * dozens of loads, and each left behind would be a listener leak.
 */
export async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | 'aborted'> {
  if (!signal) return promise;
  let onAbort = () => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted');
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
