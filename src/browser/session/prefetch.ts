/**
 * Pages loaded ahead, each in a tab of its own, while the model reads the
 * current one. Only the latest list of wanted URLs is kept: a load for a URL
 * that drops off the list is cancelled and its tab closed at once.
 */

/** One page loading ahead. `tab` is set as soon as its tab exists, so a cancel can close it mid-load. */
export interface Ahead<T, R> {
  url: string;
  controller: AbortController;
  tab?: T;
  /** The load; undefined when it never started (refused by the guard, no tab, cancelled). Never rejects. */
  done: Promise<R | undefined>;
}

export interface PrefetchDriver<T, R> {
  /** Start loading url in a new tab; set ahead.tab once it exists; honour ahead.controller.signal. */
  start(ahead: Ahead<T, R>): Promise<R | undefined>;
  closeTab(tab: T): Promise<void>;
}

export class Prefetcher<T, R> {
  private readonly ahead = new Map<string, Ahead<T, R>>();

  constructor(
    private readonly driver: PrefetchDriver<T, R>,
    /** At most this many tabs load ahead; 0 turns prefetching off. */
    readonly maxTabs: number,
  ) {}

  /** Keep loading exactly these URLs (the first maxTabs of them): start the new ones, cancel the rest. */
  want(urls: readonly string[]): void {
    const keep = [...new Set(urls)].slice(0, this.maxTabs);
    for (const [url, ahead] of this.ahead) if (!keep.includes(url)) this.cancel(ahead);
    for (const url of keep) {
      if (this.ahead.has(url)) continue;
      const ahead: Ahead<T, R> = { url, controller: new AbortController(), done: Promise.resolve(undefined) };
      ahead.done = this.driver.start(ahead).catch(() => undefined);
      this.ahead.set(url, ahead);
    }
  }

  /** Hand over the load of url, if one is under way; the caller owns its tab from now on. */
  take(url: string): Ahead<T, R> | undefined {
    const ahead = this.ahead.get(url);
    this.ahead.delete(url);
    return ahead;
  }

  /** URLs loading ahead now. */
  urls(): string[] {
    return [...this.ahead.keys()];
  }

  /** Stop a load and close its tab, now and, should the tab appear later, then. */
  cancel(ahead: Ahead<T, R>): void {
    // A load already taken may be cancelled after a new one for its URL started: leave that one be.
    if (this.ahead.get(ahead.url) === ahead) this.ahead.delete(ahead.url);
    ahead.controller.abort();
    const close = () => (ahead.tab ? this.driver.closeTab(ahead.tab) : Promise.resolve());
    void close();
    void ahead.done.then(close);
  }

  /** Cancel every load and wait until their tabs are closed. */
  async cancelAll(): Promise<void> {
    const all = [...this.ahead.values()];
    for (const ahead of all) this.cancel(ahead);
    await Promise.all(all.map((ahead) => ahead.done.then(() => (ahead.tab ? this.driver.closeTab(ahead.tab) : undefined))));
  }
}
