/**
 * An index page's contents list. A manual's chapter page or a section's first page says a
 * line or two and then lists what the chapter holds: that list is what the page is for,
 * though it is all links and so never wins the selection on prose.
 */
import { descendants, hintsOf, hintWords, isElement, rawText, type Element } from './dom.js';
import { collapseWhitespace, wordCount } from './text-measure.js';

/** A selection this short is a lead-in at most; a longer one is the page, and a contents list beside it is navigation. */
const LEAD_IN_WORDS = 150;
/** How far above the selection a contents list may sit: within the chapter's own box, not the page's layout. */
const CLIMB = 3;
const MIN_ENTRIES = 5;
/** Words the box may hold beside the lead-in and the list (a title, a byline), or as many as the lead-in has. */
const BESIDE_WORDS = 30;
const TOC_HINT = hintWords(['toc', 'table-of-contents']);
const CONTENTS_LABEL = /^(?:table of )?contents:?$/i;
const LABELS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'strong', 'b', 'caption', 'dt']);

function isContents(el: Element): boolean {
  const found = descendants(el);
  if (found.filter((a) => a.name === 'a' && a.attribs['href']).length < MIN_ENTRIES) return false;
  if (TOC_HINT.test(hintsOf(el))) return true;
  const label = found.find((child) => LABELS.has(child.name));
  return label !== undefined && CONTENTS_LABEL.test(collapseWhitespace(rawText(label)));
}

/**
 * The selection widened to the box that also holds the page's contents list, when the
 * selection alone is a short lead-in and the list sits close beside it; with the list, which
 * pruning must leave whole (it is all links).
 */
export function withContents(main: Element, limit: Element): { main: Element; contents?: Element } {
  const words = wordCount(rawText(main));
  if (words >= LEAD_IN_WORDS) return { main };
  let box = main;
  for (let step = 0; step < CLIMB && box !== limit && box.parent; step++) {
    const inner = box;
    box = box.parent as Element;
    // Only what this step adds: the box's other children (the inner box was searched already).
    const contents = box.children
      .filter((child): child is Element => isElement(child) && child !== inner)
      .flatMap((child) => [child, ...descendants(child)])
      .find(isContents);
    if (!contents) continue;
    // The chapter's box holds its title, lead-in and list; one holding more is the page's layout.
    const rest = wordCount(rawText(box)) - words - wordCount(rawText(contents));
    return rest <= Math.max(BESIDE_WORDS, words) ? { main: box, contents } : { main };
  }
  return { main };
}
