/**
 * What a listing's selection keeps around its items: link blocks below them go (navigation
 * away from the list), and cards that are only a title read as lines of the list.
 */
import { isCardPart, measure, onlyHeading } from './blocks.js';
import { ancestorNamed, descendants, isBlock, remove, type Element } from './dom.js';
import { repeatedGroups } from './groups.js';

/** A block below a listing's items that is at most this share of the selection may be a menu. */
const BELOW_MAX_SHARE = 0.5;

/**
 * Below a listing's items, a block of links and little else ("Top searches", "Popular
 * categories", a tag cloud) is navigation away from the list, not an item of it. The items
 * themselves may be bare links (a list of titles), and so may the subcategories a listing
 * opens with: only blocks after the items' container go.
 */
export function pruneBelowListing(main: Element, items: Element): void {
  const stats = measure(main);
  const total = stats.get(main)?.chars ?? 0;
  const all = descendants(main);
  // Blocks after the items' container and its subtree, in document order.
  const after = all.slice(all.indexOf(items) + descendants(items).length + 1);
  for (const el of after) {
    if (!isBlock(el) || isCardPart(el) || descendants(el).some(isCardPart) || ancestorNamed(el, 'a')) continue;
    const s = stats.get(el);
    if (!s || s.chars >= total * BELOW_MAX_SHARE) continue;
    if (s.bad > 0 && s.bad > 2 * s.good) remove(el);
  }
}

/** Alike cards, each only a title, that make a row of a listing. */
const TITLE_CARDS = 5;

/**
 * In a listing, cards whose only text is their heading (a picture and a title), five or
 * more alike in a row: each title is an item, not a section left empty, and reads as a line
 * of the list.
 */
export function titlesAsItems(main: Element): void {
  for (const group of repeatedGroups(main, measure(main))) {
    if (group.items.length < TITLE_CARDS) continue;
    const titles = group.items.map(onlyHeading);
    if (titles.every((t) => t !== undefined)) for (const t of titles) (t as Element).name = 'p';
  }
}
