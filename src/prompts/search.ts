/** Query rewriting: the question becomes a search query for the goal, or REQUEST_EXIT when no web is needed. */
import type { ChatMessage } from '../llm/types.js';
import { isoDate, join, numberedNotes, section, type PromptNote } from './sections.js';

export interface SearchPromptInput {
  question: string;
  today: Date;
  /** A follow-up's notes from the run before: when they answer, no search is needed. */
  earlierNotes?: readonly PromptNote[];
}

const FOLLOW_UP = 'The question follows an earlier question, and the notes taken for it are given. If those notes already answer the new question, answer exactly:\nREQUEST_EXIT\nOtherwise write a query that stands on its own: replace "it", "they", "the second one" with the names the earlier question and notes give.';

/** The question as every prompt of a follow-up shows it: the new one, and the one it follows. */
export function followUpQuestion(question: string, earlier: string): string {
  return `${question}\n(This follows up the earlier question: ${earlier})`;
}

function instructions(year: number): string {
  return join(
    'You turn a person\'s question into one web search query. Search for what the person needs to find, not for their exact words: name the page, the fact or the place on the web that answers it. Keep names, numbers and the language of the question. Add the year when the question says "this year", "latest" or "current".',
    'Answer with exactly one line:\nsearch: <query>\nor, when the question needs no web search at all (arithmetic, a greeting, rewriting text the person gave), exactly:\nREQUEST_EXIT',
    [
      'Examples:',
      'Question: I want to log in to my GitHub account',
      'search: GitHub login page',
      '',
      `Question: best laptops for AI this year`,
      `search: best laptops for AI ${year}`,
      '',
      'Question: wie hoch ist der Eiffelturm?',
      'search: Eiffelturm Höhe',
      '',
      'Question: what is the latest stable version of Python?',
      `search: Python latest stable release ${year}`,
      '',
      'Question: what is 17 times 23?',
      'REQUEST_EXIT',
    ].join('\n'),
  );
}

export function searchPrompt(input: SearchPromptInput): ChatMessage[] {
  const followUp = input.earlierNotes !== undefined;
  const notes = input.earlierNotes?.length ? numberedNotes(input.earlierNotes) : '(none)';
  return [
    { role: 'system', content: join(instructions(input.today.getUTCFullYear()), followUp ? FOLLOW_UP : '') },
    { role: 'user', content: join(`Today is ${isoDate(input.today)}.\nQuestion: ${input.question}`, followUp ? section('Notes from the earlier question:', notes) : '') },
  ];
}
