/**
 * One Chromium for the whole batch (launched, or a --cdp-url one such as a
 * browserless pool), lent to each research run as an incognito context of its
 * own: the runs share the process but not their cookies or storage. Should the
 * browser die, the next lease launches a new one.
 */
import type { LaunchedBrowser, LaunchOptions } from '../browser/launch/launch.js';
import type { Tracer } from '../trace.js';

export interface ChromiumPool {
  lease(): Promise<LaunchedBrowser>;
  close(): Promise<void>;
}

export function chromiumPool(options: LaunchOptions, trace: Tracer): ChromiumPool {
  let shared: Promise<LaunchedBrowser> | undefined;
  let closed = false;

  const launch = async (): Promise<LaunchedBrowser> => {
    const { launchBrowser } = await import('../browser/launch/launch.js');
    const launched = await launchBrowser(options);
    trace({ type: 'browser', pid: launched.pid, connected: launched.connected });
    return launched;
  };

  /** Launched once for all leases, even those asking at the same moment; again after it died or failed to launch. */
  let current: LaunchedBrowser | undefined;
  const browser = (): Promise<LaunchedBrowser> => {
    if (!shared || current?.browser.connected === false) {
      current = undefined;
      const launching = launch().then((launched) => (current = launched));
      launching.catch(() => {
        if (shared === launching) shared = undefined;
      });
      shared = launching;
    }
    return shared;
  };

  return {
    async lease() {
      if (closed) throw new Error('the batch is over');
      const launched = await browser();
      const context = await launched.browser.createBrowserContext();
      return {
        ...launched,
        context,
        // The blank tab Chromium opened at launch belongs to no run's context.
        startPage: async () => undefined,
        close: async () => {
          if (launched.browser.connected) await context.close().catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      await (await shared?.catch(() => undefined))?.close();
    },
  };
}
