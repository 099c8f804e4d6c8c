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

/** Resolves when signal aborts (at once when it already has); never without a signal. */
export function whenAborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  if (!signal) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
}
