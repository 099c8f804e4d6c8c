/**
 * The scripted research run of the model-time bench: a question answered two
 * links deep (an overview page, then the page it links to), with a long visitor
 * guide (about 4,500 tokens, nothing about the question) as the first search
 * result. The guide's snippet looks relevant, as a real guide's would, so it is
 * read in every configuration and costs what a long irrelevant page costs.
 */
import { agentScript, currentPage, linkNumber } from '../test/support/agent-script.js';
import type { LlmRequest, Script } from '../test/support/llm-double.js';
import type { HarnessResult } from './support.js';

export const QUESTION = 'What is the tallest building in Europe, and when was it completed?';

export const RESULTS: HarnessResult[] = [
  {
    path: '/research/visitor-guide.html',
    title: 'Saint Petersburg visitor guide: the city of Europe’s tallest building',
    snippet: 'Plan your visit to the city of Europe’s tallest building: getting around, tickets, opening hours, food and day trips.',
  },
  {
    path: '/research/towers.html',
    title: 'European skyscrapers overview',
    snippet: 'Europe has dozens of skyscrapers taller than 200 metres. Most of them stand in Moscow, London, Frankfurt and Saint Petersburg.',
  },
  { path: '/research/history.html', title: 'A history of tall buildings', snippet: 'Cathedrals held the height record for centuries.' },
  { path: '/research/about.html', title: 'About this site', snippet: 'This fixture site is maintained for tests.' },
];

const nothingHere = (what: string) => `Error: ${what} says nothing about the tallest building in Europe or when it was completed.\nAction: GO_BACK`;

/** A model that reads the way the question needs: back from the guide, on from the overview, stop at the answer. */
export function worldScript(): Script {
  return agentScript({
    search: 'search: tallest building in Europe',
    pages: {
      '/research/visitor-guide.html': nothingHere('The visitor guide covers transport, tickets, food and day trips but'),
      '/research/history.html': nothingHere('This page on older buildings'),
      '/research/about.html': nothingHere('The about page'),
      '/research/towers.html': (req: LlmRequest) =>
        `Note: On ${currentPage(req)}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
      '/research/lakhta.html': (req: LlmRequest) =>
        `Note: On ${currentPage(req)}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe, and was completed in 2019. "is 462 metres tall, which makes it the tallest building in Europe" "completed in 2019"\nAction: REQUEST_EXIT`,
    },
    conclude: 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2]. It was completed in 2019 [2].',
  });
}
