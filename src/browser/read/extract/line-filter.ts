/**
 * A last pass over the Markdown of the main content: drops the crumbs that survive
 * selection ("Share", "Advertisement", "Photo: Getty") while keeping what answers are
 * made of. A line stays when it has more than four words, a digit and another word,
 * or is a sentence of at least two words; table rows, list items and code stay (a
 * list item that is only a captionless image does not); a heading stays when
 * kept text follows it before the next heading of the same or a higher level.
 * Words of CJK text are counted as two characters each (see text-measure.ts). In
 * lenient mode (forums, listings, products, docs) any line with a word stays. In both
 * modes bare-URL lines and unrendered template expressions go, and so do repeats (see
 * dropRepeats); where repeats are kept, a paragraph said twice still stays once (see
 * dropRepeatedProse); in a thread, the chrome around its posts goes too (see THREAD_CHROME),
 * and in a thread or a listing each post's or card's bare age (see BARE_AGE).
 */
import { cjkCount, END_PUNCTUATION, wordCount } from './text-measure.js';

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+\S/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\S/;
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;
const HEADING_MARKER = /^#{1,6}\s+/;
const TABLE_ROW = /^\s*\|/;
/** A line that is only an address: the page's links are offered separately. */
const BARE_URL = /^\s*(?:[-*+]\s+)?<?https?:\/\/\S+>?\s*$/;
const IMAGE_ONLY = /^\s*(?:\[IMAGE: [^\]]*\]\s*)+$/;
/**
 * A line that is only a template expression ("{{ errors[12].message }}"): text a page's
 * script replaces or hides once it runs, never what a person reads.
 */
const TEMPLATE_ONLY = /^\s*(?:[-*+]\s+)?[*_]*(?:\{\{[^{}]*\}\}\s*)+[*_]*\s*$/;

type Kind = 'blank' | 'keep' | 'code' | 'drop' | 'heading';

/**
 * The chrome around a thread's posts, line by line: what the forum software prints beside
 * each message rather than what anyone wrote. A bare count (votes, score, a post's "#12",
 * a topic's "Views 1.9k"), a count of reactions or replies ("3 Likes",
 * "[ 1 ] Thanks", "2 replies", "Ann likes this."), a member's statistics ("Posts: 1,077",
 * "Join Date: Aug 2008"), an edit note ("Last edited: Jul 10, 2007"), an avatar's initial,
 * and the invitation below the thread to sign in and reply.
 */
const THREAD_CHROME = [
  /^#?\d[\d,.]*[km]?\s*[·•]?$/i,
  /^\[?\s*\d[\d,.]*[km]?\s*\]?\s+(?:likes?|thanks|repl(?:y|ies)|votes?|points?|reactions?|upvotes?)$/i,
  /^.{1,60}\blikes? this\.?$/i,
  /^(?:replies|views|likes|votes)\s*:?\s*\d[\d,.]*[km]?$/i,
  /^(?:posts|messages|join(?:ed)?(?: date)?|registered|reputation|reaction score|karma|member since)\s*:\s*.{1,30}$/i,
  /^(?:last edited\b.{0,60}|edited\s.{0,60}\bby\s.{1,40})$/i,
  /^\p{Lu}$/u,
];

const SIGN_IN = /\b(?:log ?in|logged in|sign ?in|sign up|register|create an account|be a member)\b/i;
const TO_TAKE_PART = /\b(?:to (?:reply|comment|post|answer|leave a|join|participate)|account)\b/i;
const SIGN_IN_MAX_CHARS = 120;

/**
 * A line that is only the age of the post or card it sits in ("2y", "5 hours ago"): the
 * stamp a forum or a feed prints beside each item, relative to a moment the reader of the
 * text does not know.
 */
const BARE_AGE = /^(?:\d+\s*(?:s|m|h|d|w|mo|y|yr|yrs)|\d+\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\s+ago)$/i;

/** A line's words: its heading or list marker and emphasis aside. */
const bareText = (line: string) => line.replace(HEADING_MARKER, '').replace(LIST_MARKER, '').replace(/[*_]+/g, '').trim();

