/**
 * What the agent reads of a page: the rendered DOM -> main content as compact Markdown,
 * framed `[Start of page]` ... `[End of page]` and cut to the caller's character budget
 * at a paragraph boundary, plus the page's links and its detected type.
 */
import type { CheerioAPI } from 'cheerio';
import { parseHtml } from './extract/dom.js';
import { removeNonContent } from './extract/non-content.js';
import { extractMain } from './extract/reader.js';
import type { PageType } from './extract/page-type.js';
import { pageSignals } from './extract/signals.js';
import { collapseWhitespace } from './extract/text-measure.js';
import { collectLinks, extractLinks, type Link } from './links.js';

export type { Link, PageType };

export interface ReadOptions {
  /** Budget for `text`, frame included, in characters. Default 40,000. */
  maxChars?: number;
}

export interface PageText {
  title: string;
  /** The main content as Markdown, whole. */
  markdown: string;
  /** The framed, budgeted text the agent is shown. */
  text: string;
  links: Link[];
  /** True when `text` holds only part of `markdown`. */
  truncated: boolean;
  pageType: PageType;
}

export const DEFAULT_MAX_CHARS = 40_000;

// `:first` ends the walk of the document at the first match: only the first is read.
function titleOf($: CheerioAPI): string {
  const og = $('meta[property="og:title"]:first').attr('content');
  const title = collapseWhitespace($('title:first').text());
  const h1 = collapseWhitespace($('h1:first').text());
  return title || collapseWhitespace(og ?? '') || h1;
}

/** What the page says it is about: all there is to read of a page whose text is drawn by script that did not run. */
function descriptionOf($: CheerioAPI): string {
  const meta = $('meta[property="og:description"]:first').attr('content') ?? $('meta[name="description"]:first').attr('content') ?? '';
  return collapseWhitespace(meta);
}

/**
 * HTML beyond this is not read: the main content of real pages comes far earlier,
 * and a 30 MB page would otherwise cost half a minute of parsing.
 */
export const MAX_HTML_CHARS = 3_000_000;

/** Script and style elements, JSON-LD excepted (it says what the page is, see signals.ts). */
const SCRIPT_OR_STYLE = /<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>/gi;

/** A data attribute holding a blob (a shop's product JSON on its grid): nothing the reader reads. */
const BIG_DATA_ATTRIBUTE = /\sdata-[\w-]+\s*=\s*(?:"[^"]{1000,}"|'[^']{1000,}')/g;

/**
 * The HTML to parse, within MAX_HTML_CHARS. A big page is mostly inline scripts (a shop's
 * state, a framework's hydration data) and data attributes holding the same state: those
 * go before the cut, so its text is not lost behind them. The rendered DOM needs it most:
 * serialised, such an attribute's JSON has every quote spelled &quot;.
 */
function boundedHtml(html: string): string {
  if (html.length <= MAX_HTML_CHARS) return html;
  const lean = html.replace(SCRIPT_OR_STYLE, '').replace(BIG_DATA_ATTRIBUTE, '');
  return lean.length > MAX_HTML_CHARS ? lean.slice(0, MAX_HTML_CHARS) : lean;
}

export function readPage(html: string, url: string, options: ReadOptions = {}): PageText {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const $ = parseHtml(boundedHtml(html));
  const title = titleOf($);
  const description = descriptionOf($);
  const baseHref = $('base[href]:first').attr('href');
  const signals = pageSignals($);
  const { keptHidden } = removeNonContent($);
  // Text of a script-drawn page may come from hidden markup; links never do.
  const links = keptHidden ? extractLinks(html, url) : collectLinks($, url, baseHref);
  const main = extractMain($, title, signals);
  const { pageType } = main;
  const markdown = main.markdown || description;
  const { text, truncated } = frame(title, url, markdown, maxChars);
  return { title, markdown, text, links, truncated, pageType };
}

const START = '[Start of page]';
const END = '[End of page]';

/** Cut `markdown` to at most `budget` characters, at the last paragraph (else line, else word) end. */
export function cutAtParagraph(markdown: string, budget: number): string {
  if (markdown.length <= budget) return markdown;
  const head = markdown.slice(0, Math.max(0, budget));
  for (const sep of ['\n\n', '\n', ' ']) {
    const at = head.lastIndexOf(sep);
    if (at >= budget * 0.5) return head.slice(0, at).trimEnd();
  }
  return head.trimEnd();
}

export function frame(title: string, url: string, markdown: string, maxChars: number): { text: string; truncated: boolean } {
  const header = `${START}\nURL: ${url}\n${title ? `Title: ${title}\n` : ''}\n`;
  const whole = `${header}${markdown}\n${END}`;
  if (whole.length <= maxChars) return { text: whole, truncated: false };
  const note = (shown: number) => `\n\n[Page truncated: showing ${shown} of ${markdown.length} characters]\n${END}`;
  const budget = maxChars - header.length - note(markdown.length).length;
  const shown = cutAtParagraph(markdown, budget);
  return { text: `${header}${shown}${note(shown.length)}`, truncated: true };
}
