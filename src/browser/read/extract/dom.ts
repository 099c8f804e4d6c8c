/** Small helpers over the domhandler tree that cheerio parses into. */
import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { collapseWhitespace } from './text-measure.js';

export type { AnyNode, Element };

/**
 * Parse with htmlparser2 (several times faster than parse5 and forgiving enough for
 * rendered DOMs). It builds no implied <body>, so markup without one gets one.
 */
export function parseHtml(html: string): CheerioAPI {
  const source = /<body[\s>]/i.test(html) ? html : `<body>${html}</body>`;
  return load(source, { xml: { xmlMode: false, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true } });
}

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup',
  'hr', 'html', 'li', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'tr', 'ul', 'caption',
]);

export function isBlock(node: AnyNode): node is Element {
  return isElement(node) && BLOCK_TAGS.has(node.name);
}

export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Whether el lies inside ancestor (not ancestor itself). */
export function contains(ancestor: Element, el: Element): boolean {
  for (let node = el.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** An id of this many words or more is a slug of the section's heading ("how-we-share-data"), not a role. */
const SLUG_WORDS = 4;

const hintCache = new WeakMap<Element, string>();

/** A test id that names a part ("ad-slot", "recsHeading"); not one carrying an address or a record's key. */
const NAMING_TEST_ID = /^[A-Za-z][\w-]{0,59}$/;

/**
 * The class, id and test id (data-testid, data-test: React sites name their parts there as
 * others do in classes) of an element, camelCase split into words and lower-cased, for hint
 * matching; kept per element (a page asks for each element's several times over).
 */
export function hintsOf(el: Element): string {
  const cached = hintCache.get(el);
  if (cached !== undefined) return cached;
  const testId = el.attribs['data-testid'] ?? el.attribs['data-test'] ?? '';
  const cls = NAMING_TEST_ID.test(testId) ? `${el.attribs['class'] ?? ''} ${testId}`.trim() : (el.attribs['class'] ?? '');
  const rawId = el.attribs['id'] ?? '';
  const id = rawId.split(/[-_]+/).length >= SLUG_WORDS ? '' : rawId;
  const hints = cls === '' && id === '' ? ' ' : `${cls} ${id}`.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  hintCache.set(el, hints);
  return hints;
}

/**
 * A pattern matching any of `list` as a whole word of class/id hints (words split by space,
 * _ or -). A hyphen inside an entry matches any separator or none: 'user-info' matches
 * user-info, user_info, userinfo and userInfo.
 */
export function hintWords(list: readonly string[]): RegExp {
  const words = list.map((w) => w.replace(/-\??/g, '[\\s_-]?'));
  return new RegExp(`(?:^|[\\s_-])(?:${words.join('|')})(?:$|[\\s_-])`);
}

export function remove(node: AnyNode): void {
  const parent = node.parent;
  if (!parent) return;
  const i = parent.children.indexOf(node);
  if (i >= 0) parent.children.splice(i, 1);
  const prev = node.prev;
  const next = node.next;
  if (prev) prev.next = next;
  if (next) next.prev = prev;
  node.parent = null;
  node.prev = null;
  node.next = null;
}

/** The nearest ancestor of a node with this tag name (a link around an image, the article around a header). */
export function ancestorNamed(node: AnyNode, name: string): Element | undefined {
  for (let up = node.parent; up && isElement(up); up = up.parent) if (up.name === name) return up;
  return undefined;
}

const SKIP_NONE: ReadonlySet<string> = new Set();

/**
 * A subtree's text, whitespace collapsed, leaving out what lies under the tags in `skip`; or
 * undefined once its raw text (the skipped parts counted too) runs past `rawLimit`, so that a
 * big subtree is never read through.
 */
export function boundedText(root: AnyNode, rawLimit: number, skip: ReadonlySet<string> = SKIP_NONE): string | undefined {
  let out = '';
  let seen = 0;
  const stack: [AnyNode, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, skipped] = stack.pop() as [AnyNode, boolean];
    if (node.type === 'text') {
      if ((seen += node.data.length) > rawLimit) return undefined;
      if (!skipped) out += node.data;
    } else if (isElement(node)) {
      const under = skipped || skip.has(node.name);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i] as AnyNode, under]);
    }
  }
  return collapseWhitespace(out);
}

/** Every element below `root` in document order (root excluded). */
export function descendants(root: Element): Element[] {
  const out: Element[] = [];
  const stack: AnyNode[] = [...root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (!isElement(node)) continue;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
  }
  return out;
}

/**
 * The HTML of `root` with each element's attributes cut to what `keep` returns, for a
 * consumer that parses it again and reads few of them; the tree itself is left as it was.
 */
export function leanHtml($: CheerioAPI, root: Element, keep: (el: Element) => Record<string, string>): string {
  const saved: [Element, Record<string, string>][] = [root, ...descendants(root)].map((el) => [el, el.attribs]);
  for (const [el] of saved) el.attribs = keep(el);
  try {
    return $.html(root);
  } finally {
    for (const [el, attribs] of saved) el.attribs = attribs;
  }
}

/** Raw text of a subtree (text nodes joined, no layout). */
export function rawText(node: AnyNode): string {
  if (node.type === 'text') return node.data;
  if (!isElement(node) || node.type !== 'tag') return '';
  let out = '';
  for (const child of node.children) out += rawText(child);
  return out;
}

const CONTROL_ROLES = new Set(['tab', 'button', 'link', 'menuitem', 'option']);

function firstText(node: AnyNode): (AnyNode & { data: string }) | undefined {
  if (node.type === 'text') return node;
  if (!isElement(node)) return undefined;
  for (const child of node.children) {
    const hit = firstText(child);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Links, buttons and tabs set side by side with no space between them ("PythonNode.js")
 * are separate words on screen (CSS spaces them); give them a space in the text too.
 */
export function separateAdjacentControls(root: Element): void {
  for (const el of descendants(root)) {
    if (el.name !== 'a' && el.name !== 'button' && !CONTROL_ROLES.has(el.attribs['role'] ?? '')) continue;
    if (!el.prev || !isElement(el.prev)) continue;
    const text = firstText(el);
    if (text && !/^\s/.test(text.data)) text.data = ` ${text.data}`;
  }
}
