/**
 * The page's accessibility tree as CDP reports it, one Accessibility.getFullAXTree
 * per frame, stitched together under each frame's <iframe> element, and completed
 * from the DOM (snapshot-dom.ts): links' targets, zero-size elements marked, and
 * the on-screen content of aria-hidden containers read in.
 */
import type { CDPSession, Protocol } from 'puppeteer-core';
import { withSkippedContentRendered } from './render-skipped.js';
import { readDomFacts, type DomFacts } from './snapshot-dom.js';

export interface AxNode {
  role: string;
  name: string;
  ignored: boolean;
  /** Current value of a text field, slider, combobox... ('' when none). */
  value: string;
  properties: Record<string, string | number | boolean>;
  backendNodeId: number | undefined;
  children: AxNode[];
  /** Ignored because it is aria-hidden: Chromium leaves its content out of the tree. */
  ariaHidden?: boolean;
  /** Read from the DOM (snapshot-dom.ts), not from Chromium's accessibility tree. */
  dom?: boolean;
  /** A link's target; a document's (RootWebArea) own address. */
  url?: string;
  /** The element and everything in it have no area on the page (a 0×0 "skip" link). */
  zeroSize?: boolean;
}

export interface AxTree {
  root: AxNode;
  /** The main frame's loader id: a new one means a new document (and new refs). */
  documentId: string;
  url: string;
}

function plain(value: Protocol.Accessibility.AXValue | undefined): string {
  const raw: unknown = value?.value;
  return raw === undefined || raw === null ? '' : String(raw);
}

function toTree(nodes: Protocol.Accessibility.AXNode[]): AxNode | undefined {
  const byId = new Map<string, AxNode>();
  for (const node of nodes) {
    const properties: AxNode['properties'] = {};
    for (const p of node.properties ?? []) {
      const v: unknown = p.value.value;
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') properties[p.name] = v;
    }
    const role = plain(node.role);
    const name = plain(node.name).replace(/\s+/g, ' ');
    byId.set(node.nodeId, {
      role,
      // Text keeps its edge spaces: runs of text are joined into one line (snapshot.ts).
      name: role === 'StaticText' ? name : name.trim(),
      ignored: node.ignored,
      value: plain(node.value),
      properties,
      backendNodeId: node.backendDOMNodeId,
      children: [],
      ...(node.ignored && node.ignoredReasons?.some((r) => r.name.startsWith('ariaHidden')) ? { ariaHidden: true } : {}),
    });
  }
  for (const node of nodes) {
    const self = byId.get(node.nodeId);
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (self && child) self.children.push(child);
    }
  }
  const first = nodes[0];
  return first ? byId.get(first.nodeId) : undefined;
}

function findByBackendId(root: AxNode, backendNodeId: number): AxNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AxNode;
    if (node.backendNodeId === backendNodeId) return node;
    for (const child of node.children) stack.push(child);
  }
  return undefined;
}

function frames(tree: Protocol.Page.FrameTree): Protocol.Page.Frame[] {
  return [tree.frame, ...(tree.childFrames ?? []).flatMap(frames)];
}

export async function documentIdOf(session: CDPSession): Promise<{ documentId: string; url: string }> {
  const { frameTree } = await session.send('Page.getFrameTree');
  return { documentId: frameTree.frame.loaderId, url: frameTree.frame.url };
}

/**
 * Child frames are read after their parents, so an iframe's element is already
 * in the tree when its document arrives. A frame Chrome cannot describe from this
 * session (an out-of-process iframe) is left out.
 */
export async function readAxTree(session: CDPSession): Promise<AxTree> {
  const { frameTree } = await session.send('Page.getFrameTree');
  const [main, ...children] = frames(frameTree);
  const [{ nodes }, facts] = await withSkippedContentRendered(session, () => Promise.all([session.send('Accessibility.getFullAXTree', { frameId: main?.id }), readDomFacts(session)]));
  const root = toTree(nodes) ?? { role: 'RootWebArea', name: '', ignored: false, value: '', properties: {}, backendNodeId: undefined, children: [] };
  root.url = frameTree.frame.url;
  for (const frame of children) {
    try {
      const [{ backendNodeId }, sub] = await Promise.all([
        session.send('DOM.getFrameOwner', { frameId: frame.id }),
        session.send('Accessibility.getFullAXTree', { frameId: frame.id }),
      ]);
      const owner = findByBackendId(root, backendNodeId);
      const subRoot = toTree(sub.nodes);
      if (owner && subRoot) owner.children = [{ ...subRoot, url: frame.url }];
    } catch {
      // detached meanwhile, or out of process
    }
  }
  complete(root, facts);
  return { root, documentId: frameTree.frame.loaderId, url: frameTree.frame.url };
}

/** Add what the DOM knows: links' targets, zero-size elements, the on-screen content of aria-hidden containers. */
function complete(root: AxNode, facts: DomFacts): void {
  const byId = new Map<number, AxNode>();
  const visit = (node: AxNode) => {
    // What Chromium kept of an aria-hidden container describes nothing; its content is read from the DOM below.
    node.children = node.children.filter((c) => !c.ariaHidden);
    if (node.backendNodeId !== undefined) byId.set(node.backendNodeId, node);
    if (facts.visible(node.backendNodeId) === false) node.zeroSize = true;
    if (node.role === 'link') {
      const href = facts.href(node.backendNodeId);
      if (href) node.url = href;
    }
    node.children.forEach(visit);
  };
  visit(root);
  for (const hidden of facts.hidden()) {
    const parent = hidden.ancestors.map((id) => byId.get(id)).find((n) => n !== undefined);
    if (!parent) continue;
    const at = parent.children.findIndex((c) => (facts.order(c.backendNodeId) ?? -1) > hidden.order);
    parent.children.splice(at < 0 ? parent.children.length : at, 0, ...hidden.nodes);
    hidden.nodes.forEach(visit);
  }
}
