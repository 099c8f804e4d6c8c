/**
 * Parsing the model's answers. Tolerant of case, markdown bullets and bold,
 * and a reasoning model's <think> block; strict about what counts as an action.
 */
import type { FieldValue } from '../browser/types.js';
import { splitThink } from '../llm/think.js';

export type Action =
  | { kind: 'navigate'; target: string }
  | { kind: 'back' }
  | { kind: 'exit' }
  | { kind: 'none' };

export interface NavigationAnswer {
  note?: string;
  error?: string;
  action: Action;
  fields: FieldValue[];
}

export type SearchAnswer = { kind: 'search'; query: string } | { kind: 'exit' } | { kind: 'invalid' };

/** The visible part of an answer: think blocks (closed, unclosed, or only closed) removed. */
export function stripThink(text: string): string {
  return splitThink(text).text;
}

/** A line without markdown decoration: bullets, quotes, bold/italic markers around a label. */
function clean(line: string): string {
  return line
    .replace(/^\s*(?:[-*+>]|\d+[.)])\s+/, '')
    .replace(/^\s*(\*\*|__|\*|_)([A-Za-z_ ]+:)\1/, '$2')
    .replace(/^\s*(\*\*|__)([A-Za-z_ ]+)\1\s*:/, '$2:')
    .trim();
}

const LABEL = /^(note|error|action)\s*:\s*/i;
const FIELD = /^\[([^\]\n]+)\]\(([^)\n]*)\)\s*$/;

export function parseAction(text: string): Action {
  const t = text.trim().replace(/[.`*]+$/g, '').replace(/^`+/, '').trim();
  if (/^(go[_ ]?back|back)\b/i.test(t)) return { kind: 'back' };
  if (/^(request[_ ]?exit|exit|done)\b/i.test(t)) return { kind: 'exit' };
  const m = t.match(/^(?:navigate|open|go|follow|click)?\s*(?:to\s+)?(?:link\s*)?(?:#|no\.?\s*)?\[?\s*(\d+|https?:\/\/[^\s\])>]+)\s*\]?/i);
  if (m?.[1]) return { kind: 'navigate', target: m[1].replace(/^<|>$/g, '') };
  return { kind: 'none' };
}

export function parseNavigation(raw: string): NavigationAnswer {
  const lines = stripThink(raw).split(/\r?\n/).map(clean);
  const answer: NavigationAnswer = { action: { kind: 'none' }, fields: [] };
  let block: 'note' | 'error' | undefined;
  const noteLines: string[] = [];
  const errorLines: string[] = [];

  for (const line of lines) {
    const label = line.match(LABEL);
    if (label) {
      const kind = label[1]!.toLowerCase();
      const rest = line.slice(label[0].length);
      block = undefined;
      if (kind === 'action') {
        if (answer.action.kind === 'none') answer.action = parseAction(rest);
      } else if (kind === 'note') {
        block = 'note';
        if (rest) noteLines.push(rest);
      } else {
        block = 'error';
        if (rest) errorLines.push(rest);
      }
      continue;
    }
    if (line === '') {
      block = undefined;
      continue;
    }
    const field = line.match(FIELD);
    // A markdown link written inside a note stays part of the note; it is never navigation.
    if (field && !(block && /^https?:\/\//i.test(field[2]!.trim()))) {
      block = undefined;
      answer.fields.push({ field: field[1]!.trim(), value: field[2]!.trim() });
    } else if (block === 'note') noteLines.push(line);
    else if (block === 'error') errorLines.push(line);
  }
  if (noteLines.length > 0) answer.note = noteLines.join(' ').trim();
  if (errorLines.length > 0) answer.error = errorLines.join(' ').trim();
  return answer;
}

export function parseSearchAnswer(raw: string): SearchAnswer {
  const text = stripThink(raw);
  for (const line of text.split(/\r?\n/).map(clean)) {
    if (/^request[_ ]?exit\b/i.test(line)) return { kind: 'exit' };
    const m = line.match(/^(?:search|query)\s*:\s*(.+)$/i);
    if (m?.[1]) {
      const query = m[1].trim().replace(/^["'`]+|["'`]+$/g, '').trim();
      if (query) return { kind: 'search', query };
    }
  }
  return { kind: 'invalid' };
}

/** Comparison key for "the model repeated itself": case and white space do not count. */
export function answerKey(raw: string): string {
  return stripThink(raw).toLowerCase().replace(/\s+/g, ' ').trim();
}
