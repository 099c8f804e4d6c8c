/**
 * What the accessibility tree does not say and a snapshot needs, from one
 * DOMSnapshot.captureSnapshot: each element's box (a zero-size link is not
 * shown), each link's target, and the content of aria-hidden containers that is
 * on screen all the same (Chromium leaves it out of the accessibility tree;
 * Playwright MCP shows it), read as accessibility nodes from the DOM.
 */
import type { CDPSession, Protocol } from 'puppeteer-core';
import type { AxNode } from './ax-tree.js';

type DocumentSnapshot = Protocol.DOMSnapshot.DocumentSnapshot;

/** An aria-hidden element on screen, read as accessibility nodes. */
export interface HiddenContent {
  nodes: AxNode[];
  /** Its ancestors' backendNodeIds, nearest first: it belongs under the first one the accessibility tree has. */
  ancestors: number[];
  /** Its place in document order. */
  order: number;
}

export interface DomFacts {
  /** false when the element has no area of its own on the page (nor, unless it clips them, its content); undefined when it has no layout box at all (an <option>). */
  visible(backendNodeId: number | undefined): boolean | undefined;
  /** A link's absolute target. */
  href(backendNodeId: number | undefined): string | undefined;
  /** The element's place in document order (undefined when unknown). */
  order(backendNodeId: number | undefined): number | undefined;
  /** aria-hidden elements that are on screen (outermost ones only), which Chromium leaves out of its tree. */
  hidden(): HiddenContent[];
}

export const NO_DOM_FACTS: DomFacts = { visible: () => undefined, href: () => undefined, order: () => undefined, hidden: () => [] };

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG']);
const INPUT_ROLES: Record<string, string> = { checkbox: 'checkbox', radio: 'radio', search: 'searchbox', number: 'spinbutton', range: 'slider', button: 'button', submit: 'button', reset: 'button', image: 'button' };
const TAG_ROLES: Record<string, string> = { BUTTON: 'button', SELECT: 'combobox', TEXTAREA: 'textbox', SUMMARY: 'DisclosureTriangle', IMG: 'image', P: 'paragraph', LI: 'listitem', UL: 'list', OL: 'list' };

interface Element {
  index: number;
  tag: string;
  attrs: Map<string, string>;
  text: string | undefined;
  children: number[];
}

class Document {
  readonly parent: number[];
  readonly children = new Map<number, number[]>();
  /** Nodes with a layout box of their own or in a descendant (the others are not rendered at all). */
  readonly laidOut = new Set<number>();
  /** Nodes with an area of their own or in a descendant. */
  readonly shown = new Set<number>();
  /** Nodes whose own layout box has no area, and whether that box clips its content (overflow other than visible). */
  readonly flat = new Map<number, boolean>();
  readonly byBackend = new Map<number, number>();
  /** Nodes with a layout box of their own (a text node without one is not shown). */
  readonly boxed: Set<number>;

  constructor(
    private readonly doc: DocumentSnapshot,
    private readonly strings: string[],
  ) {
    const nodes = doc.nodes;
    this.parent = nodes.parentIndex ?? [];
    this.parent.forEach((p, i) => {
      if (p >= 0) this.children.set(p, [...(this.children.get(p) ?? []), i]);
    });
    (nodes.backendNodeId ?? []).forEach((id, i) => this.byBackend.set(id, i));
    this.boxed = new Set(doc.layout.nodeIndex);
    doc.layout.nodeIndex.forEach((node, i) => {
      for (let n = node; n >= 0 && !this.laidOut.has(n); n = this.parent[n] ?? -1) this.laidOut.add(n);
      const [, , w = 0, h = 0] = doc.layout.bounds[i] ?? [];
      if (w <= 0 || h <= 0) {
        const overflow = strings[doc.layout.styles[i]?.[0] ?? -1] ?? 'visible';
        this.flat.set(node, !/^visible( visible)?$/.test(overflow));
        return;
      }
      for (let n = node; n >= 0 && !this.shown.has(n); n = this.parent[n] ?? -1) this.shown.add(n);
    });
  }

  str(index: number | undefined): string {
    return index === undefined || index < 0 ? '' : (this.strings[index] ?? '');
  }

  element(i: number): Element {
    const nodes = this.doc.nodes;
    const raw = nodes.attributes?.[i] ?? [];
    const attrs = new Map<string, string>();
    for (let k = 0; k + 1 < raw.length; k += 2) attrs.set(this.str(raw[k]).toLowerCase(), this.str(raw[k + 1]));
    const type = nodes.nodeType?.[i];
    return { index: i, tag: this.str(nodes.nodeName?.[i]).toUpperCase(), attrs, text: type === 3 ? this.str(nodes.nodeValue?.[i]) : undefined, children: this.children.get(i) ?? [] };
  }

  backendId(i: number): number | undefined {
    return this.doc.nodes.backendNodeId?.[i];
  }

