import { describe, expect, it } from 'vitest';
import { answerKey, parseAction, parseNavigation, parseSearchAnswer, stripThink } from '../../src/agent/parse.js';

describe('parseNavigation', () => {
  it('reads a note and a numbered navigation', () => {
    const answer = parseNavigation('Note: On https://a.example/x, the tower is 462 m tall. It opened in 2019.\nAction: navigate 3');
    expect(answer).toEqual({ note: 'On https://a.example/x, the tower is 462 m tall. It opened in 2019.', action: { kind: 'navigate', target: '3' }, fields: [] });
  });

  it('collects a note over several lines until a blank line or the action', () => {
    expect(parseNavigation('Note: first fact.\nsecond fact.\nAction: GO_BACK').note).toBe('first fact. second fact.');
    expect(parseNavigation('Note: first fact.\n\nsomething else\nAction: GO_BACK').note).toBe('first fact.');
  });

  it('is tolerant of case, bullets, bold labels and a think block', () => {
    const answer = parseNavigation('<think>The page has the height. Action: navigate 9</think>\n- **Note:** on x, 5 m.\n* **action**: request_exit');
    expect(answer.note).toBe('on x, 5 m.');
    expect(answer.action).toEqual({ kind: 'exit' });
  });

  it('never takes a link inside a note as navigation', () => {
    const answer = parseNavigation('Note: On x, see [the list](https://evil.example/steal) and https://evil.example/2.\n[source](https://evil.example/3)\nAction: GO_BACK');
    expect(answer.action).toEqual({ kind: 'back' });
    expect(answer.fields).toEqual([]);
    expect(answer.note).toContain('https://evil.example/3');
  });

  it('reads an Error line', () => {
    const answer = parseNavigation('Error: the page is a login wall.\nAction: GO_BACK');
    expect(answer.error).toBe('the page is a login wall.');
    expect(answer.note).toBeUndefined();
  });

  it('reads form fields after a note', () => {
    const answer = parseNavigation('Note: On x, a login form.\n[Username](alice)\n[e7](secret:password)');
    expect(answer.fields).toEqual([
      { field: 'Username', value: 'alice' },
      { field: 'e7', value: 'secret:password' },
    ]);
    expect(answer.note).toBe('On x, a login form.');
    expect(answer.action).toEqual({ kind: 'none' });
  });

  it('keeps the first Action line only', () => {
    expect(parseNavigation('Action: navigate 2\nAction: REQUEST_EXIT').action).toEqual({ kind: 'navigate', target: '2' });
  });

  it('reports no action when there is none', () => {
    expect(parseNavigation('I think this page is interesting.').action).toEqual({ kind: 'none' });
  });
});

describe('parseAction', () => {
  it.each([
    ['navigate 4', { kind: 'navigate', target: '4' }],
    ['navigate [4]', { kind: 'navigate', target: '4' }],
    ['Navigate to link 12.', { kind: 'navigate', target: '12' }],
    ['navigate https://x.example/a?b=1', { kind: 'navigate', target: 'https://x.example/a?b=1' }],
    ['`GO_BACK`', { kind: 'back' }],
    ['go back', { kind: 'back' }],
    ['REQUEST_EXIT', { kind: 'exit' }],
    ['Request exit.', { kind: 'exit' }],
    ['wander around', { kind: 'none' }],
  ])('%s', (text, expected) => {
    expect(parseAction(text)).toEqual(expected);
  });
});

describe('parseSearchAnswer', () => {
  it.each([
    ['search: Eiffel tower height', { kind: 'search', query: 'Eiffel tower height' }],
    ['<think>hmm</think>\nSearch: "GitHub login page"', { kind: 'search', query: 'GitHub login page' }],
    ['- **search:** best laptops 2026', { kind: 'search', query: 'best laptops 2026' }],
    ['REQUEST_EXIT', { kind: 'exit' }],
    ['I would search for towers', { kind: 'invalid' }],
  ])('%s', (text, expected) => {
    expect(parseSearchAnswer(text)).toEqual(expected);
  });
});

describe('stripThink and answerKey', () => {
  it('drops closed, unclosed and orphan-closing think blocks', () => {
    expect(stripThink('<think>a</think>b')).toBe('b');
    expect(stripThink('b<think>never closed')).toBe('b');
    expect(stripThink('reasoning</think>answer')).toBe('answer');
  });

  it('ignores case and white space when comparing answers', () => {
    expect(answerKey('Note: X.\nAction:  GO_BACK')).toBe(answerKey('note: x. action: go_back'));
  });
});
