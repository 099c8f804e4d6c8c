/**
 * act wait: for a time, or until text appears, a CSS selector matches a
 * visible element, a snapshot ref's element is visible, or the document
 * reaches a load state (parsed: all its HTML read; loaded: the load event),
 * bounded by a timeout. It is how an agent waits after an `open` that returned before the
 * page finished loading. Every look at the page is bounded too: a page stuck
 * in a script makes the wait time out, never hang.
 */
import { boxOf } from '../page/elements.js';
import { sleep, within } from '../../util/timing.js';
import { resolveRef } from './element.js';
import type { ToolTab } from './tool-browser.js';

export const MAX_WAIT_MS = 120_000;
const POLL_MS = 100;

export interface WaitFor {
  timeMs?: number | undefined;
  text?: string | undefined;
  selector?: string | undefined;
  ref?: string | undefined;
  state?: LoadState | undefined;
}

export const LOAD_STATES = ['parsed', 'loaded'] as const;
export type LoadState = (typeof LOAD_STATES)[number];

export type Waited = { ok: true; waitedMs: number; matched: string } | { ok: false; error: string; badInput?: true };

const LOOK = `(text, selector, state) => {
  if (state) return state === 'loaded' ? document.readyState === 'complete' : document.readyState !== 'loading';
  if (text) return Boolean(document.body) && document.body.innerText.includes(text);
  let element;
  try { element = document.querySelector(selector); } catch (e) { return 'invalid selector: ' + e.message; }
  if (!element || element.getClientRects().length === 0) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none';
}`;

/** One look: true when the condition holds, a string when it never can (a bad selector). */
async function look(tab: ToolTab, wanted: WaitFor): Promise<boolean | string> {
  if (wanted.ref) {
    const resolved = await resolveRef(tab, wanted.ref);
    return resolved.ok && (await boxOf(resolved.element, { scroll: false })) !== undefined;
  }
  return (await tab.page.evaluate(`(${LOOK})(${JSON.stringify(wanted.text ?? '')}, ${JSON.stringify(wanted.selector ?? '')}, ${JSON.stringify(wanted.state ?? '')})`)) as boolean | string;
}

function describe(wanted: WaitFor): string {
  if (wanted.text !== undefined) return `text ${JSON.stringify(wanted.text)}`;
  if (wanted.selector !== undefined) return `selector ${wanted.selector}`;
  if (wanted.state !== undefined) return `state ${wanted.state}`;
  return `ref ${wanted.ref}`;
}

/** Wait as asked; the signal (a cancelled call) ends the wait at once. */
export async function waitInTab(tab: ToolTab, wanted: WaitFor, timeoutMs: number, signal?: AbortSignal): Promise<Waited> {
  const started = Date.now();
  const conditions = [wanted.text, wanted.selector, wanted.ref, wanted.state].filter((c) => c !== undefined).length;
  if (conditions > 1) return { ok: false, error: 'act wait takes one of text, selector, ref or state', badInput: true };
  if (conditions === 0) {
    if (wanted.timeMs === undefined) return { ok: false, error: 'act wait needs timeMs, text, selector, ref or state', badInput: true };
    await sleep(Math.min(wanted.timeMs, MAX_WAIT_MS), signal).catch(() => {});
    return { ok: true, waitedMs: Date.now() - started, matched: 'time' };
  }
  const deadline = started + timeoutMs;
  while (!signal?.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const seen = await within(look(tab, wanted), left, () => new Error('timeout')).catch(() => false);
    if (typeof seen === 'string') return { ok: false, error: seen, badInput: true };
    if (seen) return { ok: true, waitedMs: Date.now() - started, matched: describe(wanted) };
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), signal).catch(() => {});
  }
  if (signal?.aborted) return { ok: false, error: 'interrupted: the wait was cancelled' };
  return { ok: false, error: `waited ${timeoutMs} ms: ${describe(wanted)} did not appear` };
}
