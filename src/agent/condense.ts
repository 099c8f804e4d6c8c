/**
 * A long page condensed for the question: the units that best match it
 * (relevance.ts), their neighbours, tables and number-bearing lines next to
 * them, under their heading path, in page order, with `[… N lines skipped …]`
 * where lines were left out and a one-line outline of the skipped sections
 * the model may ask for (`Action: more <section>`). Every shown line is the
 * page's own, so a quote copied from the view is on the page; what was
 * skipped is not in the view, so it is never taken as seen.
 */
import { estimateTokens } from '../llm/tokens.js';
import type { PageOutline, Section } from './outline.js';
import { plainTitle } from './outline.js';
import { scoreBlocks, sharedTerms, termsOf } from './relevance.js';
import { tokenize } from './text-tokens.js';

export interface CondenseInput {
  outline: PageOutline;
  /** The question and the search query. */
  query: string;
  /**
   * What the on-topic check looks for: the search query, the question's
   * subject without its scaffolding ("how many", "which number"); the query
   * when absent.
   */
  focus?: string;
  targetTokens: number;
  /** Sections the model asked for, most recent first: shown before anything else. */
  expand?: readonly number[];
}

export interface Condensed {
  text: string;
  /** Sections with lines left out. */
  skipped: Section[];
  shownLines: number;
  totalLines: number;
}

/** Units scoring below this share of the best are not matches. */
const MIN_SHARE = 0.35;
/** Matches scoring at least this share of the best bring their neighbours at once; others only once every match is in. */
const CLOSE_SHARE = 0.5;
/**
 * A page holds something for the question when one of its units, with its
 * heading path, holds this many of the question's content terms (fewer when
 * the question has fewer); on a page where none does (a long guide that says
 * "Europe" here and "building" there), only the lead and the outline are shown.
 */
const MIN_SHARED_TERMS = 2;
/** A unit's heading path counts this much beside its own words. */
const HEADING_WEIGHT = 0.5;
const OUTLINE_MAX_CHARS = 600;
/** Rough cost of a skip marker and the blank lines around it. */
const MARKER_TOKENS = 10;

const SKIP = /^\[… \d+ lines? skipped …\]$/;
const NOTICE = /^\[Condensed for the question: \d+ of \d+ lines shown\]$/;
const OUTLINE = /^\[Skipped sections \(Action: more <number or name> shows one\): .*\]$/;

const skipLine = (n: number) => `[… ${n} line${n === 1 ? '' : 's'} skipped …]`;

function unitScores(outline: PageOutline, query: string, focus: string): { scores: number[]; onTopic: boolean } {
  const unitTerms = outline.units.map((u) => termsOf(tokenize(u.text)));
  const pathTerms = outline.sections.map((s) => termsOf(tokenize(s.path.map((line) => plainTitle(outline.lines[line]!)).join(' '))));
  const own = scoreBlocks(query, unitTerms);
  const paths = scoreBlocks(query, pathTerms);
  const shared = sharedTerms(focus, outline.units.map((u, i) => [...(pathTerms[u.section - 1] ?? []), ...unitTerms[i]!]));
  const onTopic = shared.counts.some((n) => n >= Math.min(MIN_SHARED_TERMS, shared.of));
  return { scores: outline.units.map((u, i) => own[i]! + HEADING_WEIGHT * (paths[u.section - 1] ?? 0)), onTopic };
}

/** Unit indexes in the order they are worth their tokens. */
function priority(outline: PageOutline, query: string, focus: string, expand: readonly number[]): number[] {
  const { units, sections } = outline;
  const order: number[] = [];
  for (const n of expand) {
    const section = sections[n - 1];
    if (section) units.forEach((u, i) => u.from >= section.from && u.from < section.end && order.push(i));
  }
  if (units.length > 0) order.push(0);
  const { scores, onTopic } = unitScores(outline, query, focus);
  const best = Math.max(0, ...scores);
  if (best === 0) return [...order, ...units.map((_, i) => i)];
  if (!onTopic) return order;
  const matches = scores.map((_, i) => i).filter((i) => scores[i]! >= best * MIN_SHARE).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const context = (i: number) => {
    const near = [i - 1, i + 1].filter((j) => units[j]?.section === units[i]!.section);
    const after = units[i + 2];
    if (after && near.includes(i + 1) && after.section === units[i]!.section && (after.tableHead || /\d/.test(after.text))) near.push(i + 2);
    return near;
  };
  for (const i of matches) order.push(i, ...(scores[i]! >= best * CLOSE_SHARE ? context(i) : []));
  for (const i of matches) order.push(...context(i));
  return order;
}

