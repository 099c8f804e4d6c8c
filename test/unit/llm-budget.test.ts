/** Pure parts of src/llm: token estimate, page budget, the prompt-fits check, think splitting, retry schedule. */
import { describe, expect, it } from 'vitest';
import { checkPromptFits, pageBudget } from '../../src/llm/budget.js';
import { DEFAULT_RETRY } from '../../src/llm/call.js';
import { splitThink, ThinkFilter } from '../../src/llm/think.js';
import { estimateMessagesTokens, estimateTokens, prefixFitting } from '../../src/llm/tokens.js';
import { ScoutError } from '../../src/errors.js';
import { retryDelay } from '../../src/util/retry.js';

describe('estimateTokens', () => {
  it('counts about 4 ASCII characters per token and one token per CJK character', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a'.repeat(400))).toBe(100);
    // 15 CJK characters at 1 token and 3 digits at 1/4.
    expect(estimateTokens('東京タワーの高さは333メートルです')).toBe(16);
    // 8 Hangul syllables at 1 token and 2 spaces at 1/4.
    expect(estimateTokens('서울은 한국의 수도')).toBe(9);
    expect(estimateTokens('Привет мир')).toBe(Math.ceil(9 / 2 + 1 / 4));
  });

  it('adds the chat template overhead per message', () => {
    expect(estimateMessagesTokens([{ role: 'system', content: 'a'.repeat(40) }, { role: 'user', content: '' }])).toBe(10 + 4 + 4);
  });

  it('finds the prefix of a text that fits a token count, without splitting a surrogate pair', () => {
    expect(prefixFitting('a'.repeat(100), 10)).toBe(40);
    expect(prefixFitting('中文'.repeat(50), 10)).toBe(10);
    expect(prefixFitting('😀😀😀', 2)).toBe(4);
  });
});

describe('pageBudget', () => {
  const base = { contextTokens: 8192, outputTokens: 1024, fixed: 'x'.repeat(4000), notes: '' };

  it('gives the page what instructions, notes and output leave', () => {
    const empty = pageBudget(base);
    expect(empty.tokens).toBe(8192 - 1024 - 1000 - 12);
    expect(empty.chars).toBe(empty.tokens * 4);
    const withNotes = pageBudget({ ...base, notes: 'n'.repeat(2000) });
    expect(withNotes.tokens).toBe(empty.tokens - 500);
  });

  it('counts a CJK page at about one character per token', () => {
    const page = '日本語のページ'.repeat(2000);
    const budget = pageBudget({ ...base, page });
    expect(budget.chars).toBe(budget.tokens);
    expect(pageBudget({ ...base, page: 'short page' }).chars).toBe(10);
  });

  it('returns 0 when notes crowd the page out, and fails when the instructions alone do not fit', () => {
    expect(pageBudget({ ...base, notes: 'n'.repeat(40_000) }).chars).toBe(0);
    let error: unknown;
    try {
      pageBudget({ ...base, contextTokens: 2048 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScoutError);
    expect(error).toMatchObject({ code: 'LLM_CONTEXT_TOO_SMALL', exitCode: 3, hint: expect.stringContaining('--ctx') });
  });
});

describe('checkPromptFits', () => {
  it('lets a prompt through that leaves the least output room, and refuses one that does not', () => {
    expect(() => checkPromptFits(16384 - 256, 16384)).not.toThrow();
    expect(() => checkPromptFits(16384 - 255, 16384)).toThrow(/capped at 16384 \(--ctx\)/);
    expect(() => checkPromptFits(16300, 16384)).toThrow(expect.objectContaining({ code: 'LLM_CONTEXT_TOO_SMALL', hint: expect.stringContaining('--ctx') }));
  });
});

describe('think blocks', () => {
  it('splits inline blocks, an unclosed block and a lone closing tag', () => {
    expect(splitThink('<think>plan it</think>\nAnswer.')).toEqual({ text: 'Answer.', thinking: 'plan it' });
    expect(splitThink('A<think>x</think>B<think>y</think>C')).toEqual({ text: 'ABC', thinking: 'x\n\ny' });
    expect(splitThink('Answer<think>cut off')).toEqual({ text: 'Answer', thinking: 'cut off' });
    expect(splitThink('reasoning from the template</think>Answer')).toEqual({ text: 'Answer', thinking: 'reasoning from the template' });
    expect(splitThink('no tags')).toEqual({ text: 'no tags', thinking: '' });
  });

  it('filters a stream whose tags are split across pieces', () => {
    const raw = 'Hi <think>secret plan</think>there <b>bold</b>';
    for (const size of [1, 2, 3, 5, 7, 100]) {
      const filter = new ThinkFilter();
      let out = '';
      for (let i = 0; i < raw.length; i += size) out += filter.push(raw.slice(i, i + size));
      out += filter.end();
      expect(out, `piece size ${size}`).toBe('Hi there <b>bold</b>');
    }
  });

  it('releases a held-back "<" that turns out not to start a tag', () => {
    const filter = new ThinkFilter();
    expect(filter.push('a <')).toBe('a ');
    expect(filter.push('= b')).toBe('<= b');
    expect(filter.push('x<th')).toBe('x');
    expect(filter.end()).toBe('<th');
  });
});

describe('the LLM retry schedule', () => {
  it('makes 3 tries in all, waiting 1 s then 2 s by default', () => {
    expect(DEFAULT_RETRY.tries).toBe(3);
    expect(retryDelay(2, undefined, DEFAULT_RETRY)).toBe(1000);
    expect(retryDelay(3, undefined, DEFAULT_RETRY)).toBe(2000);
    expect(retryDelay(4, undefined, DEFAULT_RETRY)).toBeUndefined();
  });
});
