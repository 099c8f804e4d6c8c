/**
 * A PDF page's text pieces (as pdf.js gives them: a string at a position, in
 * the order the file draws them) put in reading order: lines top to bottom,
 * and a page set in columns read column by column, each top to bottom, with
 * full-width lines (a title, a footer) where they stand. Pieces on one line
 * far apart (table cells) are joined with " | ". Pure: no pdf.js here.
 */

/** One piece of text: its baseline start (x, y; PDF space, y upwards), width, and font size. */
export interface TextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** A run of pieces on one baseline with no wide gap inside. */
interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** A gap this many font sizes wide splits a line into segments (a gutter, a table cell); word spaces are far narrower. */
const SEGMENT_GAP = 0.8;
/** A column holds at least this many segments, its full lines (the widest fifth) at least this share of the text's width: prose, not a table's cells. */
const MIN_COLUMN_SEGMENTS = 4;
const MIN_COLUMN_SHARE = 0.25;
/** A segment wider than this share of the text's width spans the columns. */
const SPANNING_SHARE = 0.55;
/** A vertical gap this many font sizes tall between lines is a paragraph break. */
const PARAGRAPH_GAP = 1.7;

/** The value below which the share q of the values lie. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

/** Pieces grouped by baseline (top to bottom), each line split into segments at wide gaps. */
function segmentsOf(pieces: readonly TextPiece[]): Segment[][] {
  const sorted = pieces.filter((p) => p.str.trim() !== '' && Number.isFinite(p.x) && Number.isFinite(p.y)).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextPiece[][] = [];
  for (const piece of sorted) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - piece.y) <= Math.max(1, 0.4 * piece.size)) line.push(piece);
    else lines.push([piece]);
  }
  return lines.map((line) => {
    const segments: Segment[] = [];
    for (const piece of line.sort((a, b) => a.x - b.x)) {
      const last = segments.at(-1);
      const gap = last ? piece.x - last.x1 : Infinity;
      if (last && gap <= SEGMENT_GAP * Math.max(piece.size, last.size)) {
        const space = gap > 0.15 * piece.size && !/\s$/.test(last.text) && !/^\s/.test(piece.str);
        last.text += (space ? ' ' : '') + piece.str;
        last.x1 = Math.max(last.x1, piece.x + piece.width);
      } else segments.push({ text: piece.str, x0: piece.x, x1: piece.x + piece.width, y: piece.y, size: piece.size });
    }
    for (const s of segments) s.text = s.text.replace(/\s+/g, ' ').trim();
    return segments;
  });
}

/** Column boundaries (x of each gutter's middle), or [] when the page is not set in columns. */
function gutters(lines: readonly Segment[][]): number[] {
  const all = lines.flat();
  if (all.length === 0) return [];
  const left = Math.min(...all.map((s) => s.x0));
  const width = Math.max(...all.map((s) => s.x1)) - left;
  const narrow = all.filter((s) => s.x1 - s.x0 <= SPANNING_SHARE * width).sort((a, b) => a.x0 - b.x0);
  const found: number[] = [];
  let reach = -Infinity;
  for (const s of narrow) {
    if (reach > -Infinity && s.x0 - reach >= SEGMENT_GAP * s.size) found.push((reach + s.x0) / 2);
    reach = Math.max(reach, s.x1);
  }
  const bounds = [-Infinity, ...found, Infinity];
  const columns = bounds.slice(1).map((end, i) => narrow.filter((s) => s.x0 > bounds[i]! && s.x1 < end));
  const prose = columns.every((c) => c.length >= MIN_COLUMN_SEGMENTS && quantile(c.map((s) => s.x1 - s.x0), 0.8) >= MIN_COLUMN_SHARE * width);
  return found.length > 0 && prose ? found : [];
}

/** Segments as text lines, a blank line where the vertical gap says a paragraph ended. */
function linesText(segments: readonly Segment[][]): string[] {
  const out: string[] = [];
  let previous: Segment | undefined;
  for (const line of segments) {
    const first = line[0];
    if (!first) continue;
    if (previous && previous.y - first.y > PARAGRAPH_GAP * Math.max(previous.size, first.size)) out.push('');
    out.push(line.map((s) => s.text).join(' | '));
    previous = first;
  }
  return out;
}

/** The page's text in reading order, one line per line of the page. */
export function pageText(pieces: readonly TextPiece[]): string {
  const lines = segmentsOf(pieces);
  const cuts = gutters(lines);
  if (cuts.length === 0) return linesText(lines).join('\n').trim();
  const columnOf = (s: Segment) => cuts.filter((g) => s.x0 > g).length;
  const spans = (line: readonly Segment[]) => line.some((s) => cuts.some((g) => s.x0 < g && s.x1 > g));
  const out: string[] = [];
  let band: Segment[][] = [];
  const flush = () => {
    for (let c = 0; c <= cuts.length; c++) {
      const column = band.map((line) => line.filter((s) => columnOf(s) === c)).filter((line) => line.length > 0);
      if (column.length > 0) out.push(...linesText(column), '');
    }
    band = [];
  };
  for (const line of lines) {
    if (!spans(line)) {
      band.push(line);
      continue;
    }
    flush();
    out.push(...linesText([line]), '');
  }
  flush();
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** The text under a rectangle [x0, y0, x1, y1] (a link's area): pieces on a baseline inside it that overlap it (a piece may hold words around the link too). */
export function textIn(pieces: readonly TextPiece[], rect: readonly number[]): string {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = rect;
  const [left, right, bottom, top] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
  const inside = pieces.filter((p) => p.x < right && p.x + p.width > left && p.y >= bottom - 2 && p.y <= top);
  return inside
    .map((p) => p.str)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
