/**
 * Advertisements a page labels in words rather than in class names: a feed's or a result
 * list's card marked "Promoted" or "Sponsored" is an advertiser's, not an item of the list.
 */
import { isCardPart } from './blocks.js';
import { descendants, isElement, rawText, remove, type Element } from './dom.js';
import { collapseWhitespace } from './text-measure.js';

const AD_LABEL = /^(?:promoted|sponsored|sponsored content|paid content|advertisement|ad|anzeige|werbung|publicité|sponsorisé|publicidad|patrocinado)$/i;
/** A card is never most of the page: a labelled region that is, is the page itself. */
const CARD_MAX_SHARE = 0.5;

const label = (el: Element) => collapseWhitespace(rawText(el));

/** The element's only child with an element in it: a wrapper around it, nothing more. */
function onlyChild(parent: Element): boolean {
  return parent.children.filter(isElement).length === 1;
}

/**
 * The card a label marks: the nearest region around the label with a title, a picture or a
 * block link, widened through the wrappers that hold nothing else.
 */
function cardOf(labelEl: Element, body: Element): Element | undefined {
  let node = labelEl;
  while (node.parent && node.parent !== body && !descendants(node).some(isCardPart)) node = node.parent as Element;
  if (!descendants(node).some(isCardPart)) return undefined;
  while (node.parent && node.parent !== body && isElement(node.parent) && onlyChild(node.parent)) node = node.parent;
  return node;
}

/** Drop the cards a page labels as advertising, never a region holding its h1, main or article. */
export function dropLabelledAds(body: Element): void {
  const labels = descendants(body).filter((el) => el.children.some((c) => c.type === 'text' && AD_LABEL.test(c.data.trim())) && AD_LABEL.test(label(el)));
  if (labels.length === 0) return;
  const total = label(body).length;
  for (const el of labels) {
    const card = cardOf(el, body);
    if (!card || card.parent === null) continue;
    if (['main', 'article', 'body'].includes(card.name) || descendants(card).some((d) => d.name === 'h1' || d.name === 'main' || d.name === 'article')) continue;
    if (label(card).length <= CARD_MAX_SHARE * total) remove(card);
  }
}
