/**
 * The links a page offers: visible `<a href>` with their text, resolved, cleaned and
 * de-duplicated. The agent numbers them for the prompt and may only follow these.
 */
import type { CheerioAPI } from 'cheerio';
import { parseHtml, rawText, type Element } from './extract/dom.js';
import { instructionLike } from './extract/images.js';
import { removeNonContent } from './extract/non-content.js';
import { collapseWhitespace } from './extract/text-measure.js';

export interface Link {
  url: string;
  text: string;
}

/** Query parameters that only track the click. */
const TRACKING_PARAM = /^(?:utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|yclid|igshid|_ga|_gl|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|rb_clickid|s_cid|ref_src|spm|scid|twclid|ttclid|li_fat_id)$/i;

/** Files that are not read: images, media, feeds, archives, executables, office documents. PDFs and text files (CSV, JSON...) are read (read/document/). */
const NOT_A_PAGE = /\.(?:jpe?g|png|gif|webp|avif|bmp|svg|ico|tiff?|mp[34]|m4[av]|webm|ogg|ogv|wav|flac|avi|mov|mkv|rss|atom|xml|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|msi|dmg|pkg|deb|rpm|apk|iso|bin|jar|docx?|xlsx?|pptx?|odt|ods|woff2?|ttf|eot|css|js)$/i;
const FEED_PATH = /\/(?:feed|rss|atom)(?:\/|\.xml)?$/i;
/** "Share on ..." endpoints: they post the page elsewhere, they are not something to read. */
const SHARE_PATH = /\/(?:share|sharer(?:\.php)?|intent\/tweet|sharearticle)\/?$/i;
const SESSION_PATH = /(?:^|[/_.-])(?:log-?out|sign-?out|logoff)(?:$|[/_.?-])/i;

const MAX_TEXT = 120;

/** The cleaned absolute URL of `href` on a page at `base`, or null when it is not worth offering. */
export function cleanLink(href: string, base: string): string | null {
  const raw = href.trim();
  if (raw === '' || raw.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
  if (NOT_A_PAGE.test(url.pathname) || FEED_PATH.test(url.pathname)) return null;
  if (SHARE_PATH.test(url.pathname) && url.search !== '') return null;
  if (SESSION_PATH.test(url.pathname) || /(?:^|&)action=log-?out(?:&|$)/i.test(url.search.slice(1))) return null;
  if (url.username || url.password) return null;
  return url.href;
}

function sameDocument(a: string, b: string): boolean {
  const strip = (u: string) => u.replace(/#.*$/, '').replace(/\/$/, '');
  return strip(a) === strip(b);
}

function anchorText(a: Element, $: CheerioAPI): string {
  const text = collapseWhitespace(rawText(a));
  if (text) return text;
  const label = collapseWhitespace(a.attribs['aria-label'] ?? a.attribs['title'] ?? $(a).find('img[alt]').attr('alt') ?? '');
  return instructionLike(label) ? '' : label;
}

function shorten(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  const cut = text.slice(0, MAX_TEXT);
  const space = cut.lastIndexOf(' ');
  return (space > MAX_TEXT / 2 ? cut.slice(0, space) : cut) + '…';
}

/** Links of a document already stripped of hidden and non-text elements. */
export function collectLinks($: CheerioAPI, pageUrl: string, baseHref?: string): Link[] {
  let base = pageUrl;
  try {
    if (baseHref) base = new URL(baseHref, pageUrl).href;
  } catch {
    base = pageUrl;
  }
  const seen = new Map<string, Link>();
  for (const a of $('a[href]').toArray()) {
    const url = cleanLink(a.attribs['href'] ?? '', base);
    if (!url || sameDocument(url, pageUrl)) continue;
    const text = shorten(anchorText(a, $));
    const known = seen.get(url);
    if (known) {
      if (!known.text && text) known.text = text;
      continue;
    }
    seen.set(url, { url, text });
  }
  return [...seen.values()].filter((l) => l.text !== '');
}

export function extractLinks(html: string, pageUrl: string): Link[] {
  const $ = parseHtml(html);
  const baseHref = $('base[href]:first').attr('href');
  removeNonContent($, { strict: true });
  return collectLinks($, pageUrl, baseHref);
}
