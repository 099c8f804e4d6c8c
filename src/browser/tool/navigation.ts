/**
 * Navigations of the browser tool (open, navigate): checked by the URL guard,
 * returned once the page committed, with what happened on the way (dialogs,
 * downloads, popups) and the reason when it failed.
 */
import { messageOf } from '../../errors.js';
import { COMMIT_GRACE_MS, gotoCommitted } from '../page/navigate.js';
import { HUMAN, pauseBeforeNavigation, scrollLikeAPerson } from '../page/human.js';
import { INTERSTITIAL_WAIT_MS, waitOutInterstitial } from '../page/interstitial.js';
import { ALLOW_PRIVATE_HINT, checkUrlResolved } from '../page/url-guard.js';
import type { DialogRecord } from '../page/setup.js';
import type { PopupNote, Tab, ToolBrowser } from './tool-browser.js';

export const DEFAULT_OPEN_TIMEOUT_MS = 30_000;

/** What happened in a tab while an action ran. */
export interface Happenings {
  dialogs: DialogRecord[];
  downloads: string[];
  popups: PopupNote[];
}

/** Marks the tab's event lists now; `since()` returns what was added after. */
export function watch(tab: Tab): { since(): Happenings } {
  const mark = { dialogs: tab.dialogs.length, downloads: tab.guards?.downloads.length ?? 0, popups: tab.popups.length };
  return {
    since: () => ({
      dialogs: tab.dialogs.slice(mark.dialogs),
      downloads: tab.guards?.downloads.slice(mark.downloads) ?? [],
      popups: tab.popups.slice(mark.popups),
    }),
  };
}

export type NavigationOutcome =
  | { ok: true; url: string; title: string; status: number | null; interstitial?: string }
  | { ok: false; error: string; hint?: string; refused: boolean };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Refuse a URL the guard would refuse, before any tab is touched. */
export async function checkTarget(browser: ToolBrowser, url: string): Promise<{ ok: true; href: string } | { ok: false; error: string; hint?: string }> {
  const verdict = await checkUrlResolved(url, { allowPrivateNetwork: browser.options.allowPrivateNetwork, navigation: true }, browser.resolver);
  if (verdict.ok) return { ok: true, href: verdict.url.href };
  return { ok: false, error: verdict.reason, ...(verdict.privateAddress ? { hint: ALLOW_PRIVATE_HINT } : { hint: 'give an http:// or https:// URL' }) };
}

export async function navigateTab(browser: ToolBrowser, tab: Tab, href: string, timeoutMs: number): Promise<NavigationOutcome> {
  const human = browser.options.human ?? HUMAN;
  const refusedFrom = tab.guards?.refused.length ?? 0;
  const downloadsFrom = tab.guards?.downloads.length ?? 0;
  try {
    await pauseBeforeNavigation(human);
    const nav = await gotoCommitted(tab.page, href, { timeoutMs, commitGraceMs: browser.options.commitGraceMs ?? COMMIT_GRACE_MS });
    if (!nav.committed) {
      // Chrome reports a refused download only after it aborted the navigation.
      if (/ERR_ABORTED/.test(nav.error ?? '')) await sleep(300);
      const refused = tab.guards?.refused.slice(refusedFrom).find((r) => r.navigation);
      if (refused) return { ok: false, error: refused.reason, refused: true, ...(refused.privateAddress ? { hint: ALLOW_PRIVATE_HINT } : {}) };
      const downloads = tab.guards?.downloads.slice(downloadsFrom) ?? [];
      if (downloads.length > 0) return { ok: false, error: `refused a download (${downloads.join(', ')}): the browser tool reads pages, not files`, refused: true };
      return { ok: false, error: nav.error ?? 'the page did not load', refused: false };
    }
    const interstitial = await waitOutInterstitial(tab.page, browser.options.interstitialWaitMs ?? INTERSTITIAL_WAIT_MS);
    if (!interstitial) await scrollLikeAPerson(tab.page, human);
    const title = await tab.page.title().catch(() => '');
    return { ok: true, url: tab.page.url(), title, status: nav.status, ...(interstitial ? { interstitial } : {}) };
  } catch (error) {
    return { ok: false, error: tab.crashed ? 'the tab crashed while loading the page' : messageOf(error), refused: false };
  }
}
