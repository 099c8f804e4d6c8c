/**
 * The network and page-error logs of the browser tool: fixed-size ring buffers
 * (the oldest entries fall off), read newest-first with a filter and a limit.
 */

export const MAX_REQUESTS = 500;
export const MAX_ERRORS = 200;
export const DEFAULT_LOG_LIMIT = 50;

export interface RequestEntry {
  tab: string;
  method: string;
  url: string;
  resourceType: string;
  /** HTTP status once the response arrived. */
  status?: number;
  /** Chrome's error text when the request failed (net::ERR_...). */
  failure?: string;
  at: number;
}

export interface ErrorEntry {
  tab: string;
  /** An uncaught exception in the page, or a console.error message. */
  kind: 'exception' | 'console';
  message: string;
  /** The page's URL when it happened. */
  url: string;
  at: number;
}

export class RingBuffer<T> {
  private items: T[] = [];
  /** Entries ever pushed, including those that fell off. */
  private pushed = 0;

  constructor(readonly capacity: number) {}

  push(item: T): void {
    this.items.push(item);
    this.pushed += 1;
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
  }

  /** Oldest first. */
  all(): readonly T[] {
    return this.items;
  }

  get dropped(): number {
    return this.pushed - this.items.length;
  }

  /** Empty the buffer, or remove only the entries `which` picks (those that fell off stay counted). */
  clear(which?: (item: T) => boolean): void {
    if (!which) {
      this.items = [];
      this.pushed = 0;
      return;
    }
    const kept = this.items.filter((item) => !which(item));
    this.pushed -= this.items.length - kept.length;
    this.items = kept;
  }
}

export interface LogQuery {
  /** Only this tab's entries (and `clear` empties only them). */
  tab?: string;
  /** Case-insensitive substring of the entry's searchable text (URL and resource type for requests). */
  filter?: string;
  /** How many of the newest matching entries to return. */
  limit?: number;
  /** Empty the log after reading it. */
  clear?: boolean;
}

export interface LogPage<T> {
  /** Entries in the buffer matching the filter. */
  total: number;
  returned: number;
  /** Entries that fell off the buffer since it was last cleared. */
  dropped: number;
  /** Newest last, so they read in order. */
  entries: T[];
}

export function readLog<T extends { tab: string }>(buffer: RingBuffer<T>, haystack: (entry: T) => string, query: LogQuery): LogPage<T> {
  const needle = query.filter?.toLowerCase();
  const ofTab = (entry: T) => query.tab === undefined || entry.tab === query.tab;
  const matching = buffer.all().filter((entry) => ofTab(entry) && (!needle || haystack(entry).toLowerCase().includes(needle)));
  const limit = query.limit ?? DEFAULT_LOG_LIMIT;
  const entries = matching.slice(Math.max(0, matching.length - limit));
  const page = { total: matching.length, returned: entries.length, dropped: buffer.dropped, entries: [...entries] };
  if (query.clear) buffer.clear(query.tab === undefined ? undefined : ofTab);
  return page;
}

export const requestHaystack = (entry: RequestEntry): string => `${entry.url}\n${entry.resourceType}`;
export const errorHaystack = (entry: ErrorEntry): string => `${entry.message}\n${entry.url}\n${entry.kind}`;

export interface BrowserLogs {
  requests: RingBuffer<RequestEntry>;
  errors: RingBuffer<ErrorEntry>;
}

export function createLogs(): BrowserLogs {
  return { requests: new RingBuffer(MAX_REQUESTS), errors: new RingBuffer(MAX_ERRORS) };
}
