/**
 * The snapshot: an accessibility tree rendered as Playwright-style lines,
 * `- role "name" [ref=e5]`, indented by nesting. Interactive elements and named
 * content carry refs that `act` and `screenshot` accept.
 */
import type { AxNode } from './ax-tree.js';
import type { RefRegistry } from './refs.js';

export type SnapshotMode = 'full' | 'efficient';

export const SNAPSHOT_LIMITS = {
  full: { maxChars: 40_000, depth: 64 },
  efficient: { maxChars: 8_000, depth: 6 },
} as const;
/** The rendered tree is never built beyond this, whatever maxChars asks. */
const SOURCE_MAX_CHARS = 400_000;
const MAX_NAME = 160;
const MAX_TEXT = 400;

export const INTERACTIVE = new Set([
  'button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option',
  'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem',
]);
/** Printed nothing of their own; their children take their place. */
const TRANSPARENT = new Set(['generic', 'none', 'presentation', 'RootWebArea', 'WebArea', 'LabelText', 'group', 'section', 'Section', 'MenuListPopup']);
const DROPPED = new Set(['InlineTextBox', 'LineBreak', 'ListMarker']);
const TEXT = 'StaticText';

interface OutNode {
  role: string;
  name: string;
  attrs: string[];
  value: string;
  /** Set when the line gets a ref. */
  backendNodeId?: number;
  ref?: boolean;
  /** Set on text lines. */
  text?: string;
  children: OutNode[];
}

export interface SnapshotOptions {
  mode: SnapshotMode;
  /** Default: the mode's limit. */
  maxChars?: number;
  /** Keep only lines containing every whitespace-separated token (case-insensitive). */
  query?: string;
}

export interface Snapshot {
  text: string;
  /** Refs on the rendered lines. */
  refs: number;
  /** The output was cut at maxChars. */
  truncated: boolean;
  /** The tree itself was cut (depth or size) before maxChars and query applied. */
  sourceTruncated: boolean;
  /** Lines matching the query, when there is one. */
  matches?: number;
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const quote = (s: string) => `"${clip(s, MAX_NAME).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

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
  if (INTERACTIVE.has(node.role)) return true;
  return node.name !== '' && !TRANSPARENT.has(node.role) && node.role !== TEXT;
}

/** Build the printable tree; `within` is the nearest printed ancestor's name (its text is not repeated). */
function build(node: AxNode, mode: SnapshotMode, parentRole: string, within: string): OutNode[] {
  if (DROPPED.has(node.role)) return [];
  const kids = (name: string) => node.children.flatMap((c) => build(c, mode, node.role, name));
  if (node.ignored) return kids(within);
  if (node.role === TEXT) {
    if (mode === 'efficient' || node.name === '' || within.includes(node.name)) return [];
    return [{ role: 'text', name: '', attrs: [], value: '', text: clip(node.name, MAX_TEXT), children: [] }];
  }
  const transparent = TRANSPARENT.has(node.role) && !(node.role === 'group' && node.name !== '');
  const keep = mode === 'full' ? !transparent : INTERACTIVE.has(node.role);
  if (!keep) return kids(within);
  const out: OutNode = {
    role: node.role === 'Iframe' ? 'iframe' : node.role,
    name: node.name,
    attrs: attributes(node),
    value: node.value && node.value !== node.name ? node.value : '',
    children: kids([node.name, node.value].filter(Boolean).join('\n') || within),
  };
  if (wantsRef(node, parentRole)) Object.assign(out, { ref: true, backendNodeId: node.backendNodeId });
  return [out];
}

interface Lines {
  lines: string[];
  chars: number;
  cut: boolean;
}

function lineOf(node: OutNode, indent: string, mint: (node: OutNode) => string): { line: string; inline: boolean } {
  if (node.text !== undefined) return { line: `${indent}- text: ${node.text}`, inline: true };
  const only = node.children.length === 1 ? node.children[0] : undefined;
  const inline = node.name === '' && node.value === '' && only?.text !== undefined ? only.text : undefined;
  const ref = node.ref ? ` [ref=${mint(node)}]` : '';
  const attrs = node.attrs.map((a) => ` [${a}]`).join('');
  const head = `${indent}- ${node.role}${node.name ? ` ${quote(node.name)}` : ''}${attrs}${ref}`;
  const value = inline ?? (node.value ? clip(node.value, MAX_TEXT) : '');
  return { line: value ? `${head}: ${value}` : head, inline: inline !== undefined };
}

function render(nodes: OutNode[], depth: number, maxDepth: number, lines: Lines, mint: (node: OutNode) => string): void {
  for (const node of nodes) {
    if (lines.chars > SOURCE_MAX_CHARS) {
      lines.cut = true;
      return;
    }
    const { line, inline } = lineOf(node, '  '.repeat(depth), mint);
    lines.lines.push(line);
    lines.chars += line.length + 1;
    if (inline || node.children.length === 0) continue;
    if (depth + 1 >= maxDepth) lines.cut = true;
    else render(node.children, depth + 1, maxDepth, lines, mint);
  }
}

/** Cut at a line boundary to fit maxChars, leaving room for the marker. */
function fit(lines: string[], maxChars: number, marker: string): { text: string; truncated: boolean } {
  const whole = lines.join('\n');
  if (whole.length <= maxChars) return { text: whole, truncated: false };
  const room = Math.max(0, maxChars - marker.length - 1);
  let cut = whole.lastIndexOf('\n', room);
  if (cut <= 0) cut = room;
  return { text: `${whole.slice(0, cut)}\n${marker}`, truncated: true };
}

export function renderSnapshot(root: AxNode, refs: RefRegistry, options: SnapshotOptions): Snapshot {
  const limits = SNAPSHOT_LIMITS[options.mode];
  const maxChars = options.maxChars ?? limits.maxChars;
  const tree = build(root, options.mode, '', '');
  const lines: Lines = { lines: [], chars: 0, cut: false };
  let minted = 0;
  render(tree, 0, limits.depth, lines, (node) => {
    minted += 1;
    return refs.refFor({ backendNodeId: node.backendNodeId as number, role: node.role, name: node.name });
  });
  const tokens = (options.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  let kept = lines.lines;
  if (tokens.length > 0) kept = kept.filter((line) => tokens.every((t) => line.toLowerCase().includes(t)));
  if (lines.cut) kept = [...kept, '(source truncated)'];
  const { text, truncated } = fit(kept, maxChars, '(truncated)');
  const refCount = tokens.length > 0 ? kept.filter((l) => l.includes('[ref=')).length : minted;
  return {
    text,
    refs: refCount,
    truncated,
    sourceTruncated: lines.cut,
    ...(tokens.length > 0 ? { matches: kept.length - (lines.cut ? 1 : 0) } : {}),
  };
}
