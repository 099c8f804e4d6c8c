/** A reasoning model's <think>…</think> block: kept apart from the visible text. */

const OPEN = '<think>';
const CLOSE = '</think>';

export interface Split {
  text: string;
  thinking: string;
}

/**
 * Split a complete reply into visible text and thinking. Handles several blocks,
 * an unclosed block (all thinking), and a reply that starts inside a block whose
 * opening tag was part of the prompt template (text before a lone </think>).
 */
export function splitThink(raw: string): Split {
  const thinking: string[] = [];
  let rest = raw;
  const firstClose = rest.indexOf(CLOSE);
  const firstOpen = rest.indexOf(OPEN);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
    thinking.push(rest.slice(0, firstClose));
    rest = rest.slice(firstClose + CLOSE.length);
  }
  let text = '';
  for (;;) {
    const open = rest.indexOf(OPEN);
    if (open < 0) {
      text += rest;
      break;
    }
    text += rest.slice(0, open);
    const close = rest.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) {
      thinking.push(rest.slice(open + OPEN.length));
      break;
    }
    thinking.push(rest.slice(open + OPEN.length, close));
    rest = rest.slice(close + CLOSE.length);
  }
  return { text: text.trim(), thinking: thinking.map((t) => t.trim()).filter(Boolean).join('\n\n') };
}

/** Length of the longest suffix of `text` that is a prefix of `tag` (a tag split across chunks). */
function partialTag(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

/**
 * Filters streamed pieces: returns the visible part of each piece, holding back
 * a possible split tag until the next piece decides it.
 */
export class ThinkFilter {
  private inside = false;
  private pending = '';

  push(piece: string): string {
    let input = this.pending + piece;
    this.pending = '';
    let visible = '';
    for (;;) {
      const tag = this.inside ? CLOSE : OPEN;
      const at = input.indexOf(tag);
      if (at >= 0) {
        if (!this.inside) visible += input.slice(0, at);
        input = input.slice(at + tag.length);
        this.inside = !this.inside;
        continue;
      }
      const held = partialTag(input, tag);
      if (!this.inside) visible += input.slice(0, input.length - held);
      this.pending = input.slice(input.length - held);
      return visible;
    }
  }

  /** What is left at the end of the stream. */
  end(): string {
    const rest = this.inside ? '' : this.pending;
    this.pending = '';
    return rest;
  }
}
