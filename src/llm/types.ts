/** The one interface scout uses to talk to a language model. */
import type { Provider } from '../config.js';
import type { HealthCheck } from '../health.js';
import type { Tracer } from '../trace.js';
import type { RetryPolicy } from '../util/retry.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatOptions {
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Called with each streamed piece of visible text (think blocks excluded). */
  onToken?: (token: string) => void;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** True when the server sent no usage and the figures are estimates. */
  estimated: boolean;
}

export interface ChatResult {
  /** The visible answer, with any <think> block removed. */
  text: string;
  /** A reasoning model's thinking, kept for the trace. */
  thinking: string;
  usage: Usage;
  ms: number;
  retries: number;
  /** Set when the server counted far fewer prompt tokens than were sent: it cut the prompt. */
  promptCut?: { estimatedTokens: number; countedTokens: number };
}

export interface Llm {
  readonly provider: Provider;
  readonly model: string;
  readonly baseUrl: string;
  /** Context window in tokens that prompts are budgeted against. */
  readonly contextTokens: number;
  chat(messages: ChatMessage[], options?: ChatOptions): Promise<ChatResult>;
  /** Reachable, and the model present. Never throws. */
  check(signal?: AbortSignal): Promise<HealthCheck>;
}

/** What the factory takes besides the Config. */
export interface LlmOptions {
  /** Receives one {type: 'llm'} event per call. */
  tracer?: Tracer;
  /** Override the retry schedule (tests use short waits). */
  retry?: RetryPolicy;
  /** Receives a warning for the person (a model that thinks although told not to), each kind once. */
  onWarning?: (message: string) => void;
}
