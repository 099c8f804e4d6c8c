/**
 * The page's accessibility tree as CDP reports it, one Accessibility.getFullAXTree
 * per frame, stitched together under each frame's <iframe> element.
 */
import type { CDPSession, Protocol } from 'puppeteer-core';

export interface AxNode {
  role: string;
  name: string;
  ignored: boolean;
  /** Current value of a text field, slider, combobox... ('' when none). */
  value: string;
  properties: Record<string, string | number | boolean>;
  backendNodeId: number | undefined;
  children: AxNode[];
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
    byId.set(node.nodeId, {
      role: plain(node.role),
      name: plain(node.name).replace(/\s+/g, ' ').trim(),
      ignored: node.ignored,
      value: plain(node.value),
      properties,
      backendNodeId: node.backendDOMNodeId,
      children: [],
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
  const { nodes } = await session.send('Accessibility.getFullAXTree', { frameId: main?.id });
  const root = toTree(nodes) ?? { role: 'RootWebArea', name: '', ignored: false, value: '', properties: {}, backendNodeId: undefined, children: [] };
  for (const frame of children) {
    try {
      const [{ backendNodeId }, sub] = await Promise.all([
        session.send('DOM.getFrameOwner', { frameId: frame.id }),
        session.send('Accessibility.getFullAXTree', { frameId: frame.id }),
      ]);
      const owner = findByBackendId(root, backendNodeId);
      const subRoot = toTree(sub.nodes);
      if (owner && subRoot) owner.children = [subRoot];
    } catch {
      // detached meanwhile, or out of process
    }
  }
  return { root, documentId: frameTree.frame.loaderId, url: frameTree.frame.url };
}
