/**
 * From a snapshot ref to the live element: check that it is still the element
 * the snapshot showed, find where it is on screen, call functions on it.
 */
import { documentIdOf } from './ax-tree.js';
import { unknownRef, type RefTarget } from './refs.js';
import type { Tab } from './tool-browser.js';

export interface LiveElement {
  ref: string;
  target: RefTarget;
  /** CDP remote object id of the element in this tab's session. */
  objectId: string;
}

export interface Box {
  /** Centre, in viewport coordinates of the top window. */
  x: number;
  y: number;
  /** The element's first box, in document coordinates of the top window (for screenshots). */
  clip: { x: number; y: number; width: number; height: number };
}

export type Resolved = { ok: true; element: LiveElement } | { ok: false; error: string };

/** Drop the tab's refs when its main frame shows a new document. */
export async function syncRefs(tab: Tab): Promise<void> {
  const { documentId } = await documentIdOf(tab.cdp);
  tab.refs.sync(documentId);
}

/**
 * The element behind a ref, or `Unknown ref "e5": take a new snapshot` when the
 * ref was never given, the element left the document, or its role or name changed.
 */
export async function resolveRef(tab: Tab, ref: string): Promise<Resolved> {
  const gone = { ok: false as const, error: unknownRef(ref) };
  await syncRefs(tab);
  const target = tab.refs.get(ref);
  if (!target) return gone;
  try {
    const { object } = await tab.cdp.send('DOM.resolveNode', { backendNodeId: target.backendNodeId });
    if (!object.objectId) return gone;
    const connected = await callOn<boolean>(tab, object.objectId, 'function () { return this.isConnected; }');
    if (!connected) return gone;
    const { nodes } = await tab.cdp.send('Accessibility.getPartialAXTree', { backendNodeId: target.backendNodeId, fetchRelatives: false });
    const node = nodes[0];
    const role = String(node?.role?.value ?? '');
    const name = String(node?.name?.value ?? '').replace(/\s+/g, ' ').trim();
    if (!node || node.ignored || role !== target.role || name !== target.name) return gone;
    return { ok: true, element: { ref, target, objectId: object.objectId } };
  } catch {
    return gone;
  }
}

/** Call a function (source text, `this` is the element) and return its JSON-able result. */
export async function callOn<T>(tab: Tab, objectId: string, functionDeclaration: string, args: unknown[] = []): Promise<T> {
  const { result, exceptionDetails } = await tab.cdp.send('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

/**
 * Where the element is, after scrolling it into view. Client rects are relative
 * to the element's own frame, so same-origin frame offsets are added on the way up.
 */
const BOX = `function () {
  const rect = [...this.getClientRects()].find((r) => r.width >= 1 && r.height >= 1);
  if (!rect) return null;
  let x = rect.left, y = rect.top;
  let win = this.ownerDocument.defaultView;
  while (win && win.frameElement) {
    const owner = win.frameElement;
    const outer = owner.getBoundingClientRect();
    const style = win.parent.getComputedStyle(owner);
    x += outer.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
    y += outer.top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth);
    win = win.parent;
  }
  return { x, y, width: rect.width, height: rect.height, scrollX: win ? win.scrollX : 0, scrollY: win ? win.scrollY : 0 };
}`;

export async function boxOf(tab: Tab, element: LiveElement, options: { scroll: boolean } = { scroll: true }): Promise<Box | undefined> {
  if (options.scroll) await tab.cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: element.target.backendNodeId }).catch(() => {});
  const rect = await callOn<{ x: number; y: number; width: number; height: number; scrollX: number; scrollY: number } | null>(tab, element.objectId, BOX);
  if (!rect) return undefined;
  return {
    x: rect.x + rect.width / 2,
    y: rect.y + rect.height / 2,
    clip: { x: rect.x + rect.scrollX, y: rect.y + rect.scrollY, width: rect.width, height: rect.height },
  };
}

export async function focus(tab: Tab, element: LiveElement): Promise<void> {
  await tab.cdp.send('DOM.focus', { backendNodeId: element.target.backendNodeId });
}
