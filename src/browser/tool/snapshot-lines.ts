/**
 * Printing a snapshot's tree (snapshot.ts) as lines within a budget: whole
 * lines only, never part of one; a query matched against what an element is
 * (role, name, text, link target), never against the ref markup. Controls have
 * the first claim on the budget: a snapshot that does not fit drops link
 * targets and shortens long names, then (without a query) drops the lines of
 * text that hold no ref, and only then cuts lines off the end. Whatever it
 * dropped, a closing note says what and how to get it (a query, a subtree by
 * ref, `text`, a larger maxChars unless it is at the ceiling).
 */

export interface OutNode {
  role: string;
  name: string;
  attrs: string[];
  value: string;
  /** A link's target, as shown. */
  url?: string;
  /** Set when the line gets a ref. */
  backendNodeId?: number;
  ref?: boolean;
  /** The element was read from the DOM (aria-hidden content), not from the accessibility tree. */
  dom?: boolean;
  /** Role and name as the accessibility tree has them (a ref is checked against these). */
  axRole?: string;
  axName?: string;
  /** Set on text lines. */
  text?: string;
  children: OutNode[];
}

export interface Snapshot {
  text: string;
  /** Refs on the lines shown. */
  refs: number;
  /** Lines were left out to keep within maxChars (the closing note says which and how to get them). */
  truncated: boolean;
  /** The tree was deeper or larger than scout ever prints. */
  sourceTruncated: boolean;
  /** Lines left out (0 when none). */
  leftOut: number;
  /** Elements matching the query, when there is one. */
  matches?: number;
}

/** The largest maxChars taken. */
export const SNAPSHOT_MAX_CHARS = 400_000;
/** The tree is never printed beyond these (a query searches this much), whatever maxChars asks. */
const SOURCE_MAX_CHARS = 4_000_000;
const MAX_DEPTH = 64;
/** Sections named in the closing note. */
const NOTE_SECTIONS = 8;
/** Names are shortened to this when a snapshot does not fit. */
const SHORT_NAME = 60;

