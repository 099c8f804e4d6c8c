/**
 * The snapshot: an accessibility tree rendered as Playwright-style lines,
 * `- role "name" [ref=e5]`, indented by nesting. Interactive elements, landmarks
 * and named content carry refs that `act`, `screenshot` and `snapshot ref=`
 * accept; links show their target. This file builds the printable tree;
 * snapshot-lines.ts prints it within the budget.
 */
import type { AxNode } from './ax-tree.js';
import type { RefKind, RefRegistry } from './refs.js';
import { printSnapshot, type OutNode, type Snapshot } from './snapshot-lines.js';

export type { Snapshot } from './snapshot-lines.js';
export type SnapshotMode = 'full' | 'efficient';

/** Default budgets; a snapshot over its budget says what it left out and how to get it. */
export const SNAPSHOT_LIMITS = {
  full: { maxChars: 40_000 },
  efficient: { maxChars: 40_000 },
} as const;
const MAX_NAME = 160;
const MAX_TEXT = 600;
const MAX_URL = 120;

export const INTERACTIVE = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem', 'DisclosureTriangle',
]);
/** Carry a ref even without a name, so that a subtree left out of a long snapshot can be asked for by ref. */
const SECTIONS = new Set(['main', 'navigation', 'banner', 'contentinfo', 'complementary', 'region', 'form', 'search', 'article', 'dialog', 'list', 'table']);
/** Printed nothing of their own; their children take their place. */
const TRANSPARENT = new Set(['generic', 'none', 'presentation', 'RootWebArea', 'WebArea', 'LabelText', 'group', 'section', 'Section', 'MenuListPopup']);
/** Inline formatting: its text joins the text around it. */
const INLINE = new Set(['emphasis', 'strong', 'code', 'mark', 'subscript', 'superscript', 'time', 'abbr', 'Abbr', 'insertion', 'deletion', 'Ruby', 'ruby']);
const DROPPED = new Set(['InlineTextBox', 'LineBreak', 'ListMarker']);
const TEXT = 'StaticText';

export interface SnapshotOptions {
  mode: SnapshotMode;
  /** Default: the mode's limit. */
  maxChars?: number;
  /** Keep only elements whose role, name or text contain every whitespace-separated token (case-insensitive). */
  query?: string;
  /** "role" (default): e1, e2... checked against the element's role and name on use; "aria": ax1, ax2... bound to the element itself. */
  refs?: RefKind;
  /** Only this element's subtree. */
  ref?: string;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function attributes(node: AxNode): string[] {
  const p = node.properties;
  const attrs: string[] = [];
  if (node.role === 'heading' && p.level !== undefined) attrs.push(`level=${p.level}`);
  if (p.checked === 'true' || p.checked === true) attrs.push('checked');
  if (p.checked === 'mixed') attrs.push('checked=mixed');
  if (p.pressed === 'true' || p.pressed === true) attrs.push('pressed');
  if (p.selected === true) attrs.push('selected');
  if (p.expanded === true) attrs.push('expanded');
  if (p.disabled === true) attrs.push('disabled');
  return attrs;
}

function wantsRef(node: AxNode, parentRole: string): boolean {
  if (node.backendNodeId === undefined || node.properties.disabled === true) return false;
  // A <select>'s options are chosen with `act select` on the select itself.
  if (node.role === 'option' && parentRole === 'MenuListPopup') return false;
  if (INTERACTIVE.has(node.role) || SECTIONS.has(node.role)) return true;
  return node.name !== '' && !TRANSPARENT.has(node.role) && node.role !== TEXT;
}

/** A link's target, short: a path on the page's own origin, else the whole URL; clipped when long. */
export function shortUrl(href: string, page: string): string {
  try {
    const url = new URL(href);
    const base = new URL(page);
    const short = url.origin === base.origin && /^https?:$/.test(url.protocol) ? `${url.pathname}${url.search}${url.hash}` : url.href;
    return clip(short, MAX_URL);
  } catch {
    return clip(href, MAX_URL);
  }
}

/** Join two runs of text as the page shows them: a space between two words that meet. */
function joinText(a: string, b: string): string {
  return /[\p{L}\p{N}]$/u.test(a) && /^[\p{L}\p{N}]/u.test(b) ? `${a} ${b}` : a + b;
}

/** Neighbouring runs of text become one (their edge spaces kept until tidy()). */
function mergeText(nodes: OutNode[]): OutNode[] {
  const out: OutNode[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.text !== undefined && last?.text !== undefined) last.text = joinText(last.text, node.text);
    else out.push(node.text !== undefined ? { ...node } : node);
  }
  return out;
}

