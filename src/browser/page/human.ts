/**
 * Human-like behaviour around the agent's navigations: a short random pause
 * before, and a few random wheel scrolls after the page is up. Injectable so
 * tests run with none (NO_HUMAN) or with a seeded random source.
 */
import type { Page } from 'puppeteer-core';
import { sleep } from '../../util/timing.js';

export interface HumanBehaviour {
  /** Pause before a navigation, in ms: [min, max]. */
  pauseMs: readonly [number, number];
  /** Number of scrolls after load: [min, max]. */
  scrolls: readonly [number, number];
  /** Pixels per scroll: [min, max]. */
  scrollPx: readonly [number, number];
  /** Pause between scrolls, in ms: [min, max]. */
  scrollPauseMs: readonly [number, number];
  /** Source of randomness in [0, 1). */
  random: () => number;
}

export const HUMAN: HumanBehaviour = {
  pauseMs: [200, 700],
  scrolls: [1, 3],
  scrollPx: [200, 700],
  scrollPauseMs: [100, 350],
  random: Math.random,
};

export const NO_HUMAN: HumanBehaviour = {
  pauseMs: [0, 0],
  scrolls: [0, 0],
  scrollPx: [0, 0],
  scrollPauseMs: [0, 0],
  random: () => 0,
};

/** A whole number in [min, max]. */
export function between(range: readonly [number, number], random: () => number): number {
  const [min, max] = range;
  return Math.floor(min + random() * (max - min + 1));
}

/** The pause before a navigation; an abort (a cancelled prefetch, Ctrl-C) cuts it short. */
export async function pauseBeforeNavigation(human: HumanBehaviour, signal?: AbortSignal): Promise<void> {
  const ms = between(human.pauseMs, human.random);
  if (ms > 0) await sleep(ms, signal).catch(() => undefined);
}

/**
 * Move the mouse somewhere on the viewport and scroll with the wheel, mostly
 * down and sometimes back up. Returns how many scrolls were made. Failures
 * (a page navigating away mid-scroll) end the scrolling quietly.
 */
export async function scrollLikeAPerson(page: Page, human: HumanBehaviour): Promise<number> {
  const count = between(human.scrolls, human.random);
  if (count <= 0) return 0;
  const viewport = page.viewport() ?? { width: 1920, height: 1080 };
  let done = 0;
  try {
    await page.mouse.move(between([100, viewport.width - 100], human.random), between([100, viewport.height - 100], human.random), { steps: 4 });
    for (let i = 0; i < count; i++) {
      // A pause between two scrolls; after the last, only the frame in which the page handles it.
      if (i > 0) await sleep(between(human.scrollPauseMs, human.random));
      const up = i > 0 && human.random() < 0.2;
      const px = between(human.scrollPx, human.random);
      await page.mouse.wheel({ deltaY: up ? -px : px });
      done += 1;
    }
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  } catch {
    // the page went away; the caller reads whatever is there
  }
  return done;
}
