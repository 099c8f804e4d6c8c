/** A question that needs no web search (stoppedBy: no_search_needed) is answered directly. */
import type { ChatMessage } from '../llm/types.js';
import { isoDate, join } from './sections.js';

export interface DirectPromptInput {
  question: string;
  language: string;
  today: Date;
}

export function directPrompt(input: DirectPromptInput): ChatMessage[] {
  return [
    {
      role: 'system',
      content: join(
        'You answer a question that needs no web search: arithmetic, a greeting, or a task on text the person gave. Answer briefly and exactly.',
        `Write the whole answer in ${input.language}.`,
      ),
    },
    { role: 'user', content: `Today is ${isoDate(input.today)}.\nQuestion: ${input.question}` },
  ];
}
