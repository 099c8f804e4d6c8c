/** Small rules that keep the model from leaking notes, reaching unoffered pages or looping. */
import type { Action } from './parse.js';
import type { BoundSecret, Note } from './types.js';

/** Shared runs this long between a form value and a note mean the page is fishing for the notes. */
const LEAK_CHARS = 24;

/** Does a form value carry text of the notes? Page content must never make scout send its notes away. */
export function leaksNotes(value: string, notes: readonly Note[]): boolean {
  const v = value.toLowerCase().replace(/\s+/g, ' ');
  if (v.length < LEAK_CHARS) return false;
  return notes.some((note) => {
    const text = note.text.toLowerCase().replace(/\s+/g, ' ');
    for (let i = 0; i + LEAK_CHARS <= v.length; i += 8) if (text.includes(v.slice(i, i + LEAK_CHARS))) return true;
    return false;
  });
}

/** `secret:name` becomes the stored value, only at the moment of filling (decide checked the form is on its site). */
export function substitute(value: string, secrets: Readonly<Record<string, BoundSecret>>): string {
  const m = value.trim().match(/^secret:(\S+)$/);
  return m?.[1] !== undefined && secrets[m[1]] !== undefined ? secrets[m[1]]!.value : value;
}

/** A link number names the offered link of that number; a URL stands for itself (and is checked later). */
export function resolveTarget(target: string, links: readonly { n: number; url: string }[]): string | undefined {
  if (/^\d+$/.test(target)) return links.find((l) => l.n === Number(target))?.url;
  return target;
}

/**
 * Is this answer (by its answerKey) the previous one again? The same Error +
 * GO_BACK on another useless page is fine, as is leaving; the same choice of
 * link, or no choice, is being stuck.
 */
export function isRepeat(key: string, previousKey: string, action: Action): boolean {
  return key !== '' && key === previousKey && action.kind !== 'back' && action.kind !== 'exit';
}

/** What a note says, for comparing notes: case, white space and the "On <page>," opening do not count. */
function noteKey(text: string): string {
  return text.toLowerCase().replace(/^\s*on\s+[^,]{0,200},\s*/, '').replace(/\s+/g, ' ').trim();
}

/** Is this note the same as an earlier one? A model that files one note under every page is not reading them. */
export function sameNote(a: string, b: string): boolean {
  return noteKey(a) === noteKey(b);
}
