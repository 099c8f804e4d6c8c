/**
 * Removing the boilerplate regions a page marks as such: landmarks (nav, footer, aside),
 * dialogs, and class or id words (cookie banners, share bars, related lists...); per
 * page type also comments, bylines, reviews and forum member chrome.
 */
import { descendants, hintsOf, hintWords, remove, type Element } from './dom.js';
import { measure } from './blocks.js';

/** Landmarks that are boilerplate wherever they are. */
const BOILERPLATE_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'toolbar', 'banner']);

/** Class/id words of regions that are boilerplate wherever they are. */
const STRONG_HINT = hintWords([
  'cookies?', 'consent', 'gdpr', 'newsletter', 'subscribe', 'subscription', 'signup', 'share', 'sharing',
  'social', 'related', 'recommended', 'recommendations?', 'suggested', 'promo', 'sponsored?', 'advert\\w*', 'ads?', 'adslot',
  'breadcrumbs?', 'popup', 'modal', 'disqus', 'outbrain', 'taboola', 'print-only', 'sr-only',
  'visually-hidden', 'screen-reader-text', 'skip',
]);
/** Words of boilerplate that layout wrappers also carry ("has-sidebar main-column"). */
const WEAK_HINT = hintWords(['sidebar', 'overlay', 'footer', 'masthead', 'navbar', 'nav', 'navigation', 'menu', 'toolbar', 'pagination', 'pager', 'banner']);
/** Words that mark a content region even when a weak boilerplate word is in the same class. */
const CONTENT_HINT = hintWords(['article', 'content', 'main', 'post', 'entry', 'story', 'body', 'text', 'prose']);
/** Bylines, datelines and photo credits: noise in an article, but a forum post's author line is content. */
const META_HINT = hintWords(['byline', 'bylines', 'author', 'authors', 'dateline', 'timestamp', 'date', 'time', 'meta', 'post-meta', 'entry-meta', 'article-meta', 'posted-on', 'published', 'credits?', 'photo-credit', 'image-credit']);
const META_MAX_CHARS = 200;
/** Customer reviews, Q&A and FAQs under a product: opinions and generalities, not the product's facts. */
const REVIEW_HINT = hintWords(['reviews?', 'ratings?', 'testimonials?', 'customer-reviews', 'product-reviews', 'questions-answers', 'qna', 'faqs?']);
/** Around forum posts: signatures, badges, reputation and member statistics, not the message. */
const MEMBER_CHROME_HINT = hintWords(['signature', 'signatures', 'badges?', 'reputation', 'rep', 'user-?stats', 'member-?stats', 'user-?title', 'member-?title', 'user-?extra', 'join-?date', 'post-?count', 'user-?badges', 'flair', 'rank']);
const COMMENT_HINT = hintWords(['comments?', 'comment-list', 'replies', 'respond']);

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
 * Boilerplate regions go too. A region marked only by a weak word stays when it holds
 * most of the prose, or a good part of it with the page's heading or article: sites put
 * "nav" or "sidebar" into the class of their layout wrappers. A strong one stays only
 * when it holds the page's heading or article (broken markup that never closed it).
 */
export function removeBoilerplate(body: Element, options: CleanOptions): void {
  const stats = measure(body);
  const total = stats.get(body)?.good ?? 0;
  for (const el of descendants(body)) {
    if (options.dropMeta && (stats.get(el)?.chars ?? 0) <= META_MAX_CHARS && META_HINT.test(hintsOf(el))) {
      remove(el);
      continue;
    }
    const kind = boilerplateKind(el, options);
    if (!kind) continue;
    const good = stats.get(el)?.good ?? 0;
    if (kind === 'strong' && holdsArticle(el)) continue;
    if (kind === 'weak' && (good > total * 0.75 || (good > total * 0.35 && holdsArticle(el)))) continue;
    remove(el);
  }
}

/**
 * 'dialog': a modal, never the page; 'strong': boilerplate whatever its size (landmarks,
 * cookie banners, comments...);
 * 'weak': a word layout wrappers carry too, so size decides; null: not boilerplate.
 */
function boilerplateKind(el: Element, options: CleanOptions): 'dialog' | 'strong' | 'weak' | null {
  const tag = el.name;
  if (tag === 'nav' || tag === 'aside' || tag === 'footer') return 'strong';
  if (tag === 'header') return hasHeading(el) ? null : 'weak';
  if (tag === 'body' || tag === 'main' || tag === 'article' || tag === 'html') return null;
  const role = el.attribs['role'];
  if (role === 'dialog' || role === 'alertdialog' || el.attribs['aria-modal'] === 'true') return 'dialog';
  if (role && BOILERPLATE_ROLES.has(role)) return 'strong';
  const hints = hintsOf(el);
  if (hints.trim() === '') return null;
  if (STRONG_HINT.test(hints)) return 'strong';
  if (!options.keepComments && COMMENT_HINT.test(hints)) return 'strong';
  if (options.dropReviews && REVIEW_HINT.test(hints)) return 'strong';
  if (options.dropMemberChrome && MEMBER_CHROME_HINT.test(hints)) return 'strong';
  return WEAK_HINT.test(hints) && !CONTENT_HINT.test(hints) ? 'weak' : null;
}

function hasHeading(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'h1');
}

function holdsArticle(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'h1' || d.name === 'article' || d.name === 'main');
}
