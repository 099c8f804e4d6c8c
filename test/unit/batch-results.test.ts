import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openResultLines } from '../../src/batch/results.js';
import { eachAtATime, parseJobs } from '../../src/batch/schedule.js';
import type { Io } from '../../src/io.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

const io = (): Io & { out: () => string } => {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (d: Buffer) => (text += d.toString()));
  return { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, out: () => text } as unknown as Io & { out: () => string };
};

describe('batch result lines', () => {
  it('resumes from the answered ids of an earlier file; failed lines are tried again; a line cut short is removed', () => {
    const file = join(tempDir('scout-batch-'), 'results.jsonl');
    writeFileSync(file, ['{"id":"a","line":1,"answer":"x"}', '{"id":"b","line":2,"error":{"code":"LLM_FAILED"}}', 'garbage', '{"id":"c","line":3,"ans'].join('\n'));
    const lines = openResultLines(file, io());
    expect([...lines.done]).toEqual(['a']);
    lines.write({ id: 'b', line: 2, answer: 'y' });
    lines.close();
    expect(readFileSync(file, 'utf8')).toBe('{"id":"a","line":1,"answer":"x"}\n{"id":"b","line":2,"error":{"code":"LLM_FAILED"}}\ngarbage\n{"id":"b","line":2,"answer":"y"}\n');
  });

  it('starts a new file, and writes to stdout without one', () => {
    const file = join(tempDir('scout-batch-'), 'new.jsonl');
    const lines = openResultLines(file, io());
    expect(lines.done.size).toBe(0);
    lines.write({ id: 'a', line: 1 });
    lines.close();
    expect(readFileSync(file, 'utf8')).toBe('{"id":"a","line":1}\n');
    const streams = io();
    openResultLines(undefined, streams).write({ id: 'a', answer: 'x' });
    expect(streams.out()).toBe('{"id":"a","answer":"x"}\n');
  });

  it('refuses a folder or a missing folder as the output in one line', () => {
    const dir = tempDir('scout-batch-');
    expect(() => openResultLines(dir, io())).toThrow(/it is a folder/);
    expect(() => openResultLines(join(dir, 'no', 'r.jsonl'), io())).toThrow(/ENOENT/);
  });
});

describe('batch scheduling', () => {
  it('runs at most N at a time, each item once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtATime([1, 2, 3, 4, 5, 6, 7], 3, new AbortController().signal, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(n);
      running -= 1;
    });
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts nothing new once stopped', async () => {
    const stop = new AbortController();
    const started: number[] = [];
    await eachAtATime([1, 2, 3, 4], 2, stop.signal, async (n) => {
      started.push(n);
      await Promise.resolve();
      stop.abort();
    });
    expect(started).toEqual([1, 2]);
  });

  it('takes --jobs from 1 up only', () => {
    expect(parseJobs('4')).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'two', '']) expect(parseJobs(bad)).toBeUndefined();
  });
});
