/** The final answer: from the notes only, in the person's language, with [n] citations of the notes. */
import type { ChatMessage } from '../llm/types.js';
import { join, numberedNotes, type PromptNote } from './sections.js';

export interface ConcludePromptInput {
  question: string;
  /** English name of the answer language, e.g. "Chinese". */
  language: string;
  notes: readonly PromptNote[];
  /** Why browsing stopped early, when it did (time limit, interrupted...). */
  incomplete?: string;
}

function instructions(language: string): string {
  return join(
    'You write the final answer of a web research run. You get the question and numbered notes taken on web pages.',
    [
      'Rules:',
      '1. Use only the notes. Add nothing from your own knowledge. If the notes do not answer the question, or answer only part of it, say so plainly.',
      '2. Start with the direct answer in one to three sentences, then give the supporting details as short paragraphs or bullet points.',
      '3. After every claim, cite the notes it comes from by number in square brackets, like [2] or [1][3]. Cite only numbers that exist in the notes.',
      '   A note marked (unverified) quotes words that are not on its page: do not rest a claim on it alone; if you use it, say that it is unconfirmed.',
      '4. Do not write a list of sources at the end; it is added for you.',
      `5. Write the whole answer in ${language}.`,
    ].join('\n'),
  );
}

export function concludePrompt(input: ConcludePromptInput): ChatMessage[] {
  return [
    { role: 'system', content: instructions(input.language) },
    {
      role: 'user',
      content: join(
        `Question: ${input.question}`,
        input.notes.length > 0 ? `Notes:\n${numberedNotes(input.notes)}` : 'Notes: (none: nothing useful was found)',
        input.incomplete ? `Browsing stopped early: ${input.incomplete}. Answer from the notes you have.` : '',
        `Write the answer in ${input.language}.`,
      ),
    },
  ];
}
