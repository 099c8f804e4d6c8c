/**
 * Main-content selection: the element whose subtree holds the most prose net of
 * link-dominated text (good - bad, see blocks.ts), preferring the deeper element on ties
 * and widening to a parent that holds clearly more prose; then pruning the link-dominated
 * blocks and teaser lists left inside it (related lists, tag clouds).
 */
import { contains, descendants, isBlock, isElement, remove, type Element } from './dom.js';
import { isRelatedHeaded, isStoryList, isTeaserList } from './groups.js';
import { measure, type BlockStats, type StatsMap } from './blocks.js';

const BOILERPLATE_MAX_SHARE = 0.5;
const WIDEN_GAIN = 1.25;
const WIDEN_KEEP = 0.8;


function net(s: BlockStats | undefined): number {
  return s ? s.good - s.bad : 0;
}

export function selectMain(body: Element, stats: StatsMap = measure(body)): Element {
  let best = body;
  let bestScore = net(stats.get(body));
  for (const el of descendants(body)) {
    if (!isBlock(el)) continue;
    const score = net(stats.get(el));
    if (score > bestScore || (score === bestScore && contains(best, el))) {
      best = el;
      bestScore = score;
    }
  }
  return widen(best, body, stats);
}

/**
 * Climb while the parent holds clearly more prose at a small cost: an article whose
 * paragraphs are split around an embedded link box is still one article.
 */
function widen(best: Element, body: Element, stats: StatsMap): Element {
  let current = best;
  while (current !== body && current.parent && isElement(current.parent)) {
    const parent = current.parent;
    const here = stats.get(current);
    const up = stats.get(parent);
    if (!here || !up) break;
    if (up.good < WIDEN_GAIN * here.good || net(up) < WIDEN_KEEP * net(here)) break;
    current = parent;
  }
  return current;
}

export interface PruneOptions {
  /** Drop blocks that are mostly links and carry little prose (menus, tag clouds, link lists). */
  linkBlocks: boolean;
  /**
   * Drop teaser lists: 'all' of them ("more stories" beside an article), only those of stories
   * or that a heading names as related ("You may also like": a landing page's own cards are
   * its content), or none.
   */
  teasers: 'all' | 'related' | 'none';
}

/**
 * Drop blocks inside the selection that are mostly links and carry little prose, and teaser
 * lists; never within `keep` (an index page's contents list).
 */
export function pruneInside(main: Element, options: PruneOptions, keep?: Element): void {
  const stats = measure(main);
  const total = stats.get(main)?.chars ?? 0;
  for (const el of descendants(main)) {
    if (!isBlock(el) || (keep && (el === keep || contains(keep, el)))) continue;
    const s = stats.get(el);
    if (!s) continue;
    // A related block or a menu is never most of the content: one that is, is the content.
    if (s.chars >= total * BOILERPLATE_MAX_SHARE) continue;
    const linky = s.bad > 0 && s.bad > 2 * s.good;
    if ((options.linkBlocks && linky) || (options.teasers !== 'none' && isTeaserList(el, stats) && (options.teasers === 'all' || isRelatedHeaded(el) || isStoryList(el)))) remove(el);
  }
}
