/**
 * One chat call, provider-neutral: per-try timeout, cancellation, our retries,
 * think-block handling, usage (measured or estimated) and the trace event.
 * A provider supplies only `send` (one HTTP try) and `classify` (its errors).
 */
import type { Provider } from '../config.js';
import { noTrace, type Tracer } from '../trace.js';
import { retryDelay, type RetryPolicy } from '../util/retry.js';
import { sleep } from '../util/timing.js';
import { isRetryable, toScoutError, type FailureContext, type LlmFailure } from './errors.js';
import { splitThink, ThinkFilter } from './think.js';
import { estimateMessagesTokens, estimateTokens } from './tokens.js';
import type { ChatMessage, ChatOptions, ChatResult } from './types.js';

/** One try, as the runner hands it to a provider. */
export interface Attempt {
  signal: AbortSignal;
  stream: boolean;
  /** Streamed answer text as it arrives (may contain <think> tags). */
  onContent(piece: string): void;
}

/** What a provider got back; missing counts are estimated. */
export interface RawReply {
  content: string;
  thinking: string;
  promptTokens?: number;
  completionTokens?: number;
}

export interface Transport {
  provider: Provider;
  model: string;
  baseUrl: string;
  timeoutMs: number;
  hasKey: boolean;
  send(messages: ChatMessage[], options: ChatOptions, attempt: Attempt): Promise<RawReply>;
  classify(error: unknown): LlmFailure;
}

export interface RunOptions {
  tracer?: Tracer;
  retry?: RetryPolicy;
  /** Provider-specific fields for the trace event (e.g. num_ctx). */
  traceFields?: Record<string, unknown>;
}

/**
 * Our own retry schedule (the SDKs' retries are off): 3 tries, 1 s then 2 s
 * apart, and a server's Retry-After honoured up to 30 s.
 */
export const DEFAULT_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 1000, maxDelayMs: 8000, maxRetryAfterMs: 30_000 };

class TimedOut extends Error {}

/**
 * A server that counts far fewer prompt tokens than were sent has cut the prompt
 * (Ollama does so silently when the prompt exceeds its context): the model then
 * answered from a cut page.
 */
export function promptTruncation(estimatedTokens: number, countedTokens: number): ChatResult['promptCut'] {
  return countedTokens < estimatedTokens * 0.6 && estimatedTokens - countedTokens > 256 ? { estimatedTokens, countedTokens } : undefined;
}

export async function runChat(transport: Transport, messages: ChatMessage[], options: ChatOptions, run: RunOptions = {}): Promise<ChatResult> {
  const tracer = run.tracer ?? noTrace;
  const policy = run.retry ?? DEFAULT_RETRY;
  const started = performance.now();
  const promptChars = messages.reduce((sum, m) => sum + m.content.length, 0);
  const base = { type: 'llm', provider: transport.provider, model: transport.model, promptChars, ...run.traceFields };
  const elapsed = () => Math.round(performance.now() - started);

  for (let tries = 1; ; tries++) {
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(new TimedOut()), transport.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timer.signal]) : timer.signal;
    const filter = new ThinkFilter();
    let emitted = false;
    const emit = (visible: string) => {
      if (visible === '' || !options.onToken) return;
      emitted = true;
      options.onToken(visible);
    };
    try {
      const raw = await transport.send(messages, options, { signal, stream: options.onToken !== undefined, onContent: (piece) => emit(filter.push(piece)) });
      // A stream cut by an abort may end quietly instead of throwing.
      signal.throwIfAborted();
      emit(filter.end());
      const split = splitThink(raw.content);
      const thinking = [raw.thinking.trim(), split.thinking].filter(Boolean).join('\n\n');
      const usage = {
        promptTokens: raw.promptTokens ?? estimateMessagesTokens(messages),
        completionTokens: raw.completionTokens ?? estimateTokens(raw.content + raw.thinking),
        estimated: raw.promptTokens === undefined || raw.completionTokens === undefined,
      };
      const promptCut = raw.promptTokens === undefined ? undefined : promptTruncation(estimateMessagesTokens(messages), raw.promptTokens);
      const result: ChatResult = { text: split.text, thinking, usage, ms: elapsed(), retries: tries - 1, ...(promptCut ? { promptCut } : {}) };
      tracer({ ...base, ...usage, ms: result.ms, retries: result.retries, ...(thinking ? { thinking } : {}), ...(promptCut ? { promptCut } : {}) });
      return result;
    } catch (error) {
      const failure: LlmFailure = options.signal?.aborted
        ? { kind: 'aborted', detail: 'cancelled' }
        : timer.signal.aborted
          ? { kind: 'timeout', detail: `${transport.timeoutMs} ms` }
          : transport.classify(error);
      const wait = isRetryable(failure) && !emitted ? retryDelay(tries + 1, failure.retryAfterMs, policy) : undefined;
      if (wait === undefined) {
        const ctx: FailureContext = { ...transport, tries };
        const scoutError = toScoutError(failure, ctx, error);
        tracer({ ...base, ms: elapsed(), retries: tries - 1, error: scoutError.code, message: scoutError.message });
        throw scoutError;
      }
      try {
        await sleep(wait, options.signal);
      } catch (abortReason) {
        tracer({ ...base, ms: elapsed(), retries: tries, error: 'INTERRUPTED' });
        throw toScoutError({ kind: 'aborted', detail: 'cancelled' }, { ...transport, tries }, abortReason);
      }
    } finally {
      clearTimeout(timeout);
    }
  }
}
