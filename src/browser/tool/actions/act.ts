/** act: click, type, fill, select, check, press, hover or drag an element by its snapshot ref, or wait for the page. */
import type { Frame, HTTPRequest } from 'puppeteer-core';
import { ACT_KINDS, perform, type ActKind } from '../element-ops.js';
import { documentIdOf } from '../ax-tree.js';
import { dragElement } from '../drag.js';
import { resolveRef, type LiveElement } from '../element.js';
import type { ToolTab } from '../tool-browser.js';
import { watch } from '../navigation.js';
import { LOAD_STATES, MAX_WAIT_MS, waitInTab, type WaitFor } from '../wait.js';
import { DOWNLOAD_REPORT_MS, MAX_NAVIGATION_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS, navigationTimeout } from '../../page/navigate.js';
import { later, waitUntil } from '../../../util/timing.js';
import { isFailure, pickTab, renderHappenings, renderSnapshotData, TAB_PARAM, takeSnapshot, TIMEOUT_PARAM, type SnapshotData } from './common.js';
import { badInput, defineAction, fail, type ActionFailure } from './define.js';

const ACT_CHOICES = [...ACT_KINDS, 'drag', 'wait'] as const;

/** How long after the input a navigation may still start and count as caused by it. */
const NAVIGATION_START_MS = 500;
const DOM_READY_MS = 3_000;
const POPUP_WAIT_MS = 2_000;

/**
 * Watches the main frame while an act runs. settle() waits for a navigation the
 * act started (commit, then DOMContentLoaded for a short while) and says whether
 * the main frame now shows another document.
 */
function watchMainFrame(tab: ToolTab, documentId: string) {
  const { page } = tab;
  let started: () => void = () => {};
  let ended: () => void = () => {};
  let committed: () => void = () => {};
  let ready: () => void = () => {};
  const start = new Promise<'started'>((resolve) => (started = () => resolve('started')));
  const end = new Promise<'ended'>((resolve) => (ended = () => resolve('ended')));
  const commit = new Promise<'committed'>((resolve) => (committed = () => resolve('committed')));
  const domReady = new Promise<'ready'>((resolve) => (ready = () => resolve('ready')));
  const main = (request: HTTPRequest) => request.isNavigationRequest() && request.frame() === page.mainFrame();
  const onRequest = (request: HTTPRequest) => main(request) && started();
  const onEnd = (request: HTTPRequest) => main(request) && ended();
  const onNavigated = (frame: Frame) => frame === page.mainFrame() && committed();
  page.on('request', onRequest);
  page.on('requestfailed', onEnd);
  page.on('requestfinished', onEnd);
  page.on('framenavigated', onNavigated);
  page.on('domcontentloaded', ready);
  return {
    async settle(timeoutMs: number): Promise<boolean> {
      try {
        const first = await Promise.race([start, commit, later(NAVIGATION_START_MS, 'timeout' as const)]);
        if (first === 'started') {
          // A download or a 204 ends the request without a new document.
          const downloadsBefore = tab.guards?.downloads.length ?? 0;
          const outcome = await Promise.race([commit, end.then(() => downloadReported(tab, downloadsBefore)), later(timeoutMs, 'timeout' as const)]);
          if (outcome === 'committed' || (await Promise.race([commit, later(0, 'timeout' as const)])) === 'committed') await Promise.race([domReady, later(DOM_READY_MS, 'timeout' as const)]);
        }
        const now = await documentIdOf(tab.cdp).catch(() => ({ documentId }));
        return now.documentId !== documentId;
      } finally {
        page.off('request', onRequest);
        page.off('requestfailed', onEnd);
        page.off('requestfinished', onEnd);
        page.off('framenavigated', onNavigated);
        page.off('domcontentloaded', ready);
      }
    },
  };
}

/** A request that ended without a document may be a download, which Chrome reports a moment later. */
async function downloadReported(tab: ToolTab, before: number): Promise<'ended'> {
  await waitUntil(() => (tab.guards?.downloads.length ?? 0) > before, DOWNLOAD_REPORT_MS);
  return 'ended';
}

/** Popups announced by the page (window.open) take a moment to become tabs. */
async function awaitPopups(tab: ToolTab, announcedBefore: number, adoptedBefore: number): Promise<void> {
  const announced = () => (tab.guards?.popups.length ?? 0) - announcedBefore;
  await waitUntil(() => tab.popups.length - adoptedBefore >= announced(), POPUP_WAIT_MS);
}

/** act wait: its result in the shape of the other kinds' (nothing was clicked, nothing navigated). */
async function actWait(tab: ToolTab, input: WaitFor & { timeoutMs?: number | undefined }, signal: AbortSignal | undefined) {
  const waited = await waitInTab(tab, input, navigationTimeout(input.timeoutMs), signal);
  if (!waited.ok) return waited.badInput ? badInput(waited.error) : fail(waited.error, 'take a snapshot to see what the page shows, or give it longer with timeoutMs');
  return { ok: true as const, kind: 'wait', ref: input.ref ?? '', detail: waited.matched === 'time' ? `waited ${waited.waitedMs} ms` : `${waited.matched} after ${waited.waitedMs} ms`, waitedMs: waited.waitedMs, navigated: false, url: tab.page.url() };
}

