/**
 * The conclusion checked against its notes: a sentence that cites [n] must not
 * state a number, or a name, that none of the notes it cites holds. Names are
 * checked in English answers only: other languages capitalise differently
 * (German nouns) or not at all, while numbers read the same everywhere.
 */
import { CITATION } from './citations.js';
import type { Note } from './types.js';
import { namesOf, numbersOf, tokenize } from './text-tokens.js';

export interface UnsupportedClaim {
  sentence: string;
  cites: number[];
  /** Numbers and names of the sentence that no cited note holds. */
  missing: string[];
}

function sentencesOf(answer: string): string[] {
  return answer
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function noteWords(note: Note): Set<string> {
  return new Set(tokenize(`${note.title} ${note.text} ${note.quotes.join(' ')}`).map((t) => t.norm));
}

export function uncitedClaims(answer: string, notes: readonly Note[], options: { question: string; checkNames: boolean }): UnsupportedClaim[] {
  const question = new Set(tokenize(options.question).map((t) => t.norm));
  const out: UnsupportedClaim[] = [];
  for (const sentence of sentencesOf(answer)) {
    const cites = [...sentence.matchAll(CITATION)].map((m) => Number(m[1])).filter((n) => n >= 1 && n <= notes.length);
    if (cites.length === 0) continue;
    const text = sentence.replace(CITATION, ' ').replace(/https?:\/\/\S+/g, ' ');
    const tokens = tokenize(text);
    const held = new Set(cites.flatMap((n) => [...noteWords(notes[n - 1]!)]));
    const facts = [...numbersOf(tokens), ...(options.checkNames ? namesOf(tokens, text.normalize('NFKC')) : [])];
    const missing = facts.filter((f) => !held.has(f) && !question.has(f));
    if (missing.length > 0) out.push({ sentence, cites, missing });
  }
  return out;
}
