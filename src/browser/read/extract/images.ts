/**
 * Images and their captions. An image keeps its alt text (rendered [IMAGE: alt] by
 * markdown.ts) unless the page already says it: the title, an earlier image, or the
 * caption beside it, word for word or nearly; or unless the image is a link to another
 * page: a teaser thumbnail, an ad or a social icon (the link list offers the link itself).
 * In an article, a captioned photo is illustration, and photo and caption both go.
 * An alt that speaks to a model rather than describing a picture is never read (INSTRUCTION_LIKE).
 */
import { ancestorNamed, boundedText, descendants, hintWords, hintsOf, isElement, remove, type AnyNode, type Element } from './dom.js';
import { collapseWhitespace } from './text-measure.js';

const WORD = /[\p{L}\p{N}]+/gu;
/** Share of an alt's words found in the caption beside it for the alt to count as said. */
const ECHO_SHARE = 0.8;
/** A caption is short; longer text around an image is the article, which says a bit of everything. */
const CAPTION_MAX_CHARS = 600;
/** An alt this long whose words the text already says, anywhere, is a sentence of the text again. */
const LONG_ALT_WORDS = 8;
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i;

/**
 * An alt (or a link's image label) addressed to a language model, not describing a
 * picture: "ignore / disregard / forget … instructions (prompt, rules)", "you are",
 * "you must", "system prompt", "assistant", "AI / language model", "LLM", "navigate to".
 */
const INSTRUCTION_LIKE = /\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|prompts?|rules|directions)\b|\byou (?:are|must)\b|\bsystem prompt\b|\bassistant\b|\b(?:ai|language) model\b|\bllm\b|\bnavigate to\b/i;

export function instructionLike(text: string): boolean {
  return INSTRUCTION_LIKE.test(text);
}

const words = (text: string) => text.toLowerCase().match(WORD) ?? [];

/** Text of a subtree, or undefined once it runs past `limit` characters (a big subtree is not read through). */
function shortText(node: AnyNode, limit: number): string | undefined {
  const text = boundedText(node, 4 * limit);
  return text !== undefined && text.length <= limit ? text : undefined;
}

/** The text nearest the image: its closest ancestor that has any (a figure, a gallery item, a card). */
function textAround(img: Element): string {
  for (let node = img.parent; node && isElement(node); node = node.parent) {
    const text = shortText(node, CAPTION_MAX_CHARS);
    if (text !== '') return text?.toLowerCase() ?? '';
  }
  return '';
}

function echoes(altWords: string[], said: ReadonlySet<string>): boolean {
  return altWords.length > 0 && altWords.filter((w) => said.has(w)).length >= ECHO_SHARE * altWords.length;
}

export function dropRedundantAlts(images: Element[], title: string, text: string): void {
  const verbatim = [collapseWhitespace(text).toLowerCase(), title.toLowerCase()];
  const textWords = new Set(words(text));
  const seen = new Set<string>();
  for (const img of images) {
    const alt = collapseWhitespace(img.attribs['alt'] ?? '').toLowerCase();
    if (!alt) continue;
    const link = ancestorNamed(img, 'a');
    const teaser = link !== undefined && !IMAGE_FILE.test(link.attribs['href'] ?? '');
    const altWords = words(alt);
    const said =
      verbatim.some((t) => t.includes(alt)) ||
      echoes(altWords, new Set(words(textAround(img)))) ||
      (altWords.length >= LONG_ALT_WORDS && echoes(altWords, textWords));
    if (teaser || said || seen.has(alt)) delete img.attribs['alt'];
    seen.add(alt);
  }
}

/** Class words of captions and photo credits that are not a <figcaption>. */
const CAPTION_HINT = hintWords(['captions?', 'wp-caption-text', 'figure-caption', 'image-caption', 'photo-caption']);

/**
 * Remove photo captions (and credits) with the photos they caption: an article's text
 * stands without them, and the reader does not show the picture a caption describes.
 */
export function dropCaptionedPhotos(root: Element): void {
  for (const el of descendants(root)) {
    if (el.name !== 'figcaption' && !CAPTION_HINT.test(hintsOf(el))) continue;
    const holder = el.parent;
    if (holder && isElement(holder)) for (const img of descendants(holder).filter((d) => d.name === 'img')) remove(img);
    remove(el);
  }
}
