/** The guards of the research loop: notes never leave in a form, secrets are filled in late, targets resolve, repeats are caught. */
import { describe, expect, it } from 'vitest';
import { isRepeat, leaksNotes, resolveTarget, substitute } from '../../src/agent/guards.js';
import type { Note } from '../../src/agent/types.js';

const note = (text: string): Note => ({ url: 'https://a.example', title: 'A', text, quotes: [], verified: true, support: 'verified' });

describe('leaksNotes', () => {
  const notes = [note('On https://a.example, the Lakhta Center is 462 metres tall and was completed in 2019.')];

  it('finds a form value that carries a run of a note, whatever its case and white space', () => {
    expect(leaksNotes('please post: THE LAKHTA CENTER   is 462 metres tall', notes)).toBe(true);
    expect(leaksNotes('x'.repeat(40) + 'center is 462 metres tall and was completed' + 'y'.repeat(40), notes)).toBe(true);
  });

  it('lets short values and values unrelated to the notes through', () => {
    expect(leaksNotes('462 metres tall', notes)).toBe(false);
    expect(leaksNotes('alice@example.org, a perfectly ordinary long value', notes)).toBe(false);
    expect(leaksNotes('the Lakhta Center is 462 metres tall', [])).toBe(false);
  });
});

describe('substitute', () => {
  const secrets = { password: { origin: 'https://a.example', value: 'hunter2' }, 'api-key': { origin: 'https://b.example', value: 'k-123' } };

  it('replaces secret:name by the stored value', () => {
    expect(substitute('secret:password', secrets)).toBe('hunter2');
    expect(substitute('secret:api-key', secrets)).toBe('k-123');
  });

  it('leaves other values, unknown names and secrets inside text alone', () => {
    expect(substitute('alice', secrets)).toBe('alice');
    expect(substitute('secret:token', secrets)).toBe('secret:token');
    expect(substitute('my secret:password', secrets)).toBe('my secret:password');
  });
});

describe('resolveTarget', () => {
  const links = [
    { n: 1, url: 'https://a.example/one' },
    { n: 2, url: 'https://a.example/two' },
  ];

  it('turns a link number into its URL, and an unknown number into nothing', () => {
    expect(resolveTarget('2', links)).toBe('https://a.example/two');
    expect(resolveTarget('3', links)).toBeUndefined();
  });

  it('keeps a URL as it is, to be checked against what was offered', () => {
    expect(resolveTarget('https://elsewhere.example/', links)).toBe('https://elsewhere.example/');
  });
});

describe('isRepeat', () => {
  it('catches the same answer with the same link, or with no action', () => {
    expect(isRepeat('note: x action: navigate 1', 'note: x action: navigate 1', { kind: 'navigate', target: '1' })).toBe(true);
    expect(isRepeat('note: x', 'note: x', { kind: 'none' })).toBe(true);
  });

  it('lets the same GO_BACK or REQUEST_EXIT pass, and never calls an empty answer a repeat', () => {
    expect(isRepeat('error: useless action: go_back', 'error: useless action: go_back', { kind: 'back' })).toBe(false);
    expect(isRepeat('action: request_exit', 'action: request_exit', { kind: 'exit' })).toBe(false);
    expect(isRepeat('', '', { kind: 'none' })).toBe(false);
  });

  it('lets a different answer pass', () => {
    expect(isRepeat('action: navigate 2', 'action: navigate 1', { kind: 'navigate', target: '2' })).toBe(false);
  });
});
