/** Racing a promise against an abort signal, as every page load does with the run's signal. */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { unlessAborted } from '../../src/util/timing.js';

describe('unlessAborted', () => {
  it("gives the promise's value and leaves no listener on a signal that outlives many races", async () => {
    const controller = new AbortController();
    for (let i = 0; i < 30; i++) expect(await unlessAborted(Promise.resolve(i), controller.signal)).toBe(i);
    await expect(unlessAborted(Promise.reject(new Error('failed')), controller.signal)).rejects.toThrow('failed');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it("says 'aborted' when the signal aborts first, or had already", async () => {
    const controller = new AbortController();
    const pending = unlessAborted(new Promise(() => {}), controller.signal);
    controller.abort();
    expect(await pending).toBe('aborted');
    expect(await unlessAborted(new Promise(() => {}), controller.signal)).toBe('aborted');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