  /** Outermost aria-hidden="true" elements with something on screen. */
  hiddenRoots(): number[] {
    const roots: number[] = [];
    const attrs = this.doc.nodes.attributes ?? [];
    attrs.forEach((raw, i) => {
      for (let k = 0; k + 1 < raw.length; k += 2) {
        if (this.str(raw[k]).toLowerCase() !== 'aria-hidden' || this.str(raw[k + 1]).trim().toLowerCase() !== 'true' || !this.shown.has(i)) continue;
        if (!roots.some((r) => this.ancestors(i).includes(this.backendId(r) ?? -1))) roots.push(i);
      }
    });
    return roots;
  }

  ancestors(i: number): number[] {
    const out: number[] = [];
    for (let p = this.parent[i] ?? -1; p >= 0; p = this.parent[p] ?? -1) {
      const id = this.backendId(p);
      if (id !== undefined) out.push(id);
    }
    return out;
  }

  baseUrl(): string {
    return this.str(this.doc.baseURL) || this.str(this.doc.documentURL);
  }
}

function textOf(doc: Document, i: number): string {
  const el = doc.element(i);
  if (el.text !== undefined) return doc.boxed.has(i) ? el.text : '';
  if (SKIPPED.has(el.tag)) return '';
  if (el.tag === 'IMG') return el.attrs.get('alt') ?? '';
  return el.children.map((c) => textOf(doc, c)).join('');
}

function roleOf(el: Element): string {
  const explicit = el.attrs.get('role')?.split(/\s+/)[0];
  if (explicit) return explicit;
  if (el.tag === 'A') return el.attrs.has('href') ? 'link' : 'generic';
  if (/^H[1-6]$/.test(el.tag)) return 'heading';
  if (el.tag === 'INPUT') return INPUT_ROLES[el.attrs.get('type')?.toLowerCase() ?? ''] ?? 'textbox';
  return TAG_ROLES[el.tag] ?? 'generic';
}

const NAMED_FROM_CONTENT = new Set(['link', 'button', 'heading', 'tab', 'menuitem', 'option', 'treeitem', 'DisclosureTriangle', 'checkbox', 'radio', 'switch']);

/** A DOM subtree as accessibility nodes, for content Chromium keeps out of its tree (aria-hidden). */
function toAx(doc: Document, i: number): AxNode[] {
  const el = doc.element(i);
  if (!doc.laidOut.has(i) || SKIPPED.has(el.tag)) return [];
  const children = () => el.children.flatMap((c) => toAx(doc, c));
  if (el.text !== undefined) return [{ role: 'StaticText', name: el.text.replace(/\s+/g, ' '), ignored: false, value: '', properties: {}, backendNodeId: undefined, children: [], dom: true }];
  const role = roleOf(el);
  const label = el.attrs.get('aria-label') ?? '';
  const content = NAMED_FROM_CONTENT.has(role) ? textOf(doc, i) : role === 'image' ? (el.attrs.get('alt') ?? '') : '';
  const fallback = el.attrs.get('title') ?? el.attrs.get('placeholder') ?? (role === 'button' ? (el.attrs.get('value') ?? '') : '');
  const name = (label || content || fallback).replace(/\s+/g, ' ').trim();
  const level = /^H([1-6])$/.exec(el.tag)?.[1];
  const id = doc.backendId(i);
  return [{ role, name, ignored: false, value: role === 'textbox' ? (el.attrs.get('value') ?? '') : '', properties: level ? { level: Number(level) } : {}, backendNodeId: id, children: children(), dom: true }];
}

/** The page's DOM facts; a page that cannot be captured (it navigated meanwhile) gives none. */
export async function readDomFacts(session: CDPSession): Promise<DomFacts> {
  let snapshot: Protocol.DOMSnapshot.CaptureSnapshotResponse;
  try {
    snapshot = await session.send('DOMSnapshot.captureSnapshot', { computedStyles: ['overflow'] });
  } catch {
    return NO_DOM_FACTS;
  }
  const docs = snapshot.documents.map((d) => new Document(d, snapshot.strings));
  const find = (id: number | undefined) => {
    if (id === undefined) return undefined;
    for (const doc of docs) {
      const i = doc.byBackend.get(id);
      if (i !== undefined) return { doc, i };
    }
    return undefined;
  };
  return {
    visible(id) {
      const at = find(id);
      if (!at || !at.doc.laidOut.has(at.i)) return undefined;
      const clips = at.doc.flat.get(at.i);
      return clips === undefined ? at.doc.shown.has(at.i) : !clips && at.doc.shown.has(at.i);
    },
    href(id) {
      const at = find(id);
      const raw = at?.doc.element(at.i).attrs.get('href');
      if (!at || raw === undefined) return undefined;
      try {
        return new URL(raw, at.doc.baseUrl()).href;
      } catch {
        return undefined;
      }
    },
    order: (id) => find(id)?.i,
    hidden: () => docs.flatMap((doc) => doc.hiddenRoots().map((i) => ({ nodes: toAx(doc, i), ancestors: doc.ancestors(i), order: i }))),
  };
}
