/**
 * Repeated structure: siblings that share a tag and class (forum posts, listing cards,
 * product tiles). The biggest such group by text says a lot about what a page is.
 */
import { descendants, HEADINGS, hintsOf, hintWords, isBlock, isElement, rawText, type Element } from './dom.js';
import type { StatsMap } from './blocks.js';

export interface Group {
  parent: Element;
  items: Element[];
  chars: number;
  linkChars: number;
  /** Runs of prose (see blocks.ts) inside the items. */
  paragraphs: number;
  /** Prose weight (see blocks.ts) inside the items. */
  good: number;
}

function signature(el: Element): string {
  const cls = (el.attribs['class'] ?? '').trim().split(/\s+/).find((c) => !/\d/.test(c)) ?? '';
  return `${el.name}.${cls}`;
}

const MIN_ITEMS = 2;

/** For every element, its sets of alike children (two or more). */
export function repeatedGroups(root: Element, stats: StatsMap): Group[] {
  const groups: Group[] = [];
  for (const parent of [root, ...descendants(root)]) {
    const kids = parent.children.filter((k): k is Element => isElement(k) && (stats.get(k)?.chars ?? 0) > 0);
    if (kids.length < MIN_ITEMS) continue;
    const bySig = new Map<string, Element[]>();
    for (const k of kids) {
      const sig = signature(k);
      const list = bySig.get(sig);
      if (list) list.push(k);
      else bySig.set(sig, [k]);
    }
    for (const items of bySig.values()) {
      if (items.length < MIN_ITEMS) continue;
      let chars = 0;
      let linkChars = 0;
      let paragraphs = 0;
      let good = 0;
      for (const item of items) {
        const s = stats.get(item);
        good += s?.good ?? 0;
        chars += s?.chars ?? 0;
        linkChars += s?.linkChars ?? 0;
        paragraphs += s?.paragraphs ?? 0;
      }
      groups.push({ parent, items, chars, linkChars, paragraphs, good });
    }
  }
  return groups.sort((a, b) => b.chars - a.chars);
}

const AUTHOR_HINT = hintWords(['author', 'user', 'user-name', 'poster', 'member', 'avatar', 'byline', 'profile', 'user-card', 'user-info', 'post-author']);
const REPLY_HINT = hintWords(['comment', 'reply', 'answer']);
const POST_HINT = hintWords(['post', 'posts', 'message', 'comment', 'reply', 'replies', 'answer', 'answers', 'topic', 'thread', 'entry']);

export function isPostClassed(el: Element): boolean {
  return POST_HINT.test(hintsOf(el));
}

/**
 * Share of items that look like posts: an author element or a timestamp inside and
 * more than one block (the author line and the message), or a comment or reply.
 */
export function postLikeShare(group: Group): number {
  let n = 0;
  for (const item of group.items) {
    const inner = descendants(item);
    const signed = inner.some((d) => d.name === 'time' || AUTHOR_HINT.test(hintsOf(d)) || d.attribs['itemprop'] === 'author');
    const blocks = inner.filter(isBlock).length;
    if ((signed && (POST_HINT.test(hintsOf(item)) || blocks >= 2)) || (REPLY_HINT.test(hintsOf(item)) && blocks >= 1)) n += 1;
  }
  return n / group.items.length;
}

const COMMENT_HINT = hintWords(['comments?', 'comment-list']);

/** The group is marked as comments (on its container or its items). */
export function isCommentGroup(group: Group): boolean {
  return COMMENT_HINT.test(hintsOf(group.parent)) || group.items.some((item) => COMMENT_HINT.test(hintsOf(item)));
}

const REVIEW_HINT = hintWords(['reviews?', 'customer-reviews?', 'product-reviews?', 'ratings?']);

/** The group is marked as reviews (on its container or its items). */
export function isReviewGroup(group: Group): boolean {
  return REVIEW_HINT.test(hintsOf(group.parent)) || group.items.some((item) => REVIEW_HINT.test(hintsOf(item)));
}

