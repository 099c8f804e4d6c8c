/**
 * The browser tool's side of the navigation path (page/navigate.ts): its own
 * tab and settings, the hint a refusal deserves, and what happened in the tab
 * while an action ran (dialogs, downloads, popups).
 */
import { NO_HUMAN } from '../page/human.js';
import { checkTarget, navigate } from '../page/navigate.js';
import { ALLOW_PRIVATE_HINT } from '../page/url-guard.js';
import type { DialogRecord } from '../page/setup.js';
import type { PopupNote, ToolTab, ToolBrowser } from './tool-browser.js';

/** What happened in a tab while an action ran. */
export interface Happenings {
  dialogs: DialogRecord[];
  downloads: string[];
  popups: PopupNote[];
}

/** Marks the tab's event lists now; `since()` returns what was added after. */
export function watch(tab: ToolTab): { since(): Happenings } {
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
  | {
      ok: false;
      error: string;
      hint?: string;
      /** The URL turned out to be a file: Chrome began a download, which scout refuses. */
      download?: string;
      /** The caller gave up (its signal aborted) before the page was up. */
      interrupted?: true;
    };

/** Refuse a URL the guard would refuse, before any tab is touched. */
export async function checkToolTarget(browser: ToolBrowser, url: string): Promise<{ ok: true; href: string } | { ok: false; error: string; hint: string }> {
  const verdict = await checkTarget(url, browser.options.allowPrivateNetwork, browser.resolver);
  if (verdict.ok) return verdict;
  return { ok: false, error: verdict.error, hint: verdict.privateAddress ? ALLOW_PRIVATE_HINT : 'give an http:// or https:// URL' };
}

/**
 * Navigate a tool tab (open, navigate), returned once the page committed. No person's pause or
 * scrolls unless the options ask for them: the agent calling the tool sets its own pace.
 * A signal stops the navigation at once.
 */
export async function navigateTab(browser: ToolBrowser, tab: ToolTab, href: string, timeoutMs: number | undefined, signal?: AbortSignal): Promise<NavigationOutcome> {
  const { human = NO_HUMAN, commitGraceMs = 10_000, interstitialWaitMs } = browser.options;
  const downloadsBefore = tab.guards?.downloads.length ?? 0;
  const target = { page: tab.page, guards: tab.guards, crashed: () => tab.crashed };
  const nav = await navigate(target, href, { timeoutMs, human, commitGraceMs, interstitialWaitMs, signal }, () => browser.titleOf(tab));
  if (!nav.ok) {
    if (signal?.aborted) return { ok: false, error: 'interrupted: the call was cancelled before the page was up', interrupted: true };
    const download = tab.guards?.downloads.slice(downloadsBefore)[0];
    if (download) return { ok: false, error: nav.error, download };
    return { ok: false, error: nav.error, ...(nav.refused?.privateAddress ? { hint: ALLOW_PRIVATE_HINT } : {}) };
  }
  return { ok: true, url: tab.page.url(), title: nav.value, status: nav.status, ...(nav.interstitial ? { interstitial: nav.interstitial } : {}) };
}

/** What the model reads when a navigation ended in a download instead of a page. */
export const DOWNLOAD_NOTE = 'the URL is a file, not a page: Chrome began a download, which scout refuses (it reads web pages, PDFs and text files, not other files)';