/** The children of a printed element: text trimmed and clipped, blank text dropped. */
function tidy(nodes: OutNode[]): OutNode[] {
  return nodes.flatMap((n) => {
    if (n.text === undefined) return [n];
    const text = n.text.replace(/\s+/g, ' ').trim();
    return text ? [{ ...n, text: clip(text, MAX_TEXT) }] : [];
  });
}

interface Build {
  mode: SnapshotMode;
  /** The document's address: links to its own origin are shown as paths. */
  page: string;
}

/** Build the printable tree; `within` is the nearest printed ancestor's name (its text is not repeated). */
function build(node: AxNode, b: Build, parentRole: string, within: string): OutNode[] {
  if (DROPPED.has(node.role) || node.zeroSize) return [];
  if (node.role === 'RootWebArea' && node.url) b = { ...b, page: node.url };
  const kids = (name: string) => mergeText(node.children.flatMap((c) => build(c, b, node.role, name)));
  if (node.ignored) return kids(within);
  if (node.role === TEXT) {
    const trimmed = node.name.trim();
    if (b.mode === 'efficient' || node.name === '' || (trimmed !== '' && within.includes(trimmed))) return [];
    return [{ role: 'text', name: '', attrs: [], value: '', text: node.name, children: [] }];
  }
  const transparent = (TRANSPARENT.has(node.role) && !(node.role === 'group' && node.name !== '')) || INLINE.has(node.role);
  const keep = b.mode === 'full' ? !transparent : INTERACTIVE.has(node.role) || node.role === 'heading';
  if (!keep) return kids(within);
  const out: OutNode = {
    role: node.role === 'Iframe' ? 'iframe' : node.role,
    name: clip(node.name, MAX_NAME),
    attrs: attributes(node),
    value: node.value && node.value !== node.name ? clip(node.value, MAX_TEXT) : '',
    children: tidy(kids([node.name, node.value].filter(Boolean).join('\n') || within)),
    ...(node.role === 'link' && node.url ? { url: shortUrl(node.url, b.page) } : {}),
  };
  if (wantsRef(node, parentRole)) Object.assign(out, { ref: true, backendNodeId: node.backendNodeId, dom: node.dom === true, axRole: node.role, axName: node.name });
  return [out];
}

function findNode(nodes: OutNode[], backendNodeId: number): OutNode | undefined {
  for (const node of nodes) {
    if (node.backendNodeId === backendNodeId) return node;
    const inner = findNode(node.children, backendNodeId);
    if (inner) return inner;
  }
  return undefined;
}

/** The snapshot of root (or of the element options.ref names: none when it is gone), refs minted in refs. */
export function renderSnapshot(root: AxNode, refs: RefRegistry, options: SnapshotOptions): Snapshot {
  let tree = tidy(build(root, { mode: options.mode, page: root.url ?? '' }, '', ''));
  if (options.ref !== undefined) {
    const target = refs.get(options.ref);
    const node = target ? findNode(tree, target.backendNodeId) : undefined;
    tree = node ? [node] : [];
  }
  const kind = options.refs ?? 'role';
  return printSnapshot(tree, {
    maxChars: options.maxChars ?? SNAPSHOT_LIMITS[options.mode].maxChars,
    ...(options.query !== undefined ? { query: options.query } : {}),
    mint: (node) => refs.refFor({ backendNodeId: node.backendNodeId as number, role: node.axRole ?? node.role, name: node.axName ?? node.name, kind, ...(node.dom ? { dom: true } : {}) }),
  });
}
