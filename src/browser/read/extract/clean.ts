/**
 * Removing the boilerplate regions a page marks as such: landmarks (nav, footer, aside),
 * dialogs, and class or id words (cookie banners, share bars, related lists...); per
 * page type also comments, bylines, reviews and forum member chrome.
 */
import { ancestorNamed, contains, descendants, hintsOf, hintWords, remove, type Element } from './dom.js';
import { measure, onlyHeading } from './blocks.js';

/** Landmarks that are boilerplate wherever they are. */
const BOILERPLATE_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'toolbar', 'banner']);

/** Class/id words of regions that are boilerplate wherever they are. */
const STRONG_HINT = hintWords([
  'cookies?', 'consent', 'gdpr', 'newsletter', 'subscribe', 'subscription', 'sign-up', 'sign-in', 'log-in', 'registration',
  'share', 'sharing',
  'social', 'related', 'recommended', 'recommendations?', 'suggested', 'promo', 'sponsored?', 'advert\\w*', 'ads?', 'adslot',
  'breadcrumbs?', 'popup', 'modal', 'disqus', 'outbrain', 'taboola', 'print-only', 'sr-only',
  'visually-hidden', 'screen-reader-text', 'skip',
]);
/**
 * A region named for its legal notice (Steam's "game_area_legal", a footer's "gf-legal"): the
 * last word of a class or id names the thing, so "legal-link" is a link and "legalShipping"
 * shipping terms.
 */
const LEGAL_NAME = /(?:^|[_-])legal$/i;
const isLegalNotice = (el: Element) => `${el.attribs['class'] ?? ''} ${el.attribs['id'] ?? ''}`.split(/\s+/).some((name) => LEGAL_NAME.test(name));
/** The utility class of position: fixed (Tailwind and others): overlays, sticky bars, chat and cookie widgets. */
const FIXED_CLASS = /(?:^|\s)fixed(?:\s|$)/;
/** Words of boilerplate that layout wrappers also carry ("has-sidebar main-column"). */
const WEAK_HINT = hintWords([
  'sidebar\\w*', 'overlay', 'footer\\w*', 'masthead', 'navbar', 'nav', 'navigation', 'menu\\w*', 'toolbar', 'pagination', 'pager',
  'drawer', 'off-canvas',
]);
/** A banner is an announcement strip, unless it carries a heading: then it is the page's hero, its title and lead. */
const BANNER_HINT = hintWords(['banner']);
/**
 * Words that mark a content region even when a weak boilerplate word is in another class
 * of it ("has-sidebar main-column"); not in the same class, where the boilerplate word
 * names the thing ("main-footer", "post-menu").
 */
const CONTENT_HINT = hintWords(['article', 'content', 'main', 'post', 'entry', 'story', 'body', 'text', 'prose', 'hero']);
/** Bylines, datelines and photo credits: noise in an article, but a forum post's author line is content. */
const META_HINT = hintWords(['byline', 'bylines', 'author', 'authors', 'dateline', 'timestamp', 'date', 'time', 'meta', 'post-meta', 'entry-meta', 'article-meta', 'posted-on', 'published', 'credits?', 'photo-credit', 'image-credit']);
const META_MAX_CHARS = 200;
/**
 * A region marked only by a weak word that holds the page's h1 and this share of its prose is
 * the page's title box (a product's name, price and summary in a "sticky-navbar" holder): a
 * menu's or a sidebar's h1 is a logo, with no prose beside it.
 */
const TITLED_SHARE = 0.1;
/** A region marked as related or promoted that holds more than this share of the page's text is its content. */
const MOST = 0.5;
/**
 * Customer reviews and customer Q&A under a product: opinions, not the product's facts. (The
 * seller's own FAQ and the testimonials it chose to show are part of what the page says.)
 */
