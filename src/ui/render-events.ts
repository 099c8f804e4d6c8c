/** Research events as progress lines on stderr. */
import type { ResearchEvent } from '../agent/types.js';
import type { Progress } from './progress.js';

/** A longer place is cut short: a progress line stays one line. */
const MAX_PLACE = 80;

const safeDecode = (path: string) => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/** Where a page is, for a progress line: its host and readable path (example.org/guide/europe), without scheme, query or fragment. */
export function place(url: string): string {
  let where: string;
  try {
    const { host, pathname } = new URL(url);
    const path = pathname.replace(/\/+$/, '');
    where = `${host}${safeDecode(path)}`;
  } catch {
    where = url;
  }
  return where.length > MAX_PLACE ? `${where.slice(0, MAX_PLACE - 1)}…` : where;
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
      return progress.step(`reading page ${event.n}/${event.of}: ${place(event.url)}`);
    case 'visited':
      if (event.error) return progress.warn(`${place(event.url)}: ${event.error}`);
      if (event.interstitial) return progress.warn(`${place(event.url)}: ${event.interstitial}`);
      return;
    case 'note':
      state.notes++;
      return progress.info(`note from ${place(event.url)} (${state.notes} note${state.notes === 1 ? '' : 's'}${event.support === 'unverified' ? '; not found on the page' : ''})`);
    case 'page_error':
      return progress.step(`nothing useful on ${place(event.url)}`);
    case 'warning':
      return progress.warn(event.message);
    case 'concluding':
      return progress.step(event.notes > 0 ? `concluding from ${event.notes} note${event.notes === 1 ? '' : 's'}` : 'answering');
    case 'action':
      return;
  }
}
