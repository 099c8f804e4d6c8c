/**
 * [n] citations of the conclusion, checked against the notes: a number that
 * names no note is removed from the answer, and the Sources list holds only
 * the notes actually cited. A note taken on a PDF page cites it: [n, p. 2].
 */
import type { Citation, Note, Source } from './types.js';

/** A citation of note n in an answer: [n]. */
export const CITATION = /\[(\d{1,3})\]/g;

/** Whether citation number n names one of the notes. */
const namesNote = (n: number, notes: readonly Note[]) => n >= 1 && n <= notes.length;

export interface CheckedAnswer {
  answer: string;
  sources: Source[];
  citations: Citation[];
  /** Citation numbers that named no note (removed from the answer). */
  invalid: number[];
}

export function checkCitations(answer: string, notes: readonly Note[]): CheckedAnswer {
  const cited = new Set<number>();
  const invalid = new Set<number>();
  const cleaned = answer.replace(CITATION, (marker: string, digits: string) => {
    const n = Number(digits);
    if (namesNote(n, notes)) {
      cited.add(n);
      return marker;
    }
    invalid.add(n);
    return '';
  });
  const numbers = [...cited].sort((a, b) => a - b);
  return {
    answer: cleaned.replace(/[ \t]+([.,;:!?。，；：！？])/g, '$1').replace(/[ \t]{2,}/g, ' ').trim(),
    sources: numbers.map((n) => ({ n, url: notes[n - 1]!.url, title: notes[n - 1]!.title, ...(notes[n - 1]!.support === 'unverified' ? { unverified: true as const } : {}) })),
    citations: numbers.map((n) => ({ n, url: notes[n - 1]!.url, quote: notes[n - 1]!.quotes[0] ?? '', verified: notes[n - 1]!.verified, support: notes[n - 1]!.support, supported: true })),
    invalid: [...invalid].sort((a, b) => a - b),
  };
}

/** A note that may know the PDF page its quote stands on (grounding.ts). */
type PagedNote = Note & { page?: number };

/** The answer with each citation of a note on a known PDF page saying the page: [2] -> [2, p. 5]. Done last: the checks read plain [n]. */
export function withPages(answer: string, notes: readonly PagedNote[]): string {
  return answer.replace(CITATION, (marker: string, digits: string) => {
    const page = notes[Number(digits) - 1]?.page;
    return page === undefined ? marker : `[${digits}, p. ${page}]`;
  });
}

/** A citation's start not yet complete at the end of a streamed piece: "[", "[1", "[12". */
const OPEN_CITATION = /\[\d{0,3}$/;

/**
 * The answer's tokens as they stream, with its citations written as the final
 * answer writes them: [2] of a note on a PDF page as [2, p. 5], a number that
 * names no note left out. A piece ending inside a possible citation is held
 * back until the next one completes or refutes it; `end` lets out the rest.
 */
export function citationStream(notes: readonly PagedNote[], write: (text: string) => void): { push: (token: string) => void; end: () => void } {
  let held = '';
  const emit = (text: string) => {
    const out = withPages(text.replace(CITATION, (marker: string, digits: string) => (namesNote(Number(digits), notes) ? marker : '')), notes);
    if (out) write(out);
  };
  return {
    push(token) {
      const text = held + token;
      const open = text.match(OPEN_CITATION);
      held = open ? open[0] : '';
      emit(open ? text.slice(0, open.index) : text);
    },
    end() {
      emit(held);
      held = '';
    },
  };
}
