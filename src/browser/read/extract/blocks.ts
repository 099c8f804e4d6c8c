/**
 * Text statistics per element. Text is grouped into runs: the inline content of one
 * block (a paragraph, a list item, a table row of plain cells). A run mostly made of
 * link text is "bad" (menus, tag clouds, related-article lists); a run of prose is
 * "good" in proportion to its length (short runs, like bylines and labels, count
 * for little either way); a data-table row is good even when its cells are links. An
 * element's good and bad are the sums over its subtree.
 */
import { descendants, HEADINGS, isBlock, isElement, rawText, type Element } from './dom.js';
import { collapseWhitespace, weightedLength } from './text-measure.js';

export interface BlockStats {
  /** Weighted characters of text in the subtree. */
  chars: number;
  /** Of which inside links. */
  linkChars: number;
  good: number;
  bad: number;
  /** Number of runs counted as good prose. */
  paragraphs: number;
}

export type StatsMap = Map<Element, BlockStats>;

interface Run {
  chars: number;
  link: number;
  /** A heading or a table row: short, but content when it is not a link. */
  full: boolean;
  /** A data-table row (two or more plain cells): content even when its cells are links. */
  row: boolean;
}

/** Runs shorter than this (weighted characters) are neutral; longer ones ramp up to full weight. */
const SHORT_RUN = 20;
const RAMP = 60;
const LINK_RUN = 0.5;
const FULL_WEIGHT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'th', 'td', 'dt']);

function flush(run: Run, into: BlockStats): void {
  if (run.chars === 0) return;
  if (run.row) {
    into.good += run.chars;
    into.paragraphs += 1;
  } else if (run.link / run.chars > LINK_RUN) into.bad += run.chars;
  else {
    const weight = run.full ? 1 : Math.min(1, Math.max(0, (run.chars - SHORT_RUN) / RAMP));
    into.good += (run.chars - run.link) * weight;
    if (weight === 1) into.paragraphs += 1;
  }
  run.chars = 0;
  run.link = 0;
}

/** A table row whose cells hold only inline content reads as one line. */
function isPlainRow(el: Element): boolean {
  if (el.name !== 'tr') return false;
  for (const cell of el.children) {
    if (!isElement(cell)) continue;
    for (const node of cell.children) if (isBlock(node)) return false;
  }
  return true;
}

function isDataRow(el: Element): boolean {
  return isPlainRow(el) && el.children.filter((c) => isElement(c) && (c.name === 'td' || c.name === 'th')).length >= 2;
}

/**
 * A link wrapped around a heading and a paragraph is a card made clickable whole (a
 * landing page's feature tiles): its text reads as prose, not as a menu's link text.
 */
export function isCardLink(el: Element): boolean {
  if (el.name !== 'a') return false;
  let heading = false;
  let paragraph = false;
  for (const child of el.children) {
    if (!isElement(child)) continue;
    heading ||= HEADINGS.has(child.name) || child.children.some((c) => isElement(c) && HEADINGS.has(c.name));
    paragraph ||= child.name === 'p' || child.children.some((c) => isElement(c) && c.name === 'p');
  }
  return heading && paragraph;
}

/**
 * What a card has beside its words: a heading, a picture, or a link around blocks (a card
 * made clickable whole). A block of links with one is cards, not a menu.
 */
export const isCardPart = (el: Element) =>
  HEADINGS.has(el.name) || el.name === 'img' || el.name === 'picture' || (el.name === 'a' && descendants(el).some(isBlock));

/** The one heading that is all of an element's text (a card that is only a title), if so. */
export function onlyHeading(el: Element): Element | undefined {
  const headings = descendants(el).filter((d) => HEADINGS.has(d.name));
  const text = collapseWhitespace(rawText(el));
  const heading = headings[0];
  return headings.length === 1 && heading && text !== '' && collapseWhitespace(rawText(heading)) === text ? heading : undefined;
}

/** `cardsAsProse`: count the text of card links (see isCardLink) as prose, for a page that is no article. */
export function measure(root: Element, cardsAsProse = false): StatsMap {
  const map: StatsMap = new Map();
  const visit = (el: Element, owner: BlockStats, run: Run, inLink: boolean, inRow: boolean): BlockStats => {
    const s: BlockStats = { chars: 0, linkChars: 0, good: 0, bad: 0, paragraphs: 0 };
    map.set(el, s);
    const block = isBlock(el) && !inRow;
    if (block) flush(run, owner);
    const myRun = block ? { chars: 0, link: 0, full: FULL_WEIGHT.has(el.name), row: isDataRow(el) } : run;
    const myOwner = block ? s : owner;
    const link = inLink || (el.name === 'a' && !(cardsAsProse && isCardLink(el)));
    const row = inRow || isPlainRow(el);
    for (const child of el.children) {
      if (child.type === 'text') {
        const w = weightedLength(child.data);
        if (w === 0) continue;
        s.chars += w;
        myRun.chars += w;
        if (link) {
          s.linkChars += w;
          myRun.link += w;
        }
      } else if (isElement(child)) {
        const c = visit(child, myOwner, myRun, link, row && child.name !== 'tr');
        s.chars += c.chars;
        s.linkChars += c.linkChars;
        s.good += c.good;
        s.bad += c.bad;
        s.paragraphs += c.paragraphs;
      }
    }
    if (block) flush(myRun, s);
    return s;
  };
  const top: BlockStats = { chars: 0, linkChars: 0, good: 0, bad: 0, paragraphs: 0 };
  visit(root, top, { chars: 0, link: 0, full: false, row: false }, false, false);
  return map;
}
