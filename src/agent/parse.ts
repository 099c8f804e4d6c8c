/**
 * Parsing the model's answers as small models really write them: any case,
 * markdown bullets, bold and headings, full-width colons, JSON objects,
 * AgenticSeek's own "I will navigate to <url>" and bare GO_BACK lines, and
 * think blocks closed or not, and `more <section>` however it is written
 * ("MORE: \"Getting there\"", "more section 3"). Strict about one thing: a
 * link written inside a note is never navigation.
 */
import type { FieldValue } from '../browser/types.js';
import { splitThink } from '../llm/think.js';

export type Action =
  | { kind: 'navigate'; target: string }
  | { kind: 'back' }
  | { kind: 'exit' }
  /** Show a skipped section of a condensed page, named by number or title. */
  | { kind: 'more'; target: string }
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

/**
 * The texts to read, best first: the visible answer, then what the model
 * wrote last in its thinking. A think block never closed (the model ran out,
 * or forgot to close it) or a reply whose every word went to the thinking
 * field still holds the answer; a model musing "Action: navigate 3 ... no,
 * REQUEST_EXIT" means the last.
 */
function readings(raw: string, thinkingField: string): string[] {
  const { text, thinking } = splitThink(raw);
  const thought = [thinking, thinkingField].filter(Boolean).join('\n');
  if (!thought) return [text];
  const lines = thought.split(/\r?\n/);
  const last = (pattern: RegExp) => lines.findLastIndex((line) => pattern.test(clean(line)));
  const from = Math.max(last(/^(note|notes|error)\b\s*:?/i), last(/(?:^|\s)search\s*:/i));
  const start = from >= 0 ? from : Math.max(0, last(/^action\s*:/i));
  return [text, lines.slice(start).join('\n')];
}

/** A line without markdown decoration: headings, bullets, quotes, bold around the line or its label; full-width colons. */
function clean(line: string): string {
  let out = line.replace(/：/g, ': ').trim();
  out = out.replace(/^#{1,6}\s+/, '').replace(/^(?:[-*+>•]|\d+[.)])\s+/, '');
  const wrapped = out.match(/^(\*\*|__)(.+)\1[.:]?$/);
  if (wrapped) out = wrapped[2]!.trim();
  return out
    .replace(/^(\*\*|__|\*|_)([\p{L}_ ]+:)\1/u, '$2')
    .replace(/^(\*\*|__|\*|_)([\p{L}_ ]+)\1\s*:/u, '$2:')
    .trim();
}

const LABEL = /^(note|notes|error|action|next action)\s*:\s*/i;
/** A heading or bold line that only names a section: "### Note", "**Action**". */
const BARE_LABEL = /^(note|notes|error|action)\s*:?$/i;
/** GO_BACK and REQUEST_EXIT alone on a line mean themselves wherever they stand. */
const BARE_ACTION = /^(GO_BACK|REQUEST_EXIT)[.!]?$/;
/** "MORE: Getting there" as a line of its own: the more action without its label; in a note only in capitals, as "More: …" may go on the note. */
const BARE_MORE = /^more\s*:\s*\S/i;
const CAPITAL_MORE = /^MORE\s*:\s*\S/;
const FIELD = /^\[([^\]\n]+)\]\(([^)\n]*)\)\s*$/;
const URL_TARGET = /<?(https?:\/\/[^\s\])>"']+)>?/i;

/** "more Getting there", "show more: §3", "read more of section 3": the words after it name the section. */
const MORE = /^(?:show\s+|read\s+)?more\b\s*[:\-–]?\s*(?:(?:of|about|on|from)\s+)?(?:the\s+)?/i;

