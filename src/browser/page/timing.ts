/**
 * Bounds on a page's round-trips, the one browser-specific piece of timing;
 * sleeps, polls and races come from src/util/timing.ts.
 */
import { within } from '../../util/timing.js';

/** A bound on one page round-trip: a page stuck in a script loop must not hold a load for the protocol timeout. */
export const EVALUATE_TIMEOUT_MS = 5_000;

/** A page that stopped answering; its tab is no longer usable. */
export class PageStuck extends Error {
  override readonly name = 'PageStuck';
}

/** promise's value, or a PageStuck rejection once ms pass without an answer from the page (what names it). */
export function answerWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return within(promise, ms, () => new PageStuck(`${what} did not answer within ${ms} ms (a script may be stuck)`));
}
