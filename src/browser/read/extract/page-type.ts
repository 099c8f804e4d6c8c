/**
 * Page-type detection from structure and from what the page declares (signals.ts), and
 * the extraction strategy for each type.
 *   forum          the biggest repeated group is posts (author or time, prose inside),
 *                  or the page declares a discussion
 *   listing        the biggest repeated group is short link cards (titles + summaries)
 *   product        a price next to an add-to-cart control, or Product markup
 *   documentation  code blocks in the text
 *   article        otherwise, a page that declares itself an article or a blog post
 *   page           otherwise: a home, landing or service page, whose short lines
 *                  (feature names, plans, prices) are content
 */
import { contains, descendants, isBlock, isElement, rawText, type Element } from './dom.js';
import { measure, type StatsMap } from './blocks.js';
import type { CleanOptions } from './clean.js';
import type { PruneOptions } from './main-content.js';
import { cardShare, isCommentGroup, isReviewGroup, isPostClassed, isTeaserList, postLikeShare, repeatedGroups, titledShare, type Group } from './groups.js';
import { PRICE, type PageSignals } from './signals.js';

export type PageType = 'article' | 'page' | 'forum' | 'product' | 'listing' | 'documentation';

export interface Strategy {
  clean: CleanOptions;
  /**
   * What to drop inside the selection: link-dominated blocks and teaser lists go from an
   * article; a home or landing page keeps its link blocks (its products, plans and docs);
   * listings and threads are made of both.
   */
  prune: PruneOptions;
  /** Keep every line with a word in it (short lines are content: spec values, card titles). */
  lenientLines: boolean;
  /** Keep lines that repeat (a badge, a maker or a price shared by several items). */
  keepRepeats: boolean;
  /** Drop an h1 that repeats the page title (the frame already shows the title). */
  dropTitleHeading: boolean;
  /** A thread: drop the chrome around its posts (counts, member statistics, edit notes) and quotes of earlier posts. */
  thread: boolean;
  /** Drop a line that is only a post's or a card's age ("2y", "5 hours ago"): threads and listings print one beside each item. */
  ages: boolean;
  /**
   * Render images as [IMAGE: alt]; off where they are galleries and thumbnails, and on a page
   * of no declared kind (a landing or service page), whose pictures are decoration.
   */
  images: boolean;
  /** Keep photo captions; an article's text stands without its captioned photos. */
  captions: boolean;
}

const ARTICLE_CLEAN: CleanOptions = { keepComments: false, dropMeta: true, dropReviews: false, dropMemberChrome: false };
const PRUNE_ALL: PruneOptions = { linkBlocks: true, teasers: 'all' };
const PRUNE_NONE: PruneOptions = { linkBlocks: false, teasers: 'none' };

const STRATEGIES: Record<PageType, Strategy> = {
  article: {
    clean: ARTICLE_CLEAN,
    prune: PRUNE_ALL,
    lenientLines: false,
    keepRepeats: false,
    thread: false,
    ages: false,
    dropTitleHeading: true,
    images: true,
    captions: false,
  },
  page: {
    clean: ARTICLE_CLEAN,
    prune: { linkBlocks: false, teasers: 'related' },
    lenientLines: true,
    keepRepeats: false,
    thread: false,
    ages: false,
    dropTitleHeading: true,
    images: false,
    captions: true,
  },
  documentation: {
    clean: ARTICLE_CLEAN,
    prune: PRUNE_ALL,
    lenientLines: true,
    keepRepeats: false,
    thread: false,
    ages: false,
    dropTitleHeading: true,
    images: true,
    captions: true,
  },
  product: {
    clean: { ...ARTICLE_CLEAN, dropReviews: true },
    prune: PRUNE_ALL,
    lenientLines: true,
    keepRepeats: false,
    thread: false,
    ages: false,
    dropTitleHeading: false,
    images: false,
    captions: true,
  },
  forum: {
    clean: { keepComments: true, dropMeta: false, dropReviews: false, dropMemberChrome: true },
    prune: PRUNE_NONE,
    lenientLines: true,
    keepRepeats: false,
    thread: true,
    ages: true,
    dropTitleHeading: false,
    images: false,
    captions: true,
  },
  listing: {
    clean: { keepComments: false, dropMeta: false, dropReviews: false, dropMemberChrome: false },
    prune: PRUNE_NONE,
    lenientLines: true,
    keepRepeats: true,
    thread: false,
    ages: true,
    dropTitleHeading: false,
    images: false,
    captions: true,
  },
};

