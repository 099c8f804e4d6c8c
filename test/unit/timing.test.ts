/** src/util/timing.ts: the one toolkit for waiting. */
import { describe, expect, it } from 'vitest';
import { later, sleep, unlessAborted, waitUntil, within } from '../../src/util/timing.js';

describe('sleep', () => {
  it('resolves after the time given', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('rejects with the abort reason as soon as the signal aborts, or at once when it already has', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(waiting).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(sleep(10, controller.signal)).rejects.toThrow('stop');
  });

  it('treats a negative wait as none', async () => {
    await expect(sleep(-5)).resolves.toBeUndefined();
  });
});

describe('later', () => {
  it('resolves to its value after the time given, so it can bound a race', async () => {
    const never = new Promise<string>(() => {});
    expect(await Promise.race([never, later(10, 'timeout')])).toBe('timeout');
    expect(await Promise.race([Promise.resolve('work'), later(10, 'timeout')])).toBe('work');
  });
});

describe('waitUntil', () => {
  it('resolves true once the condition holds', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 20);
    expect(await waitUntil(() => ready, 2000, 5)).toBe(true);
  });

  it('resolves false when the time runs out first', async () => {
    const started = Date.now();
    expect(await waitUntil(() => false, 40, 5)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('does not wait when the condition holds already', async () => {
    expect(await waitUntil(() => true, 0)).toBe(true);
  });
});

describe('within', () => {
  it('returns the value of a promise that settles in time', async () => {
    expect(await within(Promise.resolve(7), 1000, () => new Error('slow'))).toBe(7);
  });

  it('rejects with the timeout error when the promise is too slow', async () => {
    await expect(within(new Promise(() => {}), 10, () => new Error('too slow'))).rejects.toThrow('too slow');
  });

  it('passes the promise\'s own rejection through', async () => {
    await expect(within(Promise.reject(new Error('broke')), 1000, () => new Error('slow'))).rejects.toThrow('broke');
  });

  it('leaves no unhandled rejection when the loser rejects after the timeout', async () => {
    let fail = (_e: Error) => {};
    const slow = new Promise<never>((_resolve, reject) => (fail = reject));
    await expect(within(slow, 5, () => new Error('timeout'))).rejects.toThrow('timeout');
    fail(new Error('late'));
    await sleep(10);
  });
});

describe('unlessAborted', () => {
  it('returns the promise\'s value when there is no signal or it does not abort', async () => {
    expect(await unlessAborted(Promise.resolve('a'), undefined)).toBe('a');
    expect(await unlessAborted(Promise.resolve('b'), new AbortController().signal)).toBe('b');
    await expect(unlessAborted(Promise.reject(new Error('failed')), new AbortController().signal)).rejects.toThrow('failed');
  });

  it('returns "aborted" when the signal aborts first, or has already', async () => {
    const controller = new AbortController();
    const racing = unlessAborted(new Promise(() => {}), controller.signal);
    controller.abort();
    expect(await racing).toBe('aborted');
    expect(await unlessAborted(new Promise(() => {}), controller.signal)).toBe('aborted');
  });

  it('leaves no abort listener behind once the race is over', async () => {
    const controller = new AbortController();
    let listeners = 0;
    const signal = controller.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof remove;
    for (let i = 0; i < 5; i++) await unlessAborted(Promise.resolve(i), signal);
    expect(listeners).toBe(0);
  });
});
