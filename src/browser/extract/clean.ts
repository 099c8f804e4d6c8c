/**
 * Removing what is never page content: non-text elements, hidden elements, and the
 * boilerplate regions a page marks as such (nav, footer, cookie banners, share bars...).
 */
import type { CheerioAPI } from 'cheerio';
import { descendants, hintsOf, isElement, rawText, remove, type AnyNode, type Element } from './dom.js';
import { collapseWhitespace } from './text-measure.js';
import { measure } from './blocks.js';

const NON_TEXT = [
  'script', 'style', 'template', 'svg', 'iframe', 'frame', 'frameset', 'meta', 'link', 'object',
  'embed', 'canvas', 'audio', 'video', 'source', 'track', 'map', 'input', 'select', 'textarea', 'button',
  'option', 'datalist', 'head', 'base', 'math',
].join(',');

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Landmarks that are boilerplate wherever they are. */
const BOILERPLATE_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'search', 'dialog', 'alertdialog', 'menu', 'menubar', 'toolbar', 'banner']);

const words = (list: string[]) => new RegExp(`(?:^|[\\s_-])(?:${list.join('|')})(?:$|[\\s_-])`);

/** Class/id words of regions that are boilerplate wherever they are. */
const STRONG_HINT = words([
  'cookies?', 'consent', 'gdpr', 'newsletter', 'subscribe', 'subscription', 'signup', 'share', 'sharing',
  'social', 'related', 'recommended', 'recommendations?', 'promo', 'sponsored?', 'advert\\w*', 'ads?', 'adslot',
  'breadcrumbs?', 'popup', 'modal', 'disqus', 'outbrain', 'taboola', 'print-only', 'sr-only',
  'visually-hidden', 'screen-reader-text', 'skip',
]);
/** Words of boilerplate that layout wrappers also carry ("has-sidebar main-column"). */
const WEAK_HINT = words(['sidebar', 'overlay', 'footer', 'masthead', 'navbar', 'nav', 'navigation', 'menu', 'toolbar', 'pagination', 'pager', 'banner']);
/** Words that mark a content region even when a weak boilerplate word is in the same class. */
const CONTENT_HINT = words(['article', 'content', 'main', 'post', 'entry', 'story', 'body', 'text', 'prose']);
/** Bylines and datelines: noise in an article, but a forum post's author line is content. */
const META_HINT = words(['byline', 'bylines', 'author', 'authors', 'dateline', 'timestamp', 'date', 'time', 'meta', 'post-meta', 'entry-meta', 'article-meta', 'posted-on', 'published']);
const META_MAX_CHARS = 200;
/** Customer reviews, Q&A and FAQs under a product: opinions and generalities, not the product's facts. */
const REVIEW_HINT = words(['reviews?', 'ratings?', 'testimonials?', 'customer-reviews', 'product-reviews', 'questions-answers', 'qna', 'faqs?']);
const COMMENT_HINT = words(['comments?', 'comment-list', 'replies', 'respond']);

export interface CleanOptions {
  /** Keep regions marked as comments (a forum thread is made of them). */
  keepComments: boolean;
  /** Drop short regions marked as bylines, datelines and post metadata. */
  dropMeta: boolean;
  /** Drop regions marked as customer reviews (on product pages). */
  dropReviews?: boolean;
}

/**
 * Non-text and hidden elements go whatever the page type. Two exceptions for pages
 * that reveal their content with script: a <noscript> fallback is read, and hidden
 * elements are kept, when the rest of the page has almost no text.
 */
export function removeNonContent($: CheerioAPI): void {
  $(NON_TEXT).remove();
  const noscripts = $('noscript');
  const textOutside = () => collapseWhitespace($('body').text()).length;
  const fallback = noscripts.length > 0 && (noscripts.remove(), textOutside()) < SCRIPTED_PAGE_CHARS;
  if (fallback) restore($, noscripts);
  const root = $.root()[0];
  if (!root) return;
  const hidden: Element[] = [];
  const stack: AnyNode[] = [...root.children];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'comment' || node.type === 'directive' || node.type === 'cdata') {
      remove(node);
      continue;
    }
    if (!isElement(node)) continue;
    if (isHidden(node)) hidden.push(node);
    else stack.push(...node.children);
  }
  const hiddenChars = hidden.reduce((n, el) => n + collapseWhitespace(rawText(el)).length, 0);
  if (textOutside() - hiddenChars >= SCRIPTED_PAGE_CHARS) for (const el of hidden) remove(el);
}

/** Below this many characters of visible text a page is taken to be drawn by script. */
const SCRIPTED_PAGE_CHARS = 500;

/** Put the removed <noscript> contents back, parsed, into the body. */
function restore($: CheerioAPI, noscripts: ReturnType<CheerioAPI>): void {
  const body = $('body');
  noscripts.each((_, el) => {
    const inner = $(el).html() ?? '';
    body.append(inner.includes('&lt;') && !inner.includes('<') ? $(el).text() : inner);
  });
  body.find(NON_TEXT).remove();
}

function isHidden(el: Element): boolean {
  const a = el.attribs;
  if ('hidden' in a || a['aria-hidden'] === 'true') return true;
  if (a['type'] === 'hidden') return true;
  const style = a['style'];
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/**
 * Boilerplate regions go too, but not a wrapper holding most of the prose, or a good
 * part of it with the page's heading or article: sites put "nav" or "sidebar" into the
 * class of their layout wrappers. A nav, footer or aside stays only when it holds the
 * page's heading or article (broken markup that never closed it).
 */
export function removeBoilerplate(body: Element, options: CleanOptions): void {
  const stats = measure(body);
  const total = stats.get(body)?.good ?? 0;
  for (const el of descendants(body)) {
    if (options.dropMeta && (stats.get(el)?.chars ?? 0) <= META_MAX_CHARS && META_HINT.test(hintsOf(el))) {
      remove(el);
      continue;
    }
    if (!isBoilerplate(el, options)) continue;
    const good = stats.get(el)?.good ?? 0;
    const landmark = el.name === 'nav' || el.name === 'footer' || el.name === 'aside';
    if (landmark ? holdsArticle(el) : good > total * 0.75 || (good > total * 0.35 && holdsArticle(el))) continue;
    remove(el);
  }
}

function isBoilerplate(el: Element, options: CleanOptions): boolean {
  const tag = el.name;
  if (tag === 'nav' || tag === 'aside' || tag === 'footer') return true;
  if (tag === 'header') return !hasHeading(el);
  if (tag === 'body' || tag === 'main' || tag === 'article' || tag === 'html') return false;
  const role = el.attribs['role'];
  if ((role && BOILERPLATE_ROLES.has(role)) || el.attribs['aria-modal'] === 'true') return true;
  const hints = hintsOf(el);
  if (hints.trim() === '') return false;
  if (STRONG_HINT.test(hints)) return true;
  if (!options.keepComments && COMMENT_HINT.test(hints)) return true;
  if (options.dropReviews === true && REVIEW_HINT.test(hints)) return true;
  return WEAK_HINT.test(hints) && !CONTENT_HINT.test(hints);
}

function hasHeading(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'h1');
}

function holdsArticle(el: Element): boolean {
  return descendants(el).some((d) => d.name === 'h1' || d.name === 'article' || d.name === 'main');
}
