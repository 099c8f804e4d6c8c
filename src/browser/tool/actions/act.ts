/** act: click, type, fill, select, check, press or hover an element by its snapshot ref. */
import type { Frame, HTTPRequest } from 'puppeteer-core';
import { ACT_KINDS, perform } from '../element-ops.js';
import { documentIdOf } from '../ax-tree.js';
import { resolveRef } from '../element.js';
import type { ToolTab } from '../tool-browser.js';
import { watch } from '../navigation.js';
import { DOWNLOAD_REPORT_MS, navigationTimeout } from '../../page/navigate.js';
import { later, waitUntil } from '../../../util/timing.js';
import { isFailure, pickTab, renderHappenings, renderSnapshotData, TAB_PARAM, takeSnapshot, TIMEOUT_PARAM, type SnapshotData } from './common.js';
import { badInput, defineAction, fail } from './define.js';

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

export const act = defineAction({
  name: 'act',
  description:
    'Act on an element by its snapshot ref: click, type (append text), fill (replace text), select (an option by value or label), ' +
    'check (value "false" unchecks), press (a key such as Enter, with the element focused), hover. If it navigates, the new page\'s efficient snapshot comes back.',
  params: {
    kind: { type: 'string', description: ACT_KINDS.join(', '), required: true, choices: ACT_KINDS },
    ref: { type: 'string', description: 'element ref from the last snapshot (e5)', required: true },
    value: { type: 'string', description: 'text for type/fill, option for select, key for press, false to uncheck' },
    timeoutMs: TIMEOUT_PARAM,
    tab: TAB_PARAM,
  },
  positional: ['kind', 'ref', 'value'],
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    const resolved = await resolveRef(tab, input.ref);
    if (!resolved.ok) return badInput(resolved.error);
    const { documentId } = await documentIdOf(tab.cdp);
    const events = watch(tab);
    const popupsAnnounced = tab.guards?.popups.length ?? 0;
    const popupsAdopted = tab.popups.length;
    const navigation = watchMainFrame(tab, documentId);
    const done = await perform(resolved.element, input.kind, input.value);
    const navigated = await navigation.settle(navigationTimeout(input.timeoutMs));
    await awaitPopups(tab, popupsAnnounced, popupsAdopted);
    if (!done.ok) return { ...fail(done.error), ...events.since() };
    let snapshot: SnapshotData | undefined;
    if (navigated) snapshot = await takeSnapshot(tab, { mode: 'efficient' }).catch(() => undefined);
    return {
      ok: true,
      kind: input.kind,
      ref: input.ref,
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
      `${result.kind} ${result.ref}: done${result.detail ? ` (${result.detail})` : ''}${result.navigated ? `; navigated to ${result.url}` : ''}`,
      ...renderHappenings(result),
      ...(result.page ? [renderSnapshotData(result.page)] : []),
    ].join('\n'),
});
