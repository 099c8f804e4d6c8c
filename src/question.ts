/** The research question: from the command line, else from piped stdin. */
import { ScoutError } from './errors.js';

export const MAX_QUESTION_CHARS = 4000;

export async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Validate raw question text: not empty, not binary, not absurdly long. */
export function cleanQuestion(raw: string | Buffer): string {
  const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000') || text.includes('\uFFFD')) {
    throw new ScoutError('BAD_INPUT', 'the question is not text (binary or invalid UTF-8 input)', 'pass a question in words: scout "your question"');
  }
  const question = text.replace(/\s+/g, ' ').trim();
  if (question === '') {
    throw new ScoutError('EMPTY_QUESTION', 'no question given', 'usage: scout "your question"  (or: echo "your question" | scout)');
  }
  if (question.length > MAX_QUESTION_CHARS) {
    throw new ScoutError('BAD_INPUT', `the question is ${question.length} characters long; the limit is ${MAX_QUESTION_CHARS}`, 'ask a shorter question; put long material in a file and ask about it');
  }
  return question;
}

export async function readQuestion(args: readonly string[], stdin: NodeJS.ReadStream): Promise<string> {
  if (args.length > 0) return cleanQuestion(args.join(' '));
  if (stdin.isTTY) return cleanQuestion('');
  return cleanQuestion(await readStream(stdin));
}
