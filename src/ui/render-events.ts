/** Research events as progress lines on stderr. */
import type { ResearchEvent } from '../agent/types.js';
import type { Progress } from './progress.js';

function domain(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function renderEvent(progress: Progress, event: ResearchEvent, state: { notes: number }): void {
  switch (event.type) {
    case 'rewriting':
      return progress.step('rewriting the question into a search query');
    case 'query':
      return progress.step(`searching${event.attempt > 1 ? ` again (${event.attempt})` : ''}: ${event.query}`);
    case 'search':
      return progress.info(`${event.results} result${event.results === 1 ? '' : 's'} for "${event.query}"`);
    case 'page':
      return progress.step(`reading page ${event.n}/${event.of}: ${domain(event.url)}`);
    case 'visited':
      if (event.error) return progress.warn(`${domain(event.url)}: ${event.error}`);
      if (event.interstitial) return progress.warn(`${domain(event.url)}: ${event.interstitial}`);
      return;
    case 'note':
      state.notes++;
      return progress.info(`note from ${domain(event.url)} (${state.notes} note${state.notes === 1 ? '' : 's'}${event.support === 'unverified' ? '; not found on the page' : ''})`);
    case 'page_error':
      return progress.step(`nothing useful on ${domain(event.url)}`);
    case 'warning':
      return progress.warn(event.message);
    case 'concluding':
      return progress.step(event.notes > 0 ? `concluding from ${event.notes} note${event.notes === 1 ? '' : 's'}` : 'answering');
    case 'action':
      return;
  }
}