const REVIEW_HINT = hintWords(['reviews?', 'ratings?', 'customer-reviews', 'product-reviews', 'questions-answers', 'qna']);
/** Around forum posts: signatures, badges, reputation and member statistics, not the message. */
const MEMBER_CHROME_HINT = hintWords([
  'signatures?', 'badges?', 'reputation', 'rep', 'user-stats', 'member-stats', 'user-title', 'member-title', 'user-extras?',
  'extra-user-info', 'join-date', 'post-count', 'user-badges', 'flair', 'rank',
]);
const COMMENT_HINT = hintWords(['comments?', 'comment-list', 'replies', 'respond']);
/**
 * Testimonials are quotes the page chose to show (a course's or a product's praise from its
 * buyers), part of what it says, even where its template calls each one a "comment".
 */
const TESTIMONIAL_HINT = /testimonial/;

export interface CleanOptions {
  /** Keep regions marked as comments (a forum thread is made of them). */
  keepComments: boolean;
  /** Drop short regions marked as bylines, datelines and post metadata. */
  dropMeta: boolean;
  /** Drop regions marked as customer reviews (on product pages). */
  dropReviews: boolean;
  /** Drop signatures, badges and member statistics around forum posts. */
  dropMemberChrome: boolean;
}

/**
 * Boilerplate regions go too. A landmark, or a region of a kind the page type drops, stays
 * only when it holds the page's heading or article (broken markup that never closed it). A
 * region marked by a strong word stays too when, menus and footers gone, it holds most of
 * what is left: a listing whose template calls it "related products" is the content. A
 * region marked only by a weak word stays when it holds most of the prose, or a good part of
 * it with the page's heading or article: sites put "nav" or "sidebar" into the class of
 * their layout wrappers. `items`: a listing's items, inside which comment lines stay.
 */
export function removeBoilerplate(body: Element, options: CleanOptions, items: readonly Element[] = []): void {
  const stats = measure(body);
  const total = stats.get(body)?.good ?? 0;
  const marked: Element[] = [];
  for (const el of descendants(body)) {
    const chars = stats.get(el)?.chars ?? 0;
    if ((options.dropMeta && chars <= META_MAX_CHARS && META_HINT.test(hintsOf(el))) || isControl(el, chars)) {
      remove(el);
      continue;
    }
    const kind = boilerplateKind(el, options);
    if (!kind) continue;
    const good = stats.get(el)?.good ?? 0;
    if (kind !== 'dialog' && kind !== 'weak' && holdsArticle(el)) continue;
    // Inside a listing's item a "comments" line is a fact about the item (arXiv's "Comments: 12 pages").
    if (kind === 'comments' && items.some((item) => item !== el && contains(item, el))) continue;
    if (kind === 'weak' && (good > total * 0.75 || (good > total * 0.35 && holdsArticle(el)) || (good > total * TITLED_SHARE && hasHeading(el)))) continue;
    if (kind === 'marked') marked.push(el);
    else remove(el);
  }
  const left = measure(body);
  const rest = left.get(body)?.chars ?? 0;
  for (const el of marked) if ((left.get(el)?.chars ?? 0) <= rest * MOST) remove(el);
}

/**
 * Regions marked as comments inside posts that are not comments themselves (the remarks
 * under each answer of a Q&A page): the outermost such region in each item goes, the item
 * stays. Replies nested in a comment are the thread going on, and stay.
 */
export function dropCommentsInside(items: readonly Element[]): void {
  for (const item of items) {
    if (COMMENT_HINT.test(hintsOf(item))) continue;
    const marked = descendants(item).filter((el) => COMMENT_HINT.test(hintsOf(el)));
    for (const el of marked) if (!marked.some((other) => other !== el && contains(other, el))) remove(el);
  }
}

type Kind = 'dialog' | 'landmark' | 'marked' | 'typed' | 'comments' | 'weak';

/**
 * 'dialog': a modal, never the page; 'landmark': nav, aside, footer and their roles;
 * 'marked': a strong word (cookie banners, share bars, related lists...); 'comments' and
 * 'typed': what the page type drops (comments; reviews, member chrome); 'weak': a word layout wrappers
 * carry too, so size decides; null: not boilerplate.
 */
