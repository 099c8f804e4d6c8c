import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeOf, formatError, ScoutError } from '../../src/errors.js';

describe('ScoutError', () => {
  it('maps codes to the exit-code table', () => {
    expect(new ScoutError('EMPTY_QUESTION', 'x').exitCode).toBe(EXIT.usage);
    expect(new ScoutError('LLM_UNREACHABLE', 'x').exitCode).toBe(EXIT.unavailable);
    expect(new ScoutError('CHROME_NOT_FOUND', 'x').exitCode).toBe(3);
    expect(new ScoutError('NOTHING_FOUND', 'x').exitCode).toBe(4);
    expect(new ScoutError('INTERRUPTED', 'x').exitCode).toBe(130);
    expect(exitCodeOf(new Error('bug'))).toBe(1);
  });

  it('formats as scout: message, then hint, and a stack only when verbose', () => {
    const error = new ScoutError('SEARCH_UNREACHABLE', 'SearxNG is not reachable', 'start it: `docker compose up -d`');
    expect(formatError(error, false)).toBe('scout: SearxNG is not reachable\nhint: start it: `docker compose up -d`\n');
    const verbose = formatError(error, true);
    expect(verbose).toContain('at ');
    expect(verbose.split('\n')[0]).toBe('scout: SearxNG is not reachable');
  });

  it('keeps only the first line of a multi-line message', () => {
    expect(formatError(new Error('first\nsecond'), false)).toBe('scout: first\n');
  });
});
