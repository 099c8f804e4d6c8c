/** Pieces several actions share: the tab to act on, tab summaries, snapshots. */
import { MAX_NAVIGATION_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS } from '../../page/navigate.js';
import { readAxTree } from '../ax-tree.js';
import { capture } from '../capture.js';
import { renderSnapshot, type SnapshotMode } from '../snapshot.js';
import type { ToolTab, ToolBrowser } from '../tool-browser.js';
import { fail, untrustedBlock, type ActionFailure, type ParamSpec } from './define.js';

/** The tab an action acts on: `targetId` in the spec's words, `tab` in scout's older ones. */
export const TAB_PARAM = {
  type: 'string',
  description: 'tab id (t1, t2, ...) as open and tabs report it; default the current tab (targetId and tab name the same parameter)',
  aliases: ['targetId'],
} as const satisfies ParamSpec;
export const TIMEOUT_PARAM = {
  type: 'integer',
  description: `navigation timeout in ms (default ${NAVIGATION_TIMEOUT_MS}, at most ${MAX_NAVIGATION_TIMEOUT_MS})`,
  min: 1,
  max: MAX_NAVIGATION_TIMEOUT_MS,
} as const satisfies ParamSpec;

export interface TabInfo {
  id: string;
  url: string;
  title: string;
  current: boolean;
}

export async function tabInfo(browser: ToolBrowser, tab: ToolTab): Promise<TabInfo> {
  return { id: tab.id, url: tab.page.url(), title: await browser.titleOf(tab), current: browser.current()?.id === tab.id };
}

/** The named tab, or the current one; a failure the model can act on when there is none. */
export function pickTab(browser: ToolBrowser, id: string | undefined, options: { crashedOk?: boolean } = {}): ToolTab | ActionFailure {
  const tab = id ? browser.get(id) : browser.current();
  if (!tab || tab.page.isClosed()) {
    const known = browser.list().map((t) => t.id);
    if (id) return fail(`no tab ${id}`, known.length ? `open tabs: ${known.join(', ')}` : 'open one with `open <url>`', 'BAD_INPUT');
    return fail('no tab is open', 'open one with `open <url>` first', 'BAD_INPUT');
  }
  if (tab.crashed && !options.crashedOk) return fail(`tab ${tab.id} crashed`, `close it and open the page again (\`close ${tab.id}\`, \`open <url>\`)`);
  return tab;
}

export const isFailure = (value: unknown): value is ActionFailure => typeof value === 'object' && value !== null && (value as ActionFailure).ok === false;

export interface SnapshotData {
  tab: string;
  url: string;
  title: string;
  mode: SnapshotMode;
  snapshot: string;
  refs: number;
  truncated: boolean;
  sourceTruncated: boolean;
  matches?: number;
  /** The document's HTML was not all parsed when the snapshot was taken (a script or stylesheet held the parser). */
  loading?: true;
}

/** The tab's snapshot, bounded like every capture: a busy page fails it and leaves the tab recovering (capture.ts). */
export function takeSnapshot(tab: ToolTab, options: { mode: SnapshotMode; maxChars?: number; query?: string }): Promise<SnapshotData> {
  return capture(tab, 'snapshot', () => snapshotOf(tab, options));
}

export async function snapshotOf(tab: ToolTab, options: { mode: SnapshotMode; maxChars?: number; query?: string }): Promise<SnapshotData> {
  // Asked before the tree is read: parsing may end during the read, and a tree read while it went on may lack the rest.
  const parsing = await tab.cdp.send('Runtime.evaluate', { expression: 'document.readyState', returnByValue: true }).then((r) => r.result.value === 'loading', () => false);
  const tree = await readAxTree(tab.cdp);
  tab.refs.sync(tree.documentId);
  const snap = renderSnapshot(tree.root, tab.refs, options);
  return {
    tab: tab.id,
    url: tree.url,
    title: await tab.page.title().catch(() => ''),
    mode: options.mode,
    snapshot: snap.text,
    refs: snap.refs,
    truncated: snap.truncated,
    sourceTruncated: snap.sourceTruncated,
    ...(snap.matches !== undefined ? { matches: snap.matches } : {}),
    ...(parsing ? { loading: true as const } : {}),
  };
}

/** What the model reads of a page taken before its HTML was all parsed. */
export const LOADING_NOTE = 'still loading: not all of its HTML is parsed yet, so more may follow; act wait with state "parsed", then snapshot again';

export function renderSnapshotData(data: SnapshotData): string {
  const counts = [`${data.refs} refs`, ...(data.matches !== undefined ? [`${data.matches} matching lines`] : []), ...(data.truncated ? ['truncated'] : [])];
  const loading = data.loading ? `\n${LOADING_NOTE}` : '';
  return `${data.tab} ${data.url} "${data.title}" (${data.mode} snapshot, ${counts.join(', ')})${loading}\n${untrustedBlock('snapshot', data.snapshot)}`;
}

export function renderHappenings(h: { dialogs?: { type: string; message: string }[]; downloads?: string[]; popups?: { tab: string; url: string }[] }): string[] {
  return [
    ...(h.dialogs ?? []).map((d) => `dismissed ${d.type}: ${JSON.stringify(d.message)}`),
    ...(h.downloads ?? []).map((url) => `refused download: ${url}`),
    ...(h.popups ?? []).map((p) => `popup opened as ${p.tab}: ${p.url}`),
  ];
}