function boilerplateKind(el: Element, options: CleanOptions): Kind | null {
  const tag = el.name;
  if (tag === 'nav' || tag === 'aside' || tag === 'footer') return 'landmark';
  if (tag === 'header') return hasHeading(el) || inSection(el) || headsArticle(el) ? null : 'weak';
  if (tag === 'body' || tag === 'main' || tag === 'article' || tag === 'html') return null;
  const role = el.attribs['role'];
  if (role === 'dialog' || role === 'alertdialog' || el.attribs['aria-modal'] === 'true') return 'dialog';
  if (role && BOILERPLATE_ROLES.has(role)) return 'landmark';
  const hints = hintsOf(el);
  if (hints.trim() === '') return null;
  if (STRONG_HINT.test(hints) || (hints.includes('legal') && isLegalNotice(el)) || FIXED_CLASS.test(el.attribs['class'] ?? '')) return 'marked';
  if (!options.keepComments && COMMENT_HINT.test(hints) && !TESTIMONIAL_HINT.test(hints)) return 'comments';
  if (options.dropReviews && REVIEW_HINT.test(hints) && !TESTIMONIAL_HINT.test(hints)) return 'typed';
  if (options.dropMemberChrome && MEMBER_CHROME_HINT.test(hints)) return 'typed';
  const banner = BANNER_HINT.test(hints);
  if (!banner && !WEAK_HINT.test(hints)) return null;
  if (CONTENT_HINT.test(hints) && hints.split(/\s+/).some((c) => CONTENT_HINT.test(c) && !WEAK_HINT.test(c) && !BANNER_HINT.test(c))) return null;
  return banner && hasHeading(el, ['h1', 'h2']) ? null : 'weak';
}

/** Class words of links and spans styled as buttons: calls to action ("Sign up", "Book now"), not content. */
const CONTROL_HINT = hintWords(['btn', 'button', 'cta']);
/** A button label is a few words; a card made into one big link is longer. */
const CONTROL_MAX_CHARS = 30;
/**
 * A form's text is labels, prompts and messages (search, sign-in, newsletter, "notify me");
 * only a page wrapped whole in a form has more.
 */
const FORM_MAX_CHARS = 500;

/** A button-like link or span, or a small form: controls, whose text is not content. */
function isControl(el: Element, chars: number): boolean {
  if (el.name === 'form') return chars <= FORM_MAX_CHARS && !holdsArticle(el);
  if (chars > CONTROL_MAX_CHARS || (el.name !== 'a' && el.name !== 'span' && el.name !== 'div')) return false;
  return el.attribs['role'] === 'button' || CONTROL_HINT.test(hintsOf(el));
}

/**
 * A <header> inside main or a section heads that part of the content, not the page (HTML's
 * rule for the banner role). One inside an article stays weak: a teaser card's or a post's
 * header is its byline and date.
 */
function inSection(el: Element): boolean {
  for (let node = el.parent; node && node.type === 'tag'; node = node.parent) {
    const name = (node as Element).name;
    if (name === 'article') return false;
    if (name === 'main' || name === 'section') return true;
  }
  return false;
}

/**
 * A <header> that holds nothing but a heading, in an <article> that says nothing else (a
 * picture and a title): the title of a teaser card (a blog index's posts, each titled in its
 * header). One with more (a byline, a date, a summary) stays weak.
 */
function headsArticle(el: Element): boolean {
  const heading = onlyHeading(el);
  const article = heading && ancestorNamed(el, 'article');
  return article !== undefined && onlyHeading(article) === heading;
}

function hasHeading(el: Element, tags: readonly string[] = ['h1']): boolean {
  return descendants(el).some((d) => tags.includes(d.name));
}

function holdsArticle(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'h1' || d.name === 'article' || d.name === 'main');
}