/** Lines a unit brings with it: its own, its table's head, its heading path and the page marker before it. */
function linesOf(outline: PageOutline, unit: number): number[] {
  const u = outline.units[unit]!;
  const lines = [...(outline.sections[u.section - 1]?.path ?? [])];
  const marker = outline.kinds.slice(0, u.from).lastIndexOf('marker');
  if (marker >= 0) lines.push(marker);
  if (u.tableHead) for (let l = u.tableHead[0]; l < u.tableHead[1]; l++) lines.push(l);
  for (let l = u.from; l < u.to; l++) lines.push(l);
  return lines;
}

const isContent = (outline: PageOutline, line: number) => outline.kinds[line] === 'text' || outline.kinds[line] === 'table';

function skippedSections(outline: PageOutline, shown: readonly boolean[]): Section[] {
  return outline.sections.filter((s) => {
    for (let l = s.from; l < s.to; l++) if (isContent(outline, l) && !shown[l]) return true;
    return false;
  });
}

function outlineLine(outline: PageOutline, shown: readonly boolean[], skipped: readonly Section[]): string {
  if (skipped.length === 0) return '';
  const entries = skipped.map((s) => {
    let any = false;
    for (let l = s.from; l < s.to && !any; l++) any = isContent(outline, l) && shown[l]!;
    return `§${s.n} ${s.title}${any ? ' (partly shown)' : ''}`;
  });
  let list = '';
  for (const [i, entry] of entries.entries()) {
    const rest = entries.length - i;
    if (list && list.length + entry.length > OUTLINE_MAX_CHARS) {
      list += ` · and ${rest} more`;
      break;
    }
    list += (list ? ' · ' : '') + entry;
  }
  return `[Skipped sections (Action: more <number or name> shows one): ${list}]`;
}

function render(outline: PageOutline, shown: readonly boolean[]): Condensed {
  const { lines, kinds } = outline;
  const body: string[] = [];
  let skipped = 0;
  let gap = false;
  const flushSkip = () => {
    if (skipped > 0) body.push('', skipLine(skipped), '');
    skipped = 0;
  };
  for (const [i, line] of lines.entries()) {
    if (shown[i]) {
      flushSkip();
      if (gap && body.length > 0 && body.at(-1) !== '') body.push('');
      body.push(line);
      gap = false;
    } else if (kinds[i] === 'blank') gap = true;
    else skipped++;
  }
  flushSkip();
  const total = kinds.filter((k) => k !== 'blank').length;
  const shownLines = shown.filter(Boolean).length;
  const skippedList = skippedSections(outline, shown);
  const notice = skippedList.length > 0 ? [`[Condensed for the question: ${shownLines} of ${total} lines shown]`, ''] : [];
  const outlineText = outlineLine(outline, shown, skippedList);
  const text = [...outline.header, ...notice, ...trimBlank(body), ...(outlineText ? ['', outlineText] : []), ...outline.footer].join('\n');
  return { text, skipped: skippedList, shownLines, totalLines: total };
}

function trimBlank(lines: string[]): string[] {
  let from = 0;
  let to = lines.length;
  while (from < to && lines[from] === '') from++;
  while (to > from && lines[to - 1] === '') to--;
  return lines.slice(from, to);
}

export function condense(input: CondenseInput): Condensed {
  const { outline, targetTokens } = input;
  const shown = outline.lines.map(() => false);
  const added: number[][] = [];
  let used = estimateTokens([...outline.header, ...outline.footer].join('\n')) + OUTLINE_MAX_CHARS / 4 + 20;
  for (const unit of new Set(priority(outline, input.query, input.focus || input.query, input.expand ?? []))) {
    const fresh = linesOf(outline, unit).filter((l) => !shown[l]);
    if (fresh.length === 0) continue;
    const cost = estimateTokens(fresh.map((l) => outline.lines[l]).join('\n')) + fresh.length + MARKER_TOKENS;
    if (used + cost > targetTokens) continue;
    used += cost;
    for (const l of fresh) shown[l] = true;
    added.push(fresh);
  }
  let result = render(outline, shown);
  // The estimate above is generous; should the view still be too long, the last additions go.
  while (estimateTokens(result.text) > targetTokens && added.length > 0) {
    for (const l of added.pop()!) shown[l] = false;
    result = render(outline, shown);
  }
  return result;
}

/** The view as the model saw it for grounding: a skip is an ellipsis, so no quote runs across it; the notice and outline are scout's, not the page's. */
export function seenText(text: string): string {
  return text
    .split('\n')
    .filter((line) => !NOTICE.test(line) && !OUTLINE.test(line))
    .map((line) => (SKIP.test(line) ? '…' : line))
    .join('\n');
}
