/**
 * The research browser over one run: started early (Chromium launches while
 * the model rewrites the question), relaunched once if it died, closed while
 * the conclusion is written, and always closed at the end, even while still launching.
 */
import type { ResearchBrowser } from '../browser/types.js';

export class BrowserLifecycle {
  private current: ResearchBrowser | undefined;
  private launching: Promise<ResearchBrowser> | undefined;
  private closing: Promise<void> | undefined;
  private relaunched = false;

  constructor(private readonly open: () => Promise<ResearchBrowser>) {}

  /** Start launching now; a launch failure shows when the browser is first needed. */
  start(): void {
    const launching = this.open();
    this.launching = launching;
    // Up as soon as the launch ends, so prefetching can start before the first get() (browser search launches it too).
    launching.then(
      (browser) => {
        if (this.launching !== launching) return;
        this.current = browser;
        this.launching = undefined;
      },
      () => undefined,
    );
  }

  /** The browser, once it is up, when it is needed for prefetching only. */
  get ready(): ResearchBrowser | undefined {
    return this.current;
  }

  async get(): Promise<ResearchBrowser> {
    if (!this.current) {
      const pending = this.launching ?? this.open();
      this.launching = undefined;
      this.current = await pending;
    }
    return this.current;
  }

  /** The browser itself is gone (not just a tab) and was not relaunched yet. */
  mayRelaunch(): boolean {
    return !this.relaunched && this.current !== undefined && !this.current.alive();
  }

  async relaunch(): Promise<void> {
    this.relaunched = true;
    await this.current?.close().catch(() => undefined);
    this.current = undefined;
    this.current = await this.open();
  }

  /** Browsing is over: Chromium shuts down while the model writes the conclusion. */
  closeSoon(): void {
    this.closing = this.current?.close().catch(() => undefined);
    this.current = undefined;
  }

  /**
   * Close whatever is still open, a browser still launching once it is up.
   * After a second Ctrl-C (hardStop) what was learnt is handed over at once:
   * the browser closes meanwhile, or is killed with the process.
   */
  async end(hardStop: AbortSignal): Promise<void> {
    const closed = Promise.all([this.current?.close(), this.closing, this.launching?.then((b) => b.close(), () => undefined)]);
    if (hardStop.aborted) void closed.catch(() => undefined);
    else await closed;
  }
}