export function strategyFor(type: PageType): Strategy {
  return STRATEGIES[type];
}

/**
 * Prose (weighted characters) outside a comment group that makes the page an article with
 * comments; less when the page declares itself an article (a short post opening a long
 * thread of comments), though a bare link above the comments is still a discussion.
 */
const ARTICLE_ABOVE_COMMENTS = 600;
const DECLARED_ARTICLE_ABOVE_COMMENTS = 200;
/**
 * An undeclared page whose comments outweigh its own text this many times over is a
 * discussion under a short story (a link aggregator's item), not an article with comments.
 */
const DISCUSSION_OVER_STORY = 20;
/** Share of the page's prose an <article> element holds for the page to be an article without saying so. */
const ARTICLE_ELEMENT_SHARE = 0.5;

export interface Detection {
  type: PageType;
  /** The repeated group that decided a forum or listing. */
  group?: Group;
}

function isForum(g: Group): boolean {
  // Two alike blocks are often just layout; two posts say so in their class.
  if (g.items.length < 3 && !g.items.every(isPostClassed)) return false;
  return postLikeShare(g) >= 0.6 && g.paragraphs >= g.items.length * 0.5 && g.linkChars < g.chars * 0.5;
}

function isListing(g: Group): boolean {
  if (g.items.length < 5 || cardShare(g) < 0.7) return false;
  if (g.chars / g.items.length >= 600 || g.paragraphs >= g.items.length * 1.5) return false;
  return g.linkChars >= 0.25 * g.chars || titledShare(g) >= 0.7;
}

/** <article> elements a blog's index shows at least, each a teaser of one post. */
const ARTICLE_CARDS = 8;

/**
 * A group of many <article> teasers (a title, maybe an image and a line) with no <article>
 * outside it: a blog's index or category page, whose introduction may outweigh the titles
 * but is not an article itself (a post's related list sits beside the post's own <article>).
 */
function isArticleCards(g: Group, body: Element): boolean {
  if (g.items.length < ARTICLE_CARDS || !g.items.every((item) => item.name === 'article')) return false;
  return descendants(body).every((el) => el.name !== 'article' || g.items.some((item) => item === el || contains(item, el)));
}

/** Cards a shop's category grid has at least, and the share of them that show a price. */
const SHOP_GRID_ITEMS = 8;
const SHOP_GRID_PRICED = 0.6;
/** Prices after the grid, as a share of those inside, that a category page may have (a "free shipping over $75"). */
const SHOP_GRID_PRICES_AFTER = 0.2;

const priceCount = (text: string) => text.match(new RegExp(PRICE.source, 'g'))?.length ?? 0;

/**
 * A shop's category page: many alike cards each with its price, and no price before them
 * and next to none after. A product page shows its own price above its "you may also like"
 * row; a category page's buying text (an introduction, a guide below the grid) has none.
 */
function isShopGrid(g: Group, body: Element): boolean {
  if (g.items.length < SHOP_GRID_ITEMS) return false;
  const priced = g.items.filter((item) => PRICE.test(rawText(item))).length;
  if (priced < SHOP_GRID_PRICED * g.items.length) return false;
  const all = rawText(body);
  const grid = rawText(g.parent);
  const at = all.indexOf(grid);
  if (at < 0 || priceCount(all.slice(0, at)) > 0) return false;
  return priceCount(all.slice(at + grid.length)) <= SHOP_GRID_PRICES_AFTER * priceCount(grid);
}

