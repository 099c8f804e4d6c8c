/**
 * Screenshots, snapshots and text wait on the tab's renderer. A page stuck in
 * a script (`while (true) {}`) would hold them until puppeteer's protocol
 * timeout and answer "Increase the protocolTimeout". Here a capture is bounded;
 * one that overran leaves its tab "recovering": further captures and resizes
 * of that tab answer so at once until the late one ends. Closing the tab and
 * opening the page again is the way out.
 */
import { ScoutError } from '../../errors.js';
import { within } from '../../util/timing.js';
import type { ToolTab } from './tool-browser.js';

/** How long one screenshot, snapshot or text read may take before the page counts as busy. */
export const CAPTURE_TIMEOUT_MS = 10_000;

const wayOut = (tab: ToolTab) => `close it and open the page again (\`close ${tab.id}\`, \`open <url>\`), or try again later`;

/** A failure when the tab is still busy with a capture that overran. */
export function refuseWhileRecovering(tab: ToolTab): void {
  if (tab.recovering) throw new ScoutError('BROWSER_ACTION_FAILED', `tab ${tab.id} is recovering: its last ${tab.recovering.what} has not finished yet (the page is busy)`, wayOut(tab));
}

/** Run work (what: "screenshot", "snapshot", ...) on the tab's renderer, bounded by ms. */
export async function capture<T>(tab: ToolTab, what: string, work: () => Promise<T>, ms = CAPTURE_TIMEOUT_MS): Promise<T> {
  refuseWhileRecovering(tab);
  const running = work();
  const overran = new ScoutError('BROWSER_ACTION_FAILED', `the ${what} of ${tab.id} did not finish within ${ms / 1000} s: the page is busy (a script may be stuck)`, `${tab.id} is recovering until it ends; ${wayOut(tab)}`);
  try {
    return await within(running, ms, () => overran);
  } catch (error) {
    if (error === overran) {
      const recovering = { what, done: running.then(() => undefined, () => undefined) };
      tab.recovering = recovering;
      void recovering.done.then(() => {
        if (tab.recovering === recovering) tab.recovering = undefined;
      });
    }
    throw error;
  }
}