interface Line {
  text: string;
  /** The line without its link target, its name shortened: what it becomes when the snapshot does not fit. */
  compact: string;
  /** No ref on it nor under it: text, dropped (without a query) when the snapshot does not fit. */
  bare: boolean;
  /** What a query is matched against: role, name, attributes, value or text, link target. */
  search: string;
  ref?: string;
  /** Index after this line's subtree. */
  end: number;
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function lineOf(node: OutNode, indent: string, ref: string | undefined): { line: Line; inline: boolean } {
  if (node.text !== undefined) {
    const text = `${indent}- text: ${node.text}`;
    return { line: { text, compact: text, bare: true, search: node.text, end: 0 }, inline: true };
  }
  const only = node.children.length === 1 ? node.children[0] : undefined;
  const inline = node.name === '' && node.value === '' && only?.text !== undefined ? only.text : undefined;
  const attrs = node.attrs.map((a) => ` [${a}]`).join('');
  const head = (name: string, url: string) => `${indent}- ${node.role}${name ? ` ${quote(name)}` : ''}${attrs}${ref ? ` [ref=${ref}]` : ''}${url}`;
  const value = inline ?? node.value;
  const tail = value ? `: ${value}` : '';
  const short = node.name.length > SHORT_NAME ? `${node.name.slice(0, SHORT_NAME - 1)}…` : node.name;
  const search = [node.role, node.name, ...node.attrs, value, node.url ?? ''].join(' ');
  const line = { text: head(node.name, node.url ? ` → ${node.url}` : '') + tail, compact: head(short, '') + tail, bare: !ref, search, end: 0, ...(ref ? { ref } : {}) };
  return { line, inline: inline !== undefined };
}

interface Printing {
  lines: Line[];
  chars: number;
  cut: boolean;
  mint: (node: OutNode) => string;
}

function print(nodes: OutNode[], depth: number, p: Printing): void {
  for (const node of nodes) {
    if (p.chars > SOURCE_MAX_CHARS || depth >= MAX_DEPTH) {
      p.cut = true;
      return;
    }
    const { line, inline } = lineOf(node, '  '.repeat(depth), node.ref ? p.mint(node) : undefined);
    p.lines.push(line);
    p.chars += line.text.length + 1;
    const at = p.lines.length;
    if (!inline) print(node.children, depth + 1, p);
    line.end = p.lines.length;
    if (p.lines.slice(at, line.end).some((l) => !l.bare)) line.bare = false;
  }
}

const count = (n: number, what: string) => `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;

/** A line as the closing note names it: role, name and attributes clipped to max, its ref always whole. */
function noted(line: Line, max: number): string {
  const text = line.text.trim();
  const tag = ` [ref=${line.ref}]`;
  const at = text.indexOf(tag);
  const head = at >= 0 ? text.slice(0, at) : text;
  return `${head.length > max ? `${head.slice(0, max - 1)}…` : head}${tag}`;
}

/** The closing note of a cut snapshot: how much is left out, the sections it is in (when `sections`), and how to get them. */
function noteFor(lines: Line[], from: number, maxChars: number, query: boolean, sections: boolean): string {
  const left = lines.length - from;
  const refs = lines.slice(from).filter((l) => l.ref).length;
  const found: { line: Line; size: number; rest: boolean }[] = [];
  if (sections && !query) {
    // Sections shown in part: their ref gives the rest too.
    for (let i = 0; i < from; i++) if (lines[i]!.ref && lines[i]!.end > from && lines[i]!.end - i > 1) found.push({ line: lines[i]!, size: lines[i]!.end - from, rest: true });
    for (let i = from; i < lines.length; ) {
      const line = lines[i]!;
      const big = line.ref !== undefined && line.end - i > 1;
      if (big) found.push({ line, size: line.end - i, rest: false });
      i = big ? line.end : i + 1;
    }
  }
  const named = [...found.filter((s) => s.rest).slice(-2), ...found.filter((s) => !s.rest).sort((a, b) => b.size - a.size)].slice(0, NOTE_SECTIONS);
  // The page's main heading, when it is among the lines left out, is named first: it says what the page is.
  const main = query ? [] : lines.slice(from).filter((l) => l.ref && /^\s*- heading .*\[level=1\]/.test(l.text)).slice(0, 1);
  const list = [
    ...main.map((l) => `  ${noted(l, 110)} (the main heading)`),
    ...named.filter((s) => !main.includes(s.line)).map((s) => `  ${noted(s.line, 80)} (${s.rest ? 'the rest: ' : ''}${count(s.size, 'line')})`),
  ];
  const larger = maxChars < SNAPSHOT_MAX_CHARS ? `a larger maxChars (up to ${SNAPSHOT_MAX_CHARS.toLocaleString('en')})` : '';
  const ways = query ? ['narrow the query', larger] : ['a query (query: "words")', `one subtree (ref: ${list.length ? 'one of these' : 'a section\'s ref'})`, larger];
  const given = ways.filter(Boolean);
  const how = given.length > 1 ? `${given.slice(0, -1).join(', ')}, or ${given.at(-1)!}` : given[0]!;
  return [`[${count(left, 'more line')} (${count(refs, 'ref')}) left out at ${maxChars.toLocaleString('en')} chars; get them with ${how}${list.length ? ':' : ''}`, ...list, ']'].join('\n');
}

/** The lines with those that fail keep left out, their subtree ends renumbered. */
function keepLines(lines: Line[], keep: (l: Line) => boolean): Line[] {
  const before: number[] = [0];
  lines.forEach((l, i) => before.push(before[i]! + (keep(l) ? 1 : 0)));
  return lines.filter(keep).map((l) => ({ ...l, end: before[l.end]! }));
}

interface Tier {
  lines: Line[];
  /** What this tier leaves out, for the note. */
  dropped: string[];
}

/** Room kept for the notes when choosing which lines of text to leave out. */
const NOTE_ROOM = 400;

/**
 * The snapshot at each step of making room: as it is; link targets left out and long names
 * shortened; then (without a query) the last lines of text that hold no ref, as few as make room.
 */
function tiers(lines: Line[], query: boolean, maxChars: number): Tier[] {
  const out: Tier[] = [{ lines, dropped: [] }];
  const compact = lines.map((l) => ({ ...l, text: l.compact }));
  const shortened = compact.some((l, i) => l.text !== lines[i]!.text);
  const first = shortened ? [`link targets and the end of names over ${SHORT_NAME} characters (a query or ref shows them)`] : [];
  if (shortened) out.push({ lines: compact, dropped: first });
  if (query) return out;
  let excess = compact.reduce((sum, l) => sum + l.text.length + 1, 0) - (maxChars - Math.min(NOTE_ROOM, maxChars / 4));
  const drop = new Set<Line>();
  for (let i = compact.length - 1; i >= 0 && excess > 0; i--) {
    if (!compact[i]!.bare) continue;
    drop.add(compact[i]!);
    excess -= compact[i]!.text.length + 1;
  }
  const kept = keepLines(compact, (l) => !drop.has(l));
  if (drop.size > 0) out.push({ lines: kept, dropped: [...first, `the last ${count(drop.size, 'line')} of text (\`text\` gives the page's text, ref one section's lines)`] });
  return out;
}