function moreTarget(rest: string): string {
  return rest.replace(/^[\s"'“”‘’«»「」*`[(<]+|[\s"'“”‘’«»「」*`\])>.:]+$/g, '').replace(/\s+section$/i, '').trim();
}

export function parseAction(text: string): Action {
  const t = text.trim().replace(/[.`*"']+$/g, '').replace(/^[`*"']+/, '').trim();
  const more = t.match(MORE);
  if (more) return { kind: 'more', target: moreTarget(t.slice(more[0].length)) };
  if (/^(go[_ ]?back|back)\b/i.test(t)) return { kind: 'back' };
  if (/^(request[_ ]?exit|exit|done)\b/i.test(t)) return { kind: 'exit' };
  const m = t.match(/^(?:navigate|open|go|follow|click|visit)?\s*:?\s*(?:to\s+)?(?:the\s+)?(?:link\s*)?(?:#|no\.?\s*)?\[?\s*(\d+|<?https?:\/\/[^\s\])>]+>?)\s*\]?/i);
  if (m?.[1]) return { kind: 'navigate', target: m[1].replace(/^<|>$/g, '') };
  return { kind: 'none' };
}

/** A line that opens with the model saying what it will do next ends a Note: it is not a fact of the page. */
const SPOKEN_START = /^(?:i will|i'll|i shall|i wanna|i want to|let me|let's|i am going to|i'm going to)\s+(?:now\s+)?(?:navigate|go|open|visit|follow)\b/i;

/** Actions said in words, outside any Action line: "I will navigate to <url>", a bare GO_BACK. */
function spokenAction(line: string): Action {
  const said = line.match(/\b(?:i will|i'll|i shall|i wanna|i want to|let me|let's|i am going to|i'm going to|now)\s+(?:now\s+)?(?:navigate|go|open|visit|follow)\s+(?:to\s+)?(.+)$/i);
  if (!said?.[1]) return { kind: 'none' };
  const target = said[1].match(URL_TARGET)?.[1] ?? said[1].match(/\blink\s*(?:#|no\.?\s*)?\[?(\d+)\]?/i)?.[1];
  return target ? { kind: 'navigate', target: target.replace(/[.,;:!?)]+$/, '') } : { kind: 'none' };
}

function parseLines(text: string): NavigationAnswer {
  const answer: NavigationAnswer = { action: { kind: 'none' }, fields: [] };
  let block: 'note' | 'error' | 'action' | undefined;
  let spoken: Action = { kind: 'none' };
  const noteLines: string[] = [];
  const errorLines: string[] = [];

  for (const line of text.split(/\r?\n/).map(clean)) {
    const label = line.match(LABEL) ?? line.match(BARE_LABEL);
    if (label) {
      const kind = label[1]!.toLowerCase();
      const rest = line.slice(label[0].length).trim();
      block = kind.startsWith('note') ? 'note' : kind === 'error' ? 'error' : 'action';
      if (block === 'action') {
        if (rest && answer.action.kind === 'none') answer.action = parseAction(rest);
        if (rest) block = undefined;
      } else if (rest) (block === 'note' ? noteLines : errorLines).push(rest);
      continue;
    }
    if (line === '') {
      if (block !== 'action') block = undefined;
      continue;
    }
    if (block === 'action') {
      if (answer.action.kind === 'none') answer.action = parseAction(line);
      if (answer.action.kind === 'none') answer.action = spokenAction(line);
      block = undefined;
      continue;
    }
    if (BARE_ACTION.test(line) || CAPITAL_MORE.test(line) || (block !== 'note' && block !== 'error' && BARE_MORE.test(line))) {
      if (spoken.kind === 'none') spoken = parseAction(line);
      continue;
    }
    if (block && SPOKEN_START.test(line)) {
      block = undefined;
      if (spoken.kind === 'none') spoken = spokenAction(line);
      continue;
    }
    const field = line.match(FIELD);
    // A markdown link written inside a note stays part of the note; it is never navigation.
    if (field && !(block && /^https?:\/\//i.test(field[2]!.trim()))) {
      block = undefined;
      answer.fields.push({ field: field[1]!.trim(), value: field[2]!.trim() });
    } else if (block === 'note') noteLines.push(line);
    else if (block === 'error') errorLines.push(line);
    else if (spoken.kind === 'none') spoken = spokenAction(line);
  }
  if (answer.action.kind === 'none') answer.action = spoken;
  if (noteLines.length > 0) answer.note = noteLines.join(' ').trim();
  if (errorLines.length > 0) answer.error = errorLines.join(' ').trim();
  return answer;
}

/** An answer that is a JSON object, bare or in a ``` fence (a few blank lines before it are common). */
const JSON_ANSWER = /^\s*(?:```(?:json)?\s*)?\{/i;

/** The JSON object in the text (from its first { to its last }), or undefined. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function field(object: Record<string, unknown>, ...names: string[]): unknown {
  const key = Object.keys(object).find((k) => names.includes(k.toLowerCase()));
  return key === undefined ? undefined : object[key];
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(' ') || undefined;
  return undefined;
}

/** {"note": …, "action": "navigate 3"} or {"action": {"type": "navigate", "target": 3}}, and forms as an object or a list. */
function parseJson(object: Record<string, unknown>): NavigationAnswer | undefined {
  const note = textOf(field(object, 'note', 'notes'));
  const error = textOf(field(object, 'error'));
  // A tool call written as text: {"name": "navigate", "arguments": {"link": 3}} (open-interpreter#1652).
  const call = field(object, 'arguments');
  const rawAction = field(object, 'action', 'next_action', 'nextaction') ?? (call && typeof call === 'object' ? { ...(call as object), type: field(object, 'name') } : undefined);
  let action: Action = { kind: 'none' };
  if (typeof rawAction === 'string' || typeof rawAction === 'number') action = parseAction(`${String(rawAction)} ${/^\W*more\W*$/i.test(String(rawAction)) ? (textOf(field(object, 'section', 'target')) ?? '') : ''}`);
  else if (rawAction && typeof rawAction === 'object') {
    const a = rawAction as Record<string, unknown>;
    action = parseAction(`${textOf(field(a, 'type', 'kind', 'name')) ?? 'navigate'} ${textOf(field(a, 'target', 'link', 'url', 'value')) ?? ''}`);
  }
  const fields: FieldValue[] = [];
  const form = field(object, 'fields', 'form');
  if (Array.isArray(form)) {
    for (const f of form) {
      if (f && typeof f === 'object') {
        const name = textOf(field(f as Record<string, unknown>, 'field', 'name', 'ref', 'label'));
        const value = textOf(field(f as Record<string, unknown>, 'value'));
        if (name && value !== undefined) fields.push({ field: name, value });
      }
    }
  } else if (form && typeof form === 'object') {
    for (const [name, value] of Object.entries(form)) if (textOf(value) !== undefined) fields.push({ field: name, value: textOf(value)! });
  }
  if (!note && !error && action.kind === 'none' && fields.length === 0) return undefined;
  return { ...(note ? { note } : {}), ...(error ? { error } : {}), action, fields };
}

function usable(answer: NavigationAnswer): boolean {
  return answer.note !== undefined || answer.error !== undefined || answer.action.kind !== 'none' || answer.fields.length > 0;
}

/** The answer in a reply; thinking is what the server sent apart from the text (Ollama's thinking field). */
export function parseNavigation(raw: string, thinking = ''): NavigationAnswer {
  let first: NavigationAnswer | undefined;
  for (const text of readings(raw, thinking)) {
    // A JSON answer is one that is JSON: a snippet quoted inside a Note must not replace the lines around it.
    const lines = parseLines(text);
    const json = usable(lines) || !JSON_ANSWER.test(text) ? undefined : jsonObject(text);
    const answer = (json && parseJson(json)) ?? lines;
    first ??= answer;
    if (usable(answer)) return answer;
  }
  return first ?? { action: { kind: 'none' }, fields: [] };
}

function searchIn(text: string): SearchAnswer {
  const json = JSON_ANSWER.test(text) ? jsonObject(text) : undefined;
  const query = json && textOf(field(json, 'search', 'query'));
  if (query) return { kind: 'search', query };
  for (const line of text.split(/\r?\n/).map(clean)) {
    if (/^request[_ ]?exit\b/i.test(line)) return { kind: 'exit' };
    const m = line.match(/(?:^|\s)(?:search|query)\s*:\s*(.+)$/i);
    if (m?.[1]) {
      const found = m[1].trim().replace(/^["'`「]+|["'`」]+$/g, '').trim();
      if (found) return { kind: 'search', query: found };
    }
  }
  return { kind: 'invalid' };
}

export function parseSearchAnswer(raw: string, thinking = ''): SearchAnswer {
  for (const text of readings(raw, thinking)) {
    const answer = searchIn(text);
    if (answer.kind !== 'invalid') return answer;
  }
  return { kind: 'invalid' };
}

/** Comparison key for "the model repeated itself": case and white space do not count. */
export function answerKey(raw: string): string {
  return stripThink(raw).toLowerCase().replace(/\s+/g, ' ').trim();
}