/**
 * A page declared an article whose prose is mostly the summaries in its teaser lists is a
 * blog's or a magazine's front page: a listing in several sections, no one group filling it.
 * (An article's menus of teasers are titles, not prose.)
 */
const TEASER_PROSE_SHARE = 0.5;

function teaserProseShare(body: Element, stats: StatsMap): number {
  const prose = stats.get(body)?.good ?? 0;
  if (prose === 0) return 0;
  let teasers = 0;
  const visit = (el: Element): void => {
    const good = stats.get(el)?.good ?? 0;
    // A subtree without prose adds nothing either way, and a list is a block of three or more.
    if (good === 0 || !isBlock(el)) return;
    if (el.children.filter(isElement).length >= 3 && isTeaserList(el, stats)) teasers += good;
    else for (const child of el.children) if (child.type === 'tag') visit(child as Element);
  };
  visit(body);
  return teasers / prose;
}

/**
 * A forum or a listing when the biggest post-like or card-like group fills a good part
 * of the page and the page has little prose outside the group's container (an article
 * with comments or a related list has its own text beside the group). What the page
 * declares settles the doubtful cases: comments under a declared article stay comments,
 * and a declared discussion is a forum even when its posts are hard to make out.
 */
export function detectPageType(body: Element, signals: PageSignals, stats: StatsMap = measure(body)): Detection {
  const total = stats.get(body)?.chars ?? 0;
  const prose = stats.get(body)?.good ?? 0;
  const fills = (g: Group) => {
    const parent = stats.get(g.parent);
    if (!parent || parent.chars < 0.3 * total) return false;
    return prose - parent.good < Math.max(0.5 * parent.good, 0.25 * parent.chars);
  };
  const groups = repeatedGroups(body, stats);
  const declaredArticle = signals.article && !signals.discussion;
  // Comments under an article: the article's own prose stands outside the group.
  const above = declaredArticle ? DECLARED_ARTICLE_ABOVE_COMMENTS : ARTICLE_ABOVE_COMMENTS;
  const underArticle = (g: Group) => {
    const comments = stats.get(g.parent)?.good ?? 0;
    const story = prose - comments;
    return isCommentGroup(g) && story >= above && (declaredArticle || story * DISCUSSION_OVER_STORY >= comments);
  };
  // Customers' reviews under a product are opinions about it, not a discussion page.
  const productReviews = (g: Group) => signals.product && isReviewGroup(g);
  const forum = groups.find((g) => fills(g) && isForum(g) && !underArticle(g) && !productReviews(g)) ?? (signals.discussion ? groups.find(isForum) : undefined);
  // A shop's grid is its category page's content even below a long buying guide.
  const shopGrid = (g: Group) => signals.product && g.items.length >= SHOP_GRID_ITEMS && isListing(g) && isShopGrid(g, body);
  // Many <article> teasers under a short introduction: the page's own word that it holds many articles.
  const articleCards = (g: Group) => !signals.product && isArticleCards(g, body) && isListing(g);
  const listing = groups.find((g) => (fills(g) ? isListing(g) : shopGrid(g) || articleCards(g)));
  if (forum && (!listing || signals.discussion || forum.chars >= listing.chars)) return { type: 'forum', group: forum };
  if (signals.discussion) return { type: 'forum' };
  // A shop's category page has prices and cart buttons too, but many alike cards.
  if (listing) return { type: 'listing', group: listing };
  if (signals.product) return { type: 'product' };
  const pres = descendants(body).filter((el) => el.name === 'pre').length;
  if (pres >= 2) return { type: 'documentation' };
  const articled = descendants(body).some((el) => el.name === 'article' && (stats.get(el)?.good ?? 0) >= ARTICLE_ELEMENT_SHARE * prose);
  if (!signals.article && !articled) return { type: 'page' };
  return { type: teaserProseShare(body, stats) > TEASER_PROSE_SHARE ? 'listing' : 'article' };
}