const droppedNote = (dropped: string[], maxChars: number) => (dropped.length ? `[to fit ${maxChars.toLocaleString('en')} chars, left out: ${dropped.join('; ')}]` : '');

/** Whole lines only: the first tier that fits, else the longest prefix of the last one that fits with its closing note. */
function fit(lines: Line[], maxChars: number, query: boolean): { text: string; shown: Line[] } {
  const size = (ls: Line[], n = ls.length) => ls.slice(0, n).reduce((sum, l) => sum + l.text.length + 1, 0);
  const all = tiers(lines, query, maxChars);
  for (const tier of all) {
    const note = droppedNote(tier.dropped, maxChars);
    if (size(tier.lines) + note.length - 1 <= maxChars) return { text: [...tier.lines.map((l) => l.text), ...(note ? [note] : [])].join('\n'), shown: tier.lines };
  }
  const { lines: last, dropped } = all.at(-1)!;
  const prefix = (room: number) => {
    let n = 0;
    for (let used = 0; n < last.length && used + last[n]!.text.length + 1 <= room; n++) used += last[n]!.text.length + 1;
    return n;
  };
  const before = droppedNote(dropped, maxChars);
  // The note with the sections left out, else without them, else just the count.
  const notes = [(n: number) => noteFor(last, n, maxChars, query, true), (n: number) => noteFor(last, n, maxChars, query, false), (n: number) => `[${count(last.length - n, 'more line')} left out]`];
  for (const noteAt of notes) {
    let shown = prefix(maxChars);
    for (;;) {
      const note = [before, noteAt(shown)].filter(Boolean).join('\n');
      if (size(last, shown) + note.length <= maxChars) return { text: [...last.slice(0, shown).map((l) => l.text), note].join('\n'), shown: last.slice(0, shown) };
      if (shown === 0) break;
      shown = Math.min(shown - 1, prefix(maxChars - note.length));
    }
  }
  return { text: '', shown: [] };
}

export interface PrintOptions {
  maxChars: number;
  query?: string;
  mint: (node: OutNode) => string;
}

export function printSnapshot(tree: OutNode[], options: PrintOptions): Snapshot {
  const p: Printing = { lines: [], chars: 0, cut: false, mint: options.mint };
  print(tree, 0, p);
  const tokens = (options.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const query = tokens.length > 0;
  const kept = query ? p.lines.filter((l) => tokens.every((t) => l.search.toLowerCase().includes(t))) : p.lines;
  // Never silent: a tree too long or deep to print says so, and a subtree's ref still reaches what lies beyond.
  const beyond = p.cut ? `[the page's tree goes on past ${SOURCE_MAX_CHARS.toLocaleString('en')} characters or ${MAX_DEPTH} levels, not read here: one subtree (ref) reaches it]` : '';
  const fitted = fit(kept, Math.max(0, options.maxChars - (beyond ? beyond.length + 1 : 0)), query);
  const { shown } = fitted;
  const text = [fitted.text, beyond].filter(Boolean).join('\n');
  return {
    text,
    refs: shown.filter((l) => l.ref).length,
    truncated: shown.length < kept.length,
    sourceTruncated: p.cut,
    leftOut: kept.length - shown.length,
    ...(query ? { matches: kept.length } : {}),
  };
}
