/**
 * What a page says it is, read before reading removes the evidence (JSON-LD, meta tags,
 * microdata, buttons): a product, a discussion, an article.
 */
import type { CheerioAPI } from 'cheerio';
import { collapseWhitespace } from './text-measure.js';

export interface PageSignals {
  /** Product markup of something on sale, or a price next to an add-to-cart control. */
  product: boolean;
  /** Declared a discussion: a forum posting or a Q&A page. */
  discussion: boolean;
  /** Declared a question and its answers (a QAPage). */
  qa: boolean;
  /** Declared an article or a blog post. */
  article: boolean;
}

const CART = /\b(?:add to (?:cart|bag|basket|trolley)|buy now|buy it now|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen)\b/i;
/** A price as shops print it: a currency sign or code beside a number. */
export const PRICE = /(?:[$€£¥₹]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|EUR|USD|GBP|kr|zł)\b)/;
const LD_PRODUCT = /"@type"\s*:\s*"Product"/;
/**
 * What a product on sale declares beside its name. A Product with nothing to sell is a
 * business giving itself review stars in search results (a pest-control firm's home page).
 */
const LD_ON_SALE = /"(?:offers|price|lowPrice|sku|gtin\d*|mpn)"\s*:/;
const LD_DISCUSSION = /"@type"\s*:\s*"DiscussionForumPosting"/;
const LD_QA = /"@type"\s*:\s*"QAPage"/;
const LD_ARTICLE = /"@type"\s*:\s*"(?:\w*Article|BlogPosting)"/;

/** The page's microdata types, read in one pass ("schema.org/product ..."), lower-cased. */
function itemtypes($: CheerioAPI): string {
  return $('[itemtype]')
    .toArray()
    .map((el) => el.attribs['itemtype'] ?? '')
    .join(' ')
    .toLowerCase();
}

const hasItemtype = (types: string, type: string) => types.includes(`schema.org/${type.toLowerCase()}`);

/**
 * Product markup (Open Graph, microdata, or a JSON-LD script declaring a Product on sale, each
 * script read alone: a rating-only Product sits beside others), or a price beside a cart button.
 */
function productSignals($: CheerioAPI, og: string, lds: readonly string[], types: string): boolean {
  if (og.includes('product') || lds.some((text) => LD_PRODUCT.test(text) && LD_ON_SALE.test(text)) || hasItemtype(types, 'Product')) return true;
  const controls = $('button, input[type="submit"], a[role="button"], [class*="cart" i] button').toArray();
  const hasCart = controls.some((el) => CART.test(collapseWhitespace($(el).text() || (el.attribs['value'] ?? ''))));
  return hasCart && PRICE.test($('body:first').text());
}

export function pageSignals($: CheerioAPI): PageSignals {
  const og = ($('meta[property="og:type"]:first').attr('content') ?? '').toLowerCase();
  const lds = $('script[type="application/ld+json"]')
    .toArray()
    .map((el) => $(el).text());
  const ld = lds.join('');
  const types = itemtypes($);
  const qa = LD_QA.test(ld) || hasItemtype(types, 'QAPage');
  const discussion = qa || LD_DISCUSSION.test(ld) || hasItemtype(types, 'DiscussionForumPosting');
  const article = og === 'article' || LD_ARTICLE.test(ld) || hasItemtype(types, 'Article') || hasItemtype(types, 'BlogPosting');
  return { product: productSignals($, og, lds, types), discussion, qa, article };
}
