/** The research run's inputs, events and result (the --json schema of DESIGN.md). */
import type { ResearchBrowser } from '../browser/types.js';
import type { Llm } from '../llm/types.js';
import type { SearchProvider } from '../search/types.js';
import type { Grounding } from './grounding.js';
import type { Language } from './language.js';

export type StoppedBy = 'answer_found' | 'links_exhausted' | 'page_limit' | 'time_limit' | 'interrupted' | 'no_search_needed';

export interface Note {
  url: string;
  title: string;
  text: string;
  /** Passages of the page that back the note, in the page's own words. */
  quotes: string[];
  /** Every quote the model wrote is on the page word for word (support is 'verified'). */
  verified: boolean;
  /** verified: quoted word for word; supported: its quotes align, or its content is on the page; unverified: neither. */
  support: Grounding;
  /** Why an unverified note could not be checked. */
  reason?: string;
  /** The PDF page its quote stands on. */
  page?: number;
}

/** A --secret: its value, and the origin (scheme://host[:port]) of the only site it is sent to. */
export interface BoundSecret {
  origin: string;
  value: string;
}

export interface Citation {
  n: number;
  url: string;
  quote: string;
  verified: boolean;
  support: Grounding;
  /** false when a sentence citing this note states a number or name the note does not hold. */
  supported: boolean;
}

export interface Source {
  n: number;
  url: string;
  title: string;
  /** Set when the cited note could not be checked against its page. */
  unverified?: true;
}

export interface Visit {
  url: string;
  status: number | null;
  ms: number;
  error?: string;
}

export interface Stats {
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  pages: number;
  elapsedMs: number;
}

export interface ResearchResult {
  question: string;
  query: string;
  language: string;
  answer: string;
  sources: Source[];
  citations: Citation[];
  notes: Note[];
  visited: Visit[];
  stoppedBy: StoppedBy;
  stats: Stats;
}

export type ResearchEvent =
  | { type: 'rewriting' }
  | { type: 'query'; query: string; attempt: number }
  | { type: 'search'; query: string; results: number }
  | { type: 'page'; n: number; of: number; url: string }
  | { type: 'visited'; url: string; status: number | null; ms: number; error?: string; interstitial?: string }
  | { type: 'note'; url: string; text: string; verified: boolean; support: Grounding }
  | { type: 'page_error'; url: string; text: string }
  | { type: 'action'; action: 'navigate' | 'back' | 'exit' | 'form' | 'more' | 'none'; target?: string }
  | { type: 'warning'; message: string }
  | { type: 'concluding'; notes: number; stoppedBy: StoppedBy };

/** What a follow-up keeps of the run before it. */
export interface EarlierRun {
  question: string;
  notes: readonly Note[];
}

/** The outside world of a research run. */
export interface ResearchDeps {
  llm: Llm;
  search: SearchProvider;
  /** Called once, as the run starts: Chromium starts while the model rewrites the question. */
  openBrowser: () => Promise<ResearchBrowser>;
}

export interface ResearchOptions {
  question: string;
  maxPages: number;
  maxResults: number;
  /** Milliseconds; undefined means no limit. */
  timeLimitMs?: number;
  /** Condense long pages for the question (--no-condense: false); default true. */
  condense?: boolean;
  /** --lang, else detected from the question. */
  language: Language;
  /** --secret values by name: filled into POST forms of their own site only, never shown to the model or written out. */
  secrets: Readonly<Record<string, BoundSecret>>;
  /** Aborted on the first Ctrl-C: stop browsing, still conclude. */
  interrupt: AbortSignal;
  /** Aborted on the second Ctrl-C: stop everything now. */
  hardStop: AbortSignal;
  /** The run this one follows up (-c): its notes come first, and its question is shown beside this one. */
  earlier?: EarlierRun;
  /** --url pages, read before any search result. */
  urls?: readonly string[];
  /** --site and --exclude-site host names, and --since. */
  sites?: readonly string[];
  excludeSites?: readonly string[];
  timeRange?: 'day' | 'week' | 'month' | 'year';
  /** Receives the answer as it streams (the CLI prints it on a terminal). */
  onAnswerToken?: (token: string) => void;
  now?: () => Date;
}
