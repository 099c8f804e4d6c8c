/**
 * A page's text as the condensation sees it: the frame's header, the body as
 * lines, the units a condensation keeps or skips (paragraphs, list and table
 * chunks), and the sections the model may ask for by number or name (one per
 * heading; a long stretch without headings is cut into parts named by their
 * first words). Every line is the page's own: a line of the reader's Markdown,
 * or one sentence run of a paragraph too long to keep or skip whole.
 */

export type LineKind = 'blank' | 'heading' | 'marker' | 'table' | 'text';

export interface Unit {
  /** Lines from..to-1 of the body. */
  from: number;
  to: number;
  text: string;
  section: number;
  /** The table's header rows, shown with any of its rows. */
  tableHead?: [number, number];
}

export interface Section {
  /** 1-based, in page order: what `more <n>` names. */
  n: number;
  title: string;
  /** 0 for text before any heading or a part without one; 1-6 for headings. */
  level: number;
  /** Body lines of its heading and its ancestors' (the heading path), outermost first. */
  path: number[];
  /** Its own lines, up to the next heading or part. */
  from: number;
  to: number;
  /** Its lines with its subsections': what `more` shows. */
  end: number;
}

export interface PageOutline {
  /** Frame lines before the body ([Start of page], URL, Title); empty when the text has no frame. */
  header: string[];
  lines: string[];
  kinds: LineKind[];
  units: Unit[];
  sections: Section[];
  /** Frame lines after the body ([End of page]). */
  footer: string[];
}

/** A paragraph line longer than this is cut at sentence ends into lines of its own. */
const MAX_LINE_CHARS = 600;
/** Units are cut to about this size, at line ends. */
const MAX_UNIT_CHARS = 700;
/** A section's own text longer than this many lines is cut into parts the model can ask for one by one. */
const MAX_PART_LINES = 30;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;
/** A PDF page's first line, as the PDF reader writes it. */
export const PAGE_MARKER = /^\[page \d+\]$/i;

function kindOf(line: string): LineKind {
  if (line.trim() === '') return 'blank';
  if (HEADING.test(line)) return 'heading';
  if (PAGE_MARKER.test(line.trim())) return 'marker';
  if (line.trimStart().startsWith('|')) return 'table';
  return 'text';
}

