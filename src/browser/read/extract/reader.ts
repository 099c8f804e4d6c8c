/**
 * The reading pipeline on a document already stripped of non-content: detect the page
 * type, remove boilerplate, select the main content the type calls for, tidy it, and
 * convert it to filtered Markdown.
 */
import type { CheerioAPI } from 'cheerio';
import { descendants, leanHtml, rawText, remove, separateAdjacentControls, type Element } from './dom.js';
import { dropLabelledAds } from './ads.js';
import { isCardLink, measure } from './blocks.js';
import { dropCommentsInside, removeBoilerplate } from './clean.js';
import { withContents } from './contents.js';
import { dropCaptionedPhotos, dropRedundantAlts } from './images.js';
import { filterLines } from './line-filter.js';
import { pruneBelowListing, titlesAsItems } from './listing-items.js';
import { pruneInside, selectMain } from './main-content.js';
import { dropRepeatedQuotes } from './quotes.js';
import { markdownAttributes, toMarkdown } from './markdown.js';
import { detectPageType, strategyFor, type Detection, type PageType, type Strategy } from './page-type.js';
import type { PageSignals } from './signals.js';
import { unwrapLayoutTables } from './tables.js';
import { collapseWhitespace, wordCount } from './text-measure.js';

const TOO_LITTLE_WORDS = 25;

const norm = (t: string) => collapseWhitespace(t).toLowerCase();

/** The frame already says the title: an h1 repeating it would be said twice. */
function dropTitleHeading(main: Element, title: string): void {
  const t = norm(title);
  if (!t) return;
  for (const h1 of descendants(main).filter((el) => el.name === 'h1')) {
    const text = norm(rawText(h1));
    if (text && t.includes(text)) remove(h1);
  }
}

function isAttached(el: Element, body: Element): boolean {
  for (let node: Element | null = el; node; node = node.parent as Element | null) if (node === body) return true;
  return false;
}

/** The page's first h1 when it lies outside the selection (a thread or listing title above its items). */
function headingOutside(body: Element, main: Element): string {
  const h1 = descendants(body).find((el) => el.name === 'h1');
  if (!h1 || isAttached(h1, main)) return '';
  const text = collapseWhitespace(rawText(h1));
  return text ? `# ${text}\n\n` : '';
}

/** Minimum prose (weighted characters) for a <main> landmark to be trusted as the page's content area. */
const LANDMARK_MIN_GOOD = 300;

/** The page's one <main> (or role=main) when it holds real prose: the page's own word for its content. */
function landmarkMain(body: Element): Element | undefined {
  const mains = descendants(body).filter((el) => el.name === 'main' || el.attribs['role'] === 'main');
  if (mains.length !== 1) return undefined;
  const main = mains[0] as Element;
  return (measure(main).get(main)?.good ?? 0) >= LANDMARK_MIN_GOOD ? main : undefined;
}

function lowestCommonAncestor(a: Element, b: Element, body: Element): Element {
  const chain = new Set<Element>();
  for (let node: Element | null = a; node; node = node.parent as Element | null) chain.add(node);
  for (let node: Element | null = b; node; node = node.parent as Element | null) if (chain.has(node)) return node;
  return body;
}

/**
 * The page's <main>, or else the best prose subtree; for a thread or a listing widened to
 * hold the whole group of posts or cards (the first post often sits outside the replies'
 * container, a listing's title and introduction outside its grid).
 */
function chooseMain(body: Element, detection: Detection): Element {
  const group = detection.group;
  const attached = group && isAttached(group.parent, body) ? group.parent : undefined;
  const landmark = landmarkMain(body);
  if (attached) return lowestCommonAncestor(selectMain(landmark ?? body), attached, body);
  if (landmark) return landmark;
  // A landing page's feature tiles are often links made whole: there they are its content.
  const tiles = detection.type === 'page' && descendants(body).some(isCardLink);
  return selectMain(body, measure(body, tiles));
}

/** Images as the strategy wants them, and controls set apart by a space. */
function tidy(root: Element, title: string, strategy: Strategy): void {
  const images = descendants(root).filter((el) => el.name === 'img');
  if (strategy.images) dropRedundantAlts(images, title, rawText(root));
  else for (const img of images) remove(img);
  separateAdjacentControls(root);
}

export function extractMain($: CheerioAPI, title: string, signals: PageSignals): { markdown: string; pageType: PageType } {
  const body = ($('body:first')[0] ?? $.root().children('html')[0]) as Element | undefined;
  if (!body) return { markdown: '', pageType: 'page' };
  // Menus and footers go before detection (they repeat too); comments and bylines only
  // once the type says whether they are content.
  removeBoilerplate(body, { keepComments: true, dropMeta: false, dropReviews: false, dropMemberChrome: false });
  dropLabelledAds(body);
  const detection = detectPageType(body, signals, measure(body));
  const strategy = strategyFor(detection.type);
  removeBoilerplate(body, strategy.clean, detection.type === 'listing' ? detection.group?.items : undefined);
  // On a Q&A page the answers are the content; the comments under each are remarks beside it.
  if (detection.type === 'forum' && signals.qa && detection.group) dropCommentsInside(detection.group.items);
  unwrapLayoutTables(body);
  if (!strategy.captions) dropCaptionedPhotos(body);
  const { main, contents } = withContents(chooseMain(body, detection), body);
  pruneInside(main, strategy.prune, contents);
  if (detection.type === 'listing' && detection.group) {
    if (isAttached(detection.group.parent, main)) pruneBelowListing(main, detection.group.parent);
    titlesAsItems(main);
  }
  if (strategy.thread) dropRepeatedQuotes(main);
  if (strategy.dropTitleHeading) dropTitleHeading(main, title);
  tidy(main, title, strategy);
  const heading = strategy.dropTitleHeading ? '' : headingOutside(body, main);
  const markdown = filterLines(heading + toMarkdown(leanHtml($, main, markdownAttributes)), { lenient: strategy.lenientLines, keepRepeats: strategy.keepRepeats, thread: strategy.thread, ages: strategy.ages });
  if (wordCount(markdown) >= TOO_LITTLE_WORDS) return { markdown, pageType: detection.type };
  // Selection found next to nothing: widen it to the nearest region that holds the page's
  // heading and says enough (a product's title box to its buying box), the whole cleaned
  // page at worst.
  const limit = landmarkMain(body) ?? body;
  const h1 = descendants(limit).find((el) => el.name === 'h1');
  let region = h1 && isAttached(main, limit) ? lowestCommonAncestor(main, h1, limit) : limit;
  for (;;) {
    tidy(region, title, strategy);
    const text = filterLines(toMarkdown(leanHtml($, region, markdownAttributes)), { lenient: true });
    if (region === limit || wordCount(text) >= TOO_LITTLE_WORDS) return { markdown: text, pageType: detection.type };
    region = region.parent as Element;
  }
}
