import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isJsonl, parseQuestions, questionId, readQuestions } from '../../src/batch/questions.js';
import { scoutErrorOf } from '../support/expect-error.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

describe('batch questions', () => {
  it('reads a text file one question a line, blank lines skipped, each with a stable id from its text', () => {
    const input = parseQuestions('How tall is the Lakhta Center?\n\n  Where is it?  \r\n', false);
    expect(input.bad).toEqual([]);
    expect(input.questions).toEqual([
      { line: 1, id: questionId('How tall is the Lakhta Center?'), question: 'How tall is the Lakhta Center?' },
      { line: 3, id: questionId('Where is it?'), question: 'Where is it?' },
    ]);
    expect(questionId('Where is it?')).toMatch(/^[0-9a-f]{12}$/);
    expect(questionId('Where is it?')).not.toBe(questionId('Where is it'));
  });

  it('takes a jsonl line\'s own id (a number too), else the hash of its question', () => {
    const input = parseQuestions(['{"id": "a", "question": "One?"}', '{"id": 7, "question": "Two?"}', '{"question": "Three?"}'].join('\n'), true);
    expect(input.questions.map((q) => q.id)).toEqual(['a', '7', questionId('Three?')]);
  });

  it('sets malformed jsonl lines aside with their line numbers, keeping the others', () => {
    const text = ['{"question": "One?"}', '{"question": "Two?"', '[1]', '{"id": "x"}', '{"question": "  "}', '{"question": "Six?", "id": true}', '{"question": "One?"}', '{"question": "Eight?"}'].join('\n');
    const input = parseQuestions(text, true);
    expect(input.questions.map((q) => q.line)).toEqual([1, 8]);
    expect(input.bad.map((b) => b.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(input.bad[0]!.problem).toMatch(/^not JSON \(/);
    expect(input.bad.slice(1).map((b) => b.problem)).toEqual(['not a JSON object', 'no "question" string', 'no "question" string', '"id" is neither a string nor a number', `same id as line 1 ("${questionId('One?')}")`]);
  });

  it('tells jsonl files by their extension', () => {
    expect(isJsonl('q.jsonl')).toBe(true);
    expect(isJsonl('q.NDJSON')).toBe(true);
    expect(isJsonl('q.txt')).toBe(false);
  });

  it('reads the file, and says so in one line when it is missing', async () => {
    const dir = tempDir('scout-batch-');
    const file = join(dir, 'q.txt');
    writeFileSync(file, 'One?\n');
    expect(readQuestions(file).questions).toHaveLength(1);
    const error = await scoutErrorOf(Promise.resolve().then(() => readQuestions(join(dir, 'none.txt'))));
    expect(error.code).toBe('BAD_INPUT');
    expect(error.message).toMatch(/none\.txt: no such file$/);
  });
});
