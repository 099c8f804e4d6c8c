/** Each prompt's wording is pinned by a snapshot, so a change to it is a visible diff. */
import { describe, expect, it } from 'vitest';
import { concludePrompt } from '../../src/prompts/conclude.js';
import { directPrompt } from '../../src/prompts/direct.js';
import { navigatePrompt, NAVIGATE_INSTRUCTIONS } from '../../src/prompts/navigate.js';
import { newSearchPrompt } from '../../src/prompts/newsearch.js';
import { searchPrompt } from '../../src/prompts/search.js';

const today = new Date('2026-12-02T09:00:00Z');
const notes = [
  { url: 'https://a.example/towers', text: 'On https://a.example/towers, the Lakhta Center is 462 m tall.' },
  { url: 'https://b.example/list', text: 'On https://b.example/list, the Federation Tower is 373 m tall.', verified: false },
];
const page = {
  text: '[Start of page]\nURL: https://c.example/page\nTitle: Tall towers\n\n# Tall towers\nSome text.\n[End of page]',
  links: [
    { n: 1, url: 'https://c.example/history', text: 'History' },
    { n: 2, url: 'https://c.example/login', text: '' },
  ],
  fields: [{ ref: 'e4', type: 'textbox', label: 'Search', required: false }],
};

describe('prompts', () => {
  it('search', () => {
    expect(searchPrompt({ question: 'best laptops for AI this year', today })).toMatchSnapshot();
  });

  it('newsearch', () => {
    expect(newSearchPrompt({ question: 'q', today, previousQueries: ['first query'], notes })).toMatchSnapshot();
  });

  it('navigate, first round and with warnings, secrets and a form check', () => {
    expect(navigatePrompt({ question: 'Which tower is tallest?', notes: [], page, secrets: [], warnings: [] })).toMatchSnapshot();
    expect(
      navigatePrompt({
        question: 'Which tower is tallest?',
        notes,
        page,
        secrets: [{ name: 'password', origin: 'https://c.example' }],
        warnings: ['The page https://d.example could not be opened (timeout).'],
        formCheck: { formUrl: 'https://c.example/login', filled: ['Username', 'Password'], failed: [], navigated: true },
      }),
    ).toMatchSnapshot();
  });

  it('navigate keeps the stable part first and the page last, and repeats the question', () => {
    const [system, user] = navigatePrompt({ question: 'Which tower is tallest?', notes, page, secrets: [], warnings: [] });
    expect(system?.content).toBe(NAVIGATE_INSTRUCTIONS);
    const content = user!.content;
    expect(content.startsWith('Question: Which tower is tallest?')).toBe(true);
    expect(content.indexOf('Notes so far:')).toBeLessThan(content.indexOf('[Start of page]'));
    expect(content.trimEnd().endsWith('Question: Which tower is tallest?\nWrite your Note (or Error) and your Action.')).toBe(true);
  });

  it('conclude names the language and numbers the notes', () => {
    const messages = concludePrompt({ question: '哪座塔最高？', language: 'Chinese', notes });
    expect(messages).toMatchSnapshot();
    expect(messages[0]!.content).toContain('Write the whole answer in Chinese.');
    expect(messages[1]!.content).toContain('[2] (https://b.example/list)');
  });

  it('direct', () => {
    expect(directPrompt({ question: 'what is 17 times 23?', language: 'English', today })).toMatchSnapshot();
  });
});
