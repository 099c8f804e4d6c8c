/**
 * From a snapshot ref to the live element: check that it is still the element
 * the snapshot showed, and hand it over as a PageElement, which the element
 * operations (page/elements.ts) act on.
 */
import { callOn, type PageElement } from '../page/elements.js';
import { documentIdOf } from './ax-tree.js';
import { unknownRef, type RefTarget } from './refs.js';
import type { ToolTab } from './tool-browser.js';

/** The element behind a snapshot ref; its name is the ref. */
export interface LiveElement extends PageElement {
  ref: string;
  target: RefTarget;
}

export type Resolved = { ok: true; element: LiveElement } | { ok: false; error: string };

/** Drop the tab's refs when its main frame shows a new document. */
export async function syncRefs(tab: ToolTab): Promise<void> {
  const { documentId } = await documentIdOf(tab.cdp);
  tab.refs.sync(documentId);
}

/**
 * The element behind a ref, or `Unknown ref "e5": take a new snapshot` when the
 * ref was never given, the element left the document, or (a role ref) its role or
 * name changed. An aria ref holds while its element is in the document; so does
 * a ref to aria-hidden content, which the accessibility tree does not describe.
 */
export async function resolveRef(tab: ToolTab, ref: string): Promise<Resolved> {
  const gone = { ok: false as const, error: unknownRef(ref) };
  await syncRefs(tab);
  const target = tab.refs.get(ref);
  if (!target) return gone;
  try {
    const { object } = await tab.cdp.send('DOM.resolveNode', { backendNodeId: target.backendNodeId });
    if (!object.objectId) return gone;
    const connected = await callOn<boolean>(tab.cdp, object.objectId, 'function () { return this.isConnected; }');
    if (!connected) return gone;
    if (!target.dom && !(await sameElement(tab, target))) return gone;
    return { ok: true, element: { page: tab.page, cdp: tab.cdp, objectId: object.objectId, name: ref, ref, target } };
  } catch {
    return gone;
  }
}

/** Whether the accessibility tree still shows the element (and, for a role ref, with the same role and name). */
async function sameElement(tab: ToolTab, target: RefTarget): Promise<boolean> {
  const { nodes } = await tab.cdp.send('Accessibility.getPartialAXTree', { backendNodeId: target.backendNodeId, fetchRelatives: false });
  const node = nodes[0];
  if (!node || node.ignored) return false;
  if (target.kind === 'aria') return true;
  const role = String(node.role?.value ?? '');
  const name = String(node.name?.value ?? '').replace(/\s+/g, ' ').trim();
  return role === target.role && name === target.name;
}