/** Sentence runs of a long line, each at most about MAX_LINE_CHARS; joined with spaces they are the line again. */
function splitLong(line: string): string[] {
  if (line.length <= MAX_LINE_CHARS) return [line];
  const sentences = line.match(/[^.!?。！？]+(?:[.!?。！？]+["”’)\]]*\s*|$)/gu) ?? [line];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && current.length + sentence.length > MAX_LINE_CHARS) {
      out.push(current.trimEnd());
      current = '';
    }
    current += sentence;
  }
  if (current.trim()) out.push(current.trimEnd());
  return out;
}

/** Heading text without its hashes and emphasis. */
export function plainTitle(text: string): string {
  return text.replace(HEADING, '$2').replace(/[*_`[\]]/g, '').replace(/\s+/g, ' ').trim();
}

function firstWords(text: string): string {
  const words = plainTitle(text).split(' ');
  return `"${words.slice(0, 6).join(' ')}${words.length > 6 ? '…' : ''}"`;
}

function frameOf(text: string): { header: string[]; body: string[]; footer: string[] } {
  const lines = text.split('\n');
  if (lines[0] !== '[Start of page]' || lines.at(-1) !== '[End of page]') return { header: [], body: lines, footer: [] };
  const blank = lines.indexOf('');
  const headerEnd = blank > 0 && blank < 4 ? blank + 1 : 1;
  return { header: lines.slice(0, headerEnd), body: lines.slice(headerEnd, -1), footer: ['[End of page]'] };
}

function unitsOf(lines: readonly string[], kinds: readonly LineKind[]): Omit<Unit, 'section'>[] {
  const units: Omit<Unit, 'section'>[] = [];
  let i = 0;
  while (i < lines.length) {
    if (kinds[i] !== 'text' && kinds[i] !== 'table') {
      i++;
      continue;
    }
    const table = kinds[i] === 'table';
    const head: [number, number] | undefined = table && kinds[i + 1] === 'table' && /^\s*\|[\s|:-]+\|?\s*$/.test(lines[i + 1]!) ? [i, i + 2] : undefined;
    let from = head ? head[1] : i;
    let j = from;
    let size = 0;
    while (j < lines.length && kinds[j] === kinds[i]) {
      if (size > 0 && size + lines[j]!.length > MAX_UNIT_CHARS) {
        units.push({ from, to: j, text: lines.slice(from, j).join('\n'), ...(head ? { tableHead: head } : {}) });
        from = j;
        size = 0;
      }
      size += lines[j]!.length + 1;
      j++;
    }
    if (j > from) units.push({ from, to: j, text: lines.slice(from, j).join('\n'), ...(head ? { tableHead: head } : {}) });
    else if (head) units.push({ from: head[0], to: head[1], text: lines.slice(head[0], head[1]).join('\n') });
    i = j;
  }
  return units;
}

function sectionsOf(lines: readonly string[], kinds: readonly LineKind[]): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; line: number }[] = [];
  let start = 0;
  const close = (to: number) => {
    if (to > start && (sections.length > 0 || lines.slice(start, to).some((l) => l.trim() !== ''))) {
      const heading = kinds[start] === 'heading' ? lines[start]! : undefined;
      const level = heading ? heading.match(HEADING)![1]!.length : 0;
      sections.push({ n: 0, title: heading ? plainTitle(heading) : '', level, path: stack.map((s) => s.line), from: start, to, end: to });
    }
  };
  for (const [i, kind] of kinds.entries()) {
    if (kind !== 'heading') continue;
    close(i);
    const level = lines[i]!.match(HEADING)![1]!.length;
    while (stack.length > 0 && stack.at(-1)!.level >= level) stack.pop();
    stack.push({ level, line: i });
    start = i;
  }
  close(lines.length);
  return withParts(sections, lines, kinds);
}

/** Long sections cut into parts, untitled ones named by their first words, all numbered; a heading's end covers its subsections. */
function withParts(sections: readonly Section[], lines: readonly string[], kinds: readonly LineKind[]): Section[] {
  const out: (Section & { part: boolean })[] = [];
  for (const section of sections) {
    const content = [];
    for (let i = section.from; i < section.to; i++) if (kinds[i] === 'text' || kinds[i] === 'table') content.push(i);
    for (let p = 0; p === 0 || p * MAX_PART_LINES < content.length; p++) {
      const from = p === 0 ? section.from : content[p * MAX_PART_LINES]!;
      const to = content[(p + 1) * MAX_PART_LINES] ?? section.to;
      const words = firstWords(lines[content[p * MAX_PART_LINES] ?? from]!);
      const title = p === 0 && section.title ? section.title : section.title ? `${section.title} (${words})` : words;
      out.push({ ...section, title, from, to, end: to, part: p > 0 });
    }
  }
  return out.map(({ part, ...section }, i) => {
    const headed = section.level > 0 && !part;
    const next = headed ? out.slice(i + 1).find((s) => !s.part && s.level > 0 && s.level <= section.level) : undefined;
    return { ...section, n: i + 1, end: headed ? (next?.from ?? lines.length) : section.to };
  });
}

export function outlineOf(text: string): PageOutline {
  const { header, body, footer } = frameOf(text);
  const lines = body.flatMap(splitLong);
  const kinds = lines.map(kindOf);
  const sections = sectionsOf(lines, kinds);
  const sectionAt = (line: number) => sections.findLast((s) => s.from <= line)?.n ?? 0;
  const units = unitsOf(lines, kinds).map((u) => ({ ...u, section: sectionAt(u.from) }));
  return { header, lines, kinds, units, sections, footer };
}
