/** `scout doctor`'s Chrome line: found, and launchable headless the way scout launches it (stealth included). */
import { isScoutError, messageOf } from '../../errors.js';
import type { HealthCheck } from '../../health.js';
import { findChrome, installHint } from './chrome.js';
import { launchBrowser } from './launch.js';

/** With --cdp-url, what scout cannot guard in a browser it did not launch: one doctor line, none otherwise. */
export function cdpUrlNote(cdpUrl: string | undefined): HealthCheck[] {
  if (!cdpUrl) return [];
  return [{ name: '--cdp-url', ok: true, detail: "requests of that browser are not routed through scout's egress proxy; only the page-level URL guard applies" }];
}

export async function checkChrome(explicit: string | undefined): Promise<HealthCheck> {
  const name = 'Chrome';
  let executablePath: string;
  try {
    executablePath = findChrome(explicit);
  } catch (error) {
    return { name, ok: false, detail: messageOf(error), hint: installHint() };
  }
  try {
    const launched = await launchBrowser({ chrome: executablePath, headful: false, stealth: true });
    const version = await launched.browser.version().finally(() => launched.close());
    return { name, ok: true, detail: `${version} at ${executablePath}` };
  } catch (error) {
    return { name, ok: false, detail: messageOf(error), hint: isScoutError(error) ? error.hint : undefined };
  }
}
