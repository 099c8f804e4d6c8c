/** A fresh query when the links of the previous ones ran out. */
import type { ChatMessage } from '../llm/types.js';
import { bulletList, isoDate, join, notesSection, section, type PromptNote } from './sections.js';

export interface NewSearchPromptInput {
  question: string;
  today: Date;
  previousQueries: readonly string[];
  notes: readonly PromptNote[];
}

const INSTRUCTIONS = join(
  'You are a web research agent. The pages found with the previous search queries are used up and the question is not answered yet.',
  'Write one new search query that is clearly different from the previous ones: other words, a more specific or a broader angle, or the name of a site likely to hold the answer. Answer with exactly one line:\nsearch: <query>',
);

export function newSearchPrompt(input: NewSearchPromptInput): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: join(
        `Today is ${isoDate(input.today)}.\nQuestion: ${input.question}`,
        notesSection(input.notes),
        section('Previous queries:', bulletList(input.previousQueries)),
        'Answer with: search: <new query>',
      ),
    },
  ];
}
