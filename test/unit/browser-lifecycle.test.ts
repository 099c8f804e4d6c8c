/** The research browser over a run, with stand-in browsers: no Chromium. */
import { describe, expect, it } from 'vitest';
import { BrowserLifecycle } from '../../src/agent/browser-lifecycle.js';
import type { ResearchBrowser } from '../../src/browser/types.js';

function standIn(name: string, log: string[]): ResearchBrowser & { dead: boolean } {
  const browser = {
    dead: false,
    load: () => Promise.reject(new Error('not used')),
    close: async () => {
      log.push(`close ${name}`);
    },
    fillForm: () => Promise.reject(new Error('not used')),
    prefetch: () => undefined,
    alive: () => !browser.dead,
    read: () => {
      throw new Error('not used');
    },
  };
  return browser;
}

function opener(log: string[]) {
  let n = 0;
  const opened: (ResearchBrowser & { dead: boolean })[] = [];
  const open = async () => {
    const browser = standIn(`b${++n}`, log);
    log.push(`open b${n}`);
    opened.push(browser);
    return browser;
  };
  return { open, opened };
}

const running = new AbortController().signal;

describe('BrowserLifecycle', () => {
  it('is ready for prefetching as soon as the early launch ends, before anything asked for it', async () => {
    const log: string[] = [];
    const browsers = new BrowserLifecycle(opener(log).open);
    browsers.start();
    expect(browsers.ready).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(browsers.ready).toBeDefined();
    expect(await browsers.get()).toBe(browsers.ready);
    await browsers.end(running);
    expect(log).toEqual(['open b1', 'close b1']);
  });

  it('starts launching at once and hands that browser over when it is first needed', async () => {
    const log: string[] = [];
    const browsers = new BrowserLifecycle(opener(log).open);
    browsers.start();
    expect(log).toEqual(['open b1']);
    expect(browsers.ready).toBeUndefined();
    const first = await browsers.get();
    expect(await browsers.get()).toBe(first);
    expect(browsers.ready).toBe(first);
    expect(log).toEqual(['open b1']);
  });

  it('relaunches a dead browser once, never twice', async () => {
    const log: string[] = [];
    const { open, opened } = opener(log);
    const browsers = new BrowserLifecycle(open);
    await browsers.get();
    expect(browsers.mayRelaunch()).toBe(false);
    opened[0]!.dead = true;
    expect(browsers.mayRelaunch()).toBe(true);
    await browsers.relaunch();
    expect(await browsers.get()).toBe(opened[1]);
    opened[1]!.dead = true;
    expect(browsers.mayRelaunch()).toBe(false);
    expect(log).toEqual(['open b1', 'close b1', 'open b2']);
  });

  it('closes the browser while the conclusion is written, and waits for it at the end', async () => {
    const log: string[] = [];
    const browsers = new BrowserLifecycle(opener(log).open);
    await browsers.get();
    browsers.closeSoon();
    expect(log).toEqual(['open b1', 'close b1']);
    expect(browsers.ready).toBeUndefined();
    await browsers.end(running);
    expect(log).toEqual(['open b1', 'close b1']);
  });

  it('closes a browser still launching when the run ends early', async () => {
    const log: string[] = [];
    let finish: (b: ResearchBrowser) => void = () => undefined;
    const late = standIn('late', log);
    const browsers = new BrowserLifecycle(() => new Promise((resolve) => (finish = resolve)));
    browsers.start();
    const ended = browsers.end(running);
    finish(late);
    await ended;
    expect(log).toEqual(['close late']);
  });

  it('does not wait for the close after a hard stop', async () => {
    const log: string[] = [];
    const browsers = new BrowserLifecycle(() => new Promise<ResearchBrowser>(() => undefined));
    browsers.start();
    const hardStop = new AbortController();
    hardStop.abort();
    await browsers.end(hardStop.signal);
    expect(log).toEqual([]);
  });

  it('shows a launch failure when the browser is needed, not before', async () => {
    const browsers = new BrowserLifecycle(() => Promise.reject(new Error('Chrome not found')));
    browsers.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(browsers.get()).rejects.toThrow('Chrome not found');
  });
});
