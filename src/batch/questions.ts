/**
 * The questions of a batch file: one per line, as plain text (questions.txt)
 * or as JSON objects {"question": "...", "id": "..."} (questions.jsonl). Each
 * has a stable id (the jsonl's own, or a hash of the question) by which a
 * rerun knows it was answered. Malformed lines are kept aside with their
 * line numbers; the others still run.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { messageOf, ScoutError } from '../errors.js';

export interface BatchQuestion {
  /** 1-based line number in the file. */
  line: number;
  id: string;
  question: string;
}

export interface BadLine {
  line: number;
  problem: string;
}

export interface BatchInput {
  questions: BatchQuestion[];
  bad: BadLine[];
}

export function questionId(question: string): string {
  return createHash('sha256').update(question).digest('hex').slice(0, 12);
}

function jsonQuestion(text: string): { question: string; id?: string } | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON (${messageOf(error)})`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const { question, id } = value as { question?: unknown; id?: unknown };
  if (typeof question !== 'string' || question.trim() === '') return 'no "question" string';
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return '"id" is neither a string nor a number';
  return { question: question.trim(), ...(id === undefined ? {} : { id: String(id) }) };
}

/** Parse a batch file's text; jsonl when asked, plain text lines otherwise. Blank lines are skipped. */
export function parseQuestions(text: string, jsonl: boolean): BatchInput {
  const input: BatchInput = { questions: [], bad: [] };
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const parsed = jsonl ? jsonQuestion(raw) : { question: raw.trim() };
    if (typeof parsed === 'string') return void input.bad.push({ line, problem: parsed });
    const id = parsed.id ?? questionId(parsed.question);
    const first = seen.get(id);
    if (first !== undefined) return void input.bad.push({ line, problem: `same id as line ${first} ("${id}")` });
    seen.set(id, line);
    input.questions.push({ line, id, question: parsed.question });
  });
  return input;
}

export function isJsonl(path: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(path);
}

/** Read and parse a batch file; a missing or unreadable one is a one-line error (exit 2). */
export function readQuestions(path: string): BatchInput {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScoutError('BAD_INPUT', `cannot read the batch file ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? messageOf(error))}`, 'give a questions.txt (one question a line) or questions.jsonl ({"question": "...", "id": "..."} a line)');
  }
  return parseQuestions(text, isJsonl(path));
}