/** Share of items with a link, and with a heading or image: cards. */
export function cardShare(group: Group): number {
  let n = 0;
  for (const item of group.items) {
    const inner = item.name === 'a' ? [item, ...descendants(item)] : descendants(item);
    if (inner.some((d) => d.name === 'a')) n += 1;
  }
  return n / group.items.length;
}

const TITLE_OR_IMAGE = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'img', 'picture']);

function hasTitleOrImage(el: Element): boolean {
  return descendants(el).some((d) => TITLE_OR_IMAGE.has(d.name));
}

function hasLinkedImage(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'a' && descendants(d).some((i) => i.name === 'img' || i.name === 'picture'));
}

/** Share of items with a heading or an image: cards rather than paragraphs. */
export function titledShare(group: Group): number {
  return group.items.filter(hasTitleOrImage).length / group.items.length;
}

/**
 * Three or more alike children that are each a short teaser around a link (a title,
 * maybe an image, a line of summary): a "related" or "more stories" block.
 */
export function isTeaserList(el: Element, stats: StatsMap): boolean {
  const kids = el.children.filter((k): k is Element => isElement(k) && (stats.get(k)?.chars ?? 0) > 0);
  if (kids.length < 3) return false;
  const bySig = new Map<string, Element[]>();
  for (const k of kids) bySig.set(signature(k), [...(bySig.get(signature(k)) ?? []), k]);
  const cards = [...bySig.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  if (cards.length < 3 || cards.length < 0.6 * kids.length) return false;
  const teasers = cards.filter((k) => {
    const s = stats.get(k);
    if (s === undefined || s.chars >= 500 || s.paragraphs > 1 || !hasTitleOrImage(k)) return false;
    return s.linkChars >= 0.2 * s.chars || hasLinkedImage(k);
  });
  return teasers.length >= 0.8 * cards.length;
}

/** What a shop or a site calls the things it suggests beside the page's own. */
const RELATED_TITLE =
  /\b(?:related|similar|recommended|recently viewed|you (?:may|might) also|also (?:like|bought|viewed)|customers (?:also|who)|frequently bought|more (?:from|like this)|explore more)\b/i;

/** A heading's text, or a small box's around a heading (a title bar with its link "See all"). */
function headingText(el: Element): string {
  if (HEADINGS.has(el.name)) return rawText(el);
  const inner = descendants(el);
  return inner.some((d) => HEADINGS.has(d.name)) && inner.filter(isBlock).length <= 3 ? rawText(el) : '';
}

const STORY_HINT = hintWords(['posts?', 'stor(?:y|ies)', 'articles?', 'news', 'blog']);

/** Most of the list's items are marked as posts or stories: teasers of the site's articles. */
export function isStoryList(list: Element): boolean {
  const items = list.children.filter(isElement);
  return items.filter((item) => STORY_HINT.test(hintsOf(item))).length >= 0.6 * items.length;
}

/** Levels to climb from a list to the heading above the box it opens. */
const HEADING_LEVELS = 6;

/**
 * The heading just above a list (its own first child, or the element before it or before
 * the boxes it opens) names it as suggestions: "You may also like", "Related items".
 */
export function isRelatedHeaded(list: Element): boolean {
  const first = list.children.find(isElement);
  if (first && HEADINGS.has(first.name)) return RELATED_TITLE.test(rawText(first));
  let node: Element = list;
  for (let up = 0; up < HEADING_LEVELS; up++) {
    const before = previousWithText(node);
    if (before) return RELATED_TITLE.test(headingText(before));
    if (!node.parent || !isElement(node.parent)) return false;
    node = node.parent;
  }
  return false;
}

function previousWithText(el: Element): Element | undefined {
  for (let n = el.prev; n; n = n.prev) if (isElement(n) && rawText(n).trim() !== '') return n;
  return undefined;
}
