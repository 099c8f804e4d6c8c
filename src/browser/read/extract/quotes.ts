/**
 * Quotes of earlier posts in a thread: a reply that quotes a post shown above it repeats
 * that post's words; the thread says them once, where they were first written.
 */
import { isElement, remove, type AnyNode, type Element } from './dom.js';

/** Shortest quoted passage (characters) to recognise as a repeat: shorter lines repeat by chance. */
const MIN_PASSAGE = 25;

/** Words only, lower-cased: a link or an emphasis splits a text differently in the post and in its quote. */
const norm = (t: string) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** Text nodes of a subtree in document order, skipping the subtrees `skip` says to (iterative: threads run deep). */
function* textsOf(root: Element, skip: (el: Element) => boolean = () => false): Generator<AnyNode & { data: string }> {
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === 'text') yield node;
    else if (isElement(node) && !skip(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
}

/** Share of a quote's passages said before it (an attribution line and a word added in quoting aside). */
const REPEATED_SHARE = 0.5;

/** The quote's runs of text between tags long enough to recognise, normalised. */
function passages(quote: Element): string[] {
  return [...textsOf(quote)].map((node) => norm(node.data)).filter((text) => text.length >= MIN_PASSAGE);
}

/**
 * Drop each blockquote most of whose passages already stand in the thread's text before
 * it (outside other quotes). A quote of something not on the page (an article, a post
 * on an earlier page) stays: it is the only place the reader sees it.
 */
export function dropRepeatedQuotes(main: Element): void {
  let before = '';
  const repeats: Element[] = [];
  const atQuote = (el: Element): boolean => {
    if (el.name !== 'blockquote') return false;
    const said = passages(el);
    const total = said.reduce((n, text) => n + text.length, 0);
    const repeated = said.filter((text) => before.includes(text)).reduce((n, text) => n + text.length, 0);
    if (total > 0 && repeated >= REPEATED_SHARE * total) repeats.push(el);
    return true;
  };
  for (const node of textsOf(main, atQuote)) {
    const text = norm(node.data);
    if (text) before += ` ${text}`;
  }
  for (const quote of repeats) remove(quote);
}