/** The element a kind acts on, and for drag the one it drops on. */
async function elementsOf(tab: ToolTab, kind: string, ref: string | undefined, endRef: string | undefined): Promise<{ element: LiveElement; end?: LiveElement } | ActionFailure> {
  if (!ref) return badInput(`act needs ref for ${kind}`);
  const resolved = await resolveRef(tab, ref);
  if (!resolved.ok) return badInput(resolved.error);
  if (kind !== 'drag') return { element: resolved.element };
  if (!endRef) return badInput('act drag needs endRef (the element to drop on)');
  const end = await resolveRef(tab, endRef);
  if (!end.ok) return badInput(end.error);
  return { element: resolved.element, end: end.element };
}

export const act = defineAction({
  name: 'act',
  description:
    'Act on an element by its snapshot ref: click, type (append text), fill (replace text), select (an option by value or label), ' +
    'check (value "false" unchecks), press (a key such as Enter, with the element focused), hover, drag (ref onto endRef), ' +
    'wait (timeMs; or until text appears, selector or ref is visible, or state "parsed" or "loaded" is reached, within timeoutMs: use it after an open or snapshot that says the page is still loading). ' +
    "If it navigates, the new page's efficient snapshot comes back.",
  params: {
    kind: { type: 'string', description: ACT_CHOICES.join(', '), required: true, choices: ACT_CHOICES },
    ref: { type: 'string', description: 'element ref from the last snapshot (e5); for wait, wait until it is visible' },
    endRef: { type: 'string', description: 'drag: the ref to drop on' },
    value: { type: 'string', description: 'text for type/fill, option for select, key for press, false to uncheck' },
    timeMs: { type: 'integer', description: `wait: this many ms (at most ${MAX_WAIT_MS})`, min: 1, max: MAX_WAIT_MS },
    text: { type: 'string', description: 'wait: until the page text contains this' },
    selector: { type: 'string', description: 'wait: until this CSS selector matches a visible element' },
    state: { type: 'string', description: 'wait: until the document is parsed (all its HTML read) or loaded (the load event)', choices: LOAD_STATES },
    timeoutMs: { ...TIMEOUT_PARAM, description: `navigation timeout, and for wait the longest wait, in ms (default ${NAVIGATION_TIMEOUT_MS}, at most ${MAX_NAVIGATION_TIMEOUT_MS})` },
    tab: TAB_PARAM,
  },
  positional: ['kind', 'ref', 'value'],
  async run(input, { browser, signal }) {
    // Bad input first, as for a missing required parameter: it needs no tab.
    if (input.kind !== 'wait' && !input.ref) return badInput(`act needs ref for ${input.kind}`);
    if (input.kind === 'drag' && !input.endRef) return badInput('act drag needs endRef (the element to drop on)');
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    if (input.kind === 'wait') return actWait(tab, input, signal);
    const elements = await elementsOf(tab, input.kind, input.ref, input.endRef);
    if (isFailure(elements)) return elements;
    const { documentId } = await documentIdOf(tab.cdp);
    const events = watch(tab);
    const popupsAnnounced = tab.guards?.popups.length ?? 0;
    const popupsAdopted = tab.popups.length;
    const navigation = watchMainFrame(tab, documentId);
    const done = elements.end ? await dragElement(elements.element, elements.end) : await perform(elements.element, input.kind as ActKind, input.value);
    const navigated = await navigation.settle(navigationTimeout(input.timeoutMs));
    await awaitPopups(tab, popupsAnnounced, popupsAdopted);
    if (!done.ok) return { ...fail(done.error), ...events.since() };
    let snapshot: SnapshotData | undefined;
    if (navigated) snapshot = await takeSnapshot(tab, { mode: 'efficient' }).catch(() => undefined);
    return {
      ok: true,
      kind: input.kind,
      ref: elements.element.ref,
      ...(done.detail ? { detail: done.detail } : {}),
      navigated,
      url: tab.page.url(),
      ...events.since(),
      ...(snapshot ? { page: snapshot } : {}),
      untrusted: ['page', 'dialogs'],
    };
  },
  render: (result) =>
    [
      `${result.kind}${result.ref ? ` ${result.ref}` : ''}: done${result.detail ? ` (${result.detail})` : ''}${result.navigated ? `; navigated to ${result.url}` : ''}`,
      ...('dialogs' in result ? renderHappenings(result) : []),
      ...('page' in result && result.page ? [renderSnapshotData(result.page)] : []),
    ].join('\n'),
});
