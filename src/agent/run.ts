/**
 * The state one research run shares between its phases: what was learnt
 * (notes, visited pages, frontier), the counted LLM calls, and when to stop browsing.
 */
import type { ChatMessage, ChatResult } from '../llm/types.js';
import { followUpQuestion } from '../prompts/search.js';
import { Frontier } from './frontier.js';
import { redactor } from './secrets.js';
import type { Note, ResearchDeps, ResearchEvent, ResearchOptions, Stats, StoppedBy, Visit } from './types.js';

/** Browsing stops on Ctrl-C or at the time limit; the conclusion stops only on a second Ctrl-C. */
export class BrowsingStop {
  /** Why browsing must stop; undefined while it may go on. */
  reason: StoppedBy | undefined;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onInterrupt = () => this.stop('interrupted');

  constructor(
    private readonly interrupt: AbortSignal,
    timeLimitMs: number | undefined,
  ) {
    if (interrupt.aborted) this.onInterrupt();
    interrupt.addEventListener('abort', this.onInterrupt);
    this.timer = timeLimitMs ? setTimeout(() => this.stop('time_limit'), timeLimitMs) : undefined;
  }

  /** Aborted as browsing stops: cancels a page load, a search or a round's LLM call. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.interrupt.removeEventListener('abort', this.onInterrupt);
  }

  private stop(reason: StoppedBy): void {
    this.reason ??= reason;
    this.controller.abort(reason);
  }
}

export class Run {
  readonly stats: Stats = { llmCalls: 0, promptTokens: 0, completionTokens: 0, pages: 0, elapsedMs: 0 };
  readonly notes: Note[] = [];
  readonly visited: Visit[] = [];
  readonly frontier = new Frontier();
  readonly redact: (text: string) => string;
  /** The origin each secret belongs to, by name: what the form rules and the prompt may know of the secrets. */
  readonly secretOrigins: Readonly<Record<string, string>>;
  readonly stop: BrowsingStop;
  readonly started = Date.now();
  /** The last query searched. */
  query = '';
  /** Warnings raised inside chat calls, yielded at the next flush. */
  private readonly pending: string[] = [];
  private cutReported = false;

  /** The options, with a follow-up's question shown beside the earlier one (what every prompt reads). */
  readonly options: ResearchOptions;
  /** The question as the person asked it, for the result. */
  readonly asked: string;

  constructor(
    readonly deps: ResearchDeps,
    options: ResearchOptions,
  ) {
    const { earlier } = options;
    this.asked = options.question;
    this.options = earlier ? { ...options, question: followUpQuestion(options.question, earlier.question) } : options;
    // The earlier run's notes come first and keep their numbers: the answer may cite them.
    if (earlier) this.notes.push(...earlier.notes);
    this.redact = redactor(options.secrets);
    this.secretOrigins = Object.fromEntries(Object.entries(options.secrets).map(([name, secret]) => [name, secret.origin]));
    this.stop = new BrowsingStop(options.interrupt, options.timeLimitMs);
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Every prompt is redacted as it leaves: a secret a page echoed back never reaches the model. */
  async chat(messages: ChatMessage[], signal: AbortSignal, onToken?: (token: string) => void): Promise<ChatResult> {
    const redacted = messages.map((m) => ({ ...m, content: this.redact(m.content) }));
    const result = await this.deps.llm.chat(redacted, { signal, onToken, temperature: 0.2 });
    if (result.promptCut && !this.cutReported) {
      this.cutReported = true;
      const { countedTokens, estimatedTokens } = result.promptCut;
      this.pending.push(`the LLM server counted ${countedTokens} prompt tokens of about ${estimatedTokens} sent: it cut the prompt, so the model answered from a cut page; raise the context with --ctx (e.g. --ctx 32768) and check the server's own context limit`);
    }
    this.stats.llmCalls++;
    this.stats.promptTokens += result.usage.promptTokens;
    this.stats.completionTokens += result.usage.completionTokens;
    return result;
  }

  *flush(): Generator<ResearchEvent> {
    for (const message of this.pending.splice(0)) yield { type: 'warning', message };
  }
}
