import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ScoutError } from '../../src/errors.js';
import { cleanQuestion, MAX_QUESTION_CHARS, readQuestion } from '../../src/question.js';

const stdin = (text: string, isTTY = false) => Object.assign(Readable.from([Buffer.from(text)]), { isTTY }) as unknown as NodeJS.ReadStream;

describe('question input', () => {
  it('joins arguments and folds white space', async () => {
    expect(await readQuestion(['what', ' is\tthe', 'answer? '], stdin(''))).toBe('what is the answer?');
  });

  it('reads piped stdin when there are no arguments', async () => {
    expect(await readQuestion([], stdin('  who wrote\nUlysses?\n'))).toBe('who wrote Ulysses?');
  });

  it('does not read a terminal stdin', async () => {
    await expect(readQuestion([], stdin('ignored', true))).rejects.toMatchObject({ code: 'EMPTY_QUESTION' });
  });

  it.each([
    ['', 'EMPTY_QUESTION'],
    ['   \n\t ', 'EMPTY_QUESTION'],
    ['bin\u0000ary', 'BAD_INPUT'],
    ['x'.repeat(MAX_QUESTION_CHARS + 1), 'BAD_INPUT'],
  ])('rejects %j with %s (exit 2)', (text, code) => {
    try {
      cleanQuestion(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ScoutError);
      expect((error as ScoutError).code).toBe(code);
      expect((error as ScoutError).exitCode).toBe(2);
    }
  });

  it('rejects invalid UTF-8', () => {
    expect(() => cleanQuestion(Buffer.from([0x77, 0xff, 0xfe, 0x68]))).toThrow(/not text/);
  });
});
