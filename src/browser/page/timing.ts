/** A bound on one page round-trip: a page stuck in a script loop must not hold a load for the protocol timeout. */
export const EVALUATE_TIMEOUT_MS = 5_000;

/** A page that stopped answering; its tab is no longer usable. */
export class PageStuck extends Error {
  override readonly name = 'PageStuck';
}

export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PageStuck(`${what} did not answer within ${ms} ms (a script may be stuck)`)), ms);
  });
  promise.catch(() => {}); // the loser of the race must not become an unhandled rejection
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves to value after ms; unref'd: a wait inside a load must never be what keeps the process alive. */
export function later<T>(ms: number, value: T): Promise<T> {
  return new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());
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
