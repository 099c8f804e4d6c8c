/** The ScoutError a promise rejects with; fails the test when it resolves or rejects with anything else. */
import { expect } from 'vitest';
import { ScoutError } from '../../src/errors.js';

export async function scoutErrorOf(promise: Promise<unknown>): Promise<ScoutError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ScoutError);
  return error as ScoutError;
}

/** The ScoutError a call throws; fails the test when it returns or throws anything else. */
export function thrown(fn: () => unknown): ScoutError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ScoutError);
    return error as ScoutError;
  }
  throw new Error('expected a ScoutError');
}
