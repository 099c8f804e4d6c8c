/** The hidden SCOUT_PREFETCH switch bench:research uses to measure without prefetching. */
import { describe, expect, it } from 'vitest';
import { prefetchTabs } from '../../src/browser/session/research-browser.js';

describe('SCOUT_PREFETCH', () => {
  it('defaults to two tabs, takes 0 to 3, and ignores anything else', () => {
    expect(prefetchTabs({})).toBe(2);
    expect(prefetchTabs({ SCOUT_PREFETCH: '0' })).toBe(0);
    expect(prefetchTabs({ SCOUT_PREFETCH: '3' })).toBe(3);
    for (const bad of ['', 'off', '4', '-1', '1.5']) expect(prefetchTabs({ SCOUT_PREFETCH: bad })).toBe(2);
  });
});
