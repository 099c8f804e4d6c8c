/**
 * Page-type detection from structure, and the extraction strategy for each type.
 *   product        a price next to an add-to-cart control, or Product markup
 *   forum          the biggest repeated group is posts (author or time, prose inside)
 *   listing        the biggest repeated group is short link cards (titles + summaries)
 *   documentation  code blocks in the text
 *   article        everything else
 */
import type { CheerioAPI } from 'cheerio';
import { descendants, type Element } from './dom.js';
import { measure, type StatsMap } from './blocks.js';
import type { CleanOptions } from './clean.js';
import { cardShare, isCommentGroup, isPostClassed, postLikeShare, repeatedGroups, titledShare, type Group } from './groups.js';
import { collapseWhitespace } from './text-measure.js';

export type PageType = 'article' | 'forum' | 'product' | 'listing' | 'documentation';

export interface Strategy {
  clean: CleanOptions;
  /** Keep link-dominated blocks and teaser lists inside the selection (listings and threads are made of them). */
  keepLinkBlocks: boolean;
  /** Keep every line with a word in it (short lines are content: spec values, card titles). */
  lenientLines: boolean;
  /** Drop an h1 that repeats the page title (the frame already shows the title). */
  dropTitleHeading: boolean;
  /** Render images as [IMAGE: alt]; off where they are galleries and thumbnails. */
  images: boolean;
}

const ARTICLE_CLEAN: CleanOptions = { keepComments: false, dropMeta: true, dropReviews: false, dropMemberChrome: false };

const STRATEGIES: Record<PageType, Strategy> = {
  article: { clean: ARTICLE_CLEAN, keepLinkBlocks: false, lenientLines: false, dropTitleHeading: true, images: true },
  documentation: { clean: ARTICLE_CLEAN, keepLinkBlocks: false, lenientLines: true, dropTitleHeading: true, images: true },
  product: {
    clean: { ...ARTICLE_CLEAN, dropReviews: true },
    keepLinkBlocks: false,
    lenientLines: true,
    dropTitleHeading: false,
    images: false,
  },
  forum: {
    clean: { keepComments: true, dropMeta: false, dropReviews: false, dropMemberChrome: true },
    keepLinkBlocks: true,
    lenientLines: true,
    dropTitleHeading: false,
    images: false,
  },
  listing: {
    clean: { keepComments: false, dropMeta: false, dropReviews: false, dropMemberChrome: false },
    keepLinkBlocks: true,
    lenientLines: true,
    dropTitleHeading: false,
    images: false,
  },
};

export function strategyFor(type: PageType): Strategy {
  return STRATEGIES[type];
}

const CART = /\b(?:add to (?:cart|bag|basket|trolley)|buy now|buy it now|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen)\b/i;
const PRICE = /(?:[$€£¥₹]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|USD|GBP|kr|zł)\b)/;

/** Product signals live in markup that reading removes (buttons, JSON-LD), so look first. */
export function productSignals($: CheerioAPI): boolean {
  if ($('[itemtype*="schema.org/Product" i]').length > 0) return true;
  if (($('meta[property="og:type"]').attr('content') ?? '').toLowerCase().includes('product')) return true;
  const ld = $('script[type="application/ld+json"]').text();
  if (/"@type"\s*:\s*"Product"/.test(ld)) return true;
  const controls = $('button, input[type="submit"], a[role="button"], [class*="cart" i] button').toArray();
  const hasCart = controls.some((el) => CART.test(collapseWhitespace($(el).text() || (el.attribs['value'] ?? ''))));
  return hasCart && PRICE.test($('body').text());
}

/** Prose (weighted characters) outside a comment group that makes the page an article with comments. */
const ARTICLE_ABOVE_COMMENTS = 600;

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

/**
 * A forum or a listing when the biggest post-like or card-like group fills a good part
 * of the page and the page has little prose outside the group's container (an article
 * with comments or a related list has its own text beside the group).
 */
export function detectPageType(body: Element, product: boolean, stats: StatsMap = measure(body)): Detection {
  const total = stats.get(body)?.chars ?? 0;
  const prose = stats.get(body)?.good ?? 0;
  const fills = (g: Group) => {
    const parent = stats.get(g.parent);
    if (!parent || parent.chars < 0.3 * total) return false;
    return prose - parent.good < Math.max(0.5 * parent.good, 0.25 * parent.chars);
  };
  const groups = repeatedGroups(body, stats);
  // Comments under an article: the article's own prose stands outside the group.
  const underArticle = (g: Group) => isCommentGroup(g) && prose - (stats.get(g.parent)?.good ?? 0) >= ARTICLE_ABOVE_COMMENTS;
  const forum = groups.find((g) => fills(g) && isForum(g) && !underArticle(g));
  const listing = groups.find((g) => fills(g) && isListing(g));
  if (forum && (!listing || forum.chars >= listing.chars)) return { type: 'forum', group: forum };
  // A shop's category page has prices and cart buttons too, but many alike cards.
  if (listing) return { type: 'listing', group: listing };
  if (product) return { type: 'product' };
  const pres = descendants(body).filter((el) => el.name === 'pre').length;
  return { type: pres >= 2 ? 'documentation' : 'article' };
}
