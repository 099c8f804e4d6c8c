/**
 * Main-content selection: the element whose subtree holds the most prose net of
 * link-dominated text (good - BAD_WEIGHT * bad), preferring the deeper element on ties,
 * then pruning the link-dominated blocks left inside it (related lists, tag clouds).
 */
import { descendants, isBlock, isElement, remove, type Element } from './dom.js';
import { isTeaserList } from './groups.js';
import { measure, type BlockStats, type StatsMap } from './blocks.js';

export interface SelectOptions {
  /** How much a character of link-dominated text costs against one of prose. */
  badWeight: number;
  /** Keep link-dominated blocks inside the selection (listings are made of them). */
  keepLinkBlocks: boolean;
}

const WIDEN_GAIN = 1.25;
const WIDEN_KEEP = 0.8;

export const ARTICLE_SELECT: SelectOptions = { badWeight: 1, keepLinkBlocks: false };

function net(s: BlockStats | undefined, badWeight: number): number {
  return s ? s.good - badWeight * s.bad : 0;
}

function contains(ancestor: Element, el: Element): boolean {
  for (let node = el.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

export function selectMain(body: Element, options: SelectOptions, stats: StatsMap = measure(body)): Element {
  let best = body;
  let bestScore = net(stats.get(body), options.badWeight);
  for (const el of descendants(body)) {
    if (!isBlock(el)) continue;
    const score = net(stats.get(el), options.badWeight);
    if (score > bestScore || (score === bestScore && contains(best, el))) {
      best = el;
      bestScore = score;
    }
  }
  return widen(best, body, stats, options);
}

/**
 * Climb while the parent holds clearly more prose at a small cost: an article whose
 * paragraphs are split around an embedded link box is still one article.
 */
function widen(best: Element, body: Element, stats: StatsMap, options: SelectOptions): Element {
  let current = best;
  while (current !== body && current.parent && isElement(current.parent)) {
    const parent = current.parent;
    const here = stats.get(current);
    const up = stats.get(parent);
    if (!here || !up) break;
    if (up.good < WIDEN_GAIN * here.good || net(up, options.badWeight) < WIDEN_KEEP * net(here, options.badWeight)) break;
    current = parent;
  }
  return current;
}

/** Drop blocks inside the selection that are mostly links and carry little prose, and teaser lists. */
export function pruneInside(main: Element, options: SelectOptions): void {
  if (options.keepLinkBlocks) return;
  const stats = measure(main);
  for (const el of descendants(main)) {
    if (!isBlock(el)) continue;
    const s = stats.get(el);
    if (!s) continue;
    if ((s.bad > 0 && s.bad > 2 * s.good) || isTeaserList(el, stats)) remove(el);
  }
}