/** A line of thread chrome (see THREAD_CHROME), given its bare text. */
function isThreadChrome(bare: string): boolean {
  const text = bare.replace(/\(see edit history\)$/i, '').trim();
  if (text === '') return false;
  if (text.length <= SIGN_IN_MAX_CHARS && SIGN_IN.test(text) && TO_TAKE_PART.test(text)) return true;
  return THREAD_CHROME.some((re) => re.test(text));
}

export function keepTextLine(line: string): boolean {
  const text = line.replace(/^\s*>\s?/, '').replace(/[*_`]+/g, '').trim();
  if (text === '') return false;
  const words = wordCount(text);
  if (words >= 2 && /\p{N}/u.test(text)) return true;
  if (words > 4) return true;
  return (words >= 2 || cjkCount(text) >= 2) && END_PUNCTUATION.test(text);
}

function classify(line: string, inFence: boolean, options: FilterOptions): Kind {
  if (inFence) return 'code';
  if (line.trim() === '') return 'blank';
  if ((options.thread === true || options.ages === true) && !TABLE_ROW.test(line)) {
    const bare = bareText(line);
    if ((options.thread === true && isThreadChrome(bare)) || (options.ages === true && BARE_AGE.test(bare))) return 'drop';
  }
  if (HEADING.test(line)) return 'heading';
  if (TABLE_ROW.test(line)) return 'keep';
  if (BARE_URL.test(line) || TEMPLATE_ONLY.test(line)) return 'drop';
  if (IMAGE_ONLY.test(line.replace(LIST_MARKER, ''))) return wordCount(line.replace(/\[IMAGE: /g, ' ')) >= 3 ? 'keep' : 'drop';
  if (LIST_ITEM.test(line)) return 'keep';
  if (options.lenient === true) return wordCount(line) >= 1 ? 'keep' : 'drop';
  return keepTextLine(line) ? 'keep' : 'drop';
}

/**
 * Lines of text a page repeats: a short one three times or more is a badge or a button
 * label, and goes; a longer one is a duplicate, and stays once. A short line with a number
 * in it ("Posted May 2, 2024") is a fact about the item it sits in, and goes only when it
 * follows itself (a mobile and a desktop copy of the same line).
 */
function dropRepeats(lines: string[], kinds: Kind[]): void {
  const counts = new Map<string, number>();
  const key = (line: string) => line.replace(LIST_MARKER, '').trim();
  lines.forEach((line, i) => {
    if (kinds[i] === 'keep' && !TABLE_ROW.test(line)) counts.set(key(line), (counts.get(key(line)) ?? 0) + 1);
  });
  const seen = new Set<string>();
  let previous = '';
  lines.forEach((line, i) => {
    if (kinds[i] !== 'keep' || TABLE_ROW.test(line)) return;
    const k = key(line);
    const n = counts.get(k) ?? 0;
    const again = k === previous;
    previous = k;
    if (n < 2 || k.length === 0) return;
    const dated = /\p{N}/u.test(k) && wordCount(k) <= 6;
    if (dated ? again : (n >= 3 && wordCount(k) <= 4) || seen.has(k)) kinds[i] = 'drop';
    seen.add(k);
  });
}

/** Words from which a line is prose, not a card's label, price or badge. */
const PROSE_WORDS = 12;

/**
 * Where repeats are kept (a listing's items share badges, makers and prices), a paragraph
 * said again word for word is still a second copy of one text (a mobile and a desktop copy
 * of an introduction, a promoted card inserted every few items), and stays once. List
 * items may repeat: each offer's own terms.
 */
function dropRepeatedProse(lines: string[], kinds: Kind[]): void {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (kinds[i] !== 'keep' || TABLE_ROW.test(line) || LIST_ITEM.test(line)) return;
    const k = line.trim();
    if (wordCount(k) < PROSE_WORDS) return;
    if (seen.has(k)) kinds[i] = 'drop';
    seen.add(k);
  });
}

/** A short label line ("Peak height:") and the short value on the next line. */
const LABEL_LINE = /^\s*[^\s#|>`*+-][^:]{0,40}:$/;
const VALUE_LINE = /^\s*(?![-*+]\s|\d+[.)]\s|#|\||>|```|~~~|\[IMAGE)\S.{0,80}$/;

/**
 * A label and its value set in separate blocks ("Peak height:" then "76 in.") read as
 * one line, as on screen; a label alone is a crumb the filter would drop. A label whose value
 * is only an address (which goes: links are offered apart) says nothing, and goes too.
 */
function joinLabels(lines: string[]): string[] {
  const out: string[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (FENCE.test(line)) inFence = !inFence;
    const gap = lines[i + 1] === '' ? 2 : 1;
    const value = lines[i + gap] ?? '';
    const label = !inFence && LABEL_LINE.test(line);
    if (label && BARE_URL.test(value)) continue;
    if (label && VALUE_LINE.test(value) && wordCount(line) <= 5) {
      out.push(`${line} ${value.trim()}`);
      i += gap;
    } else out.push(line);
  }
  return out;
}

/** A short phrase said three times or more in a row on one line: a marquee's copies of one label ("Book now * Book now * ..."). */
const MARQUEE = /^(\s*)(\S.{0,59}?)(?:\s*\2){2,}\s*$/u;

const WORD = /\p{L}{2}/u;

/** The line's first word comes three times or more: the cheap test before MARQUEE's. */
function opensThrice(line: string): boolean {
  const first = line.trim().split(/\s/, 1)[0] ?? '';
  if (first === '') return false;
  let count = 0;
  for (let at = line.indexOf(first); at >= 0 && count < 3; at = line.indexOf(first, at + first.length)) count++;
  return count >= 3;
}

/** A marquee line reads as the phrase it scrolls, once. */
function collapseMarquees(lines: string[]): string[] {
  let inFence = false;
  return lines.map((line) => {
    if (FENCE.test(line)) {
      inFence = !inFence;
      return line;
    }
    if (inFence || TABLE_ROW.test(line) || line.length > 2000 || !opensThrice(line)) return line;
    const m = MARQUEE.exec(line);
    const phrase = (m?.[2] ?? '').trim();
    return m && WORD.test(phrase) ? `${m[1] ?? ''}${phrase}` : line;
  });
}

export interface FilterOptions {
  /** Keep every line with a word in it. */
  lenient?: boolean;
  /**
   * Keep repeated lines: in a listing the same badge, maker or price belongs to different
   * items. A paragraph still stays only once (see dropRepeatedProse).
   */
  keepRepeats?: boolean;
  /** Drop the chrome around a thread's posts (see THREAD_CHROME). */
  thread?: boolean;
  /** Drop each post's or card's bare age (see BARE_AGE). */
  ages?: boolean;
}

export function filterLines(markdown: string, options: FilterOptions = {}): string {
  const lines = collapseMarquees(joinLabels(markdown.split('\n')));
  const kinds: Kind[] = [];
  let inFence = false;
  for (const line of lines) {
    const fence = FENCE.test(line);
    kinds.push(fence ? 'code' : classify(line, inFence, options));
    if (fence) inFence = !inFence;
  }
  // Walk backwards so each heading knows whether kept text follows it in its section.
  const keepHeading = new Array<boolean>(lines.length).fill(false);
  const contentBelow: boolean[] = new Array<boolean>(7).fill(false);
  for (let i = lines.length - 1; i >= 0; i--) {
    const kind = kinds[i];
    if (kind === 'keep' || kind === 'code') contentBelow.fill(true);
    else if (kind === 'heading') {
      const level = (HEADING.exec(lines[i] ?? '')?.[1] ?? '#').length;
      keepHeading[i] = contentBelow[level] ?? false;
      // Headings above at this level or deeper end their section here.
      for (let l = level; l <= 6; l++) contentBelow[l] = false;
    }
  }
  if (options.keepRepeats !== true) dropRepeats(lines, kinds);
  else dropRepeatedProse(lines, kinds);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const kind = kinds[i];
    if (kind === 'keep' || kind === 'code' || (kind === 'heading' && keepHeading[i])) out.push(lines[i] ?? '');
    else if (kind === 'blank' && out.length > 0 && out[out.length - 1] !== '') out.push('');
  }
  return out.join('\n').trim();
}
