/**
 * A scripted model that charges model time the way a local server spends it,
 * from what it receives and what it generates. Built on the llm double's script
 * functions: it wraps an agent script, keeps a ledger of charges, and answers
 * with the token counts (and, for a reasoning model, the thinking) the charge
 * is made of.
 *
 * - Prefill: only the prompt tokens not shared with the previous request's
 *   prompt. llama.cpp and Ollama keep the last prompt's KV cache in the slot and
 *   evaluate only what follows the longest common prefix; the prompt is rendered
 *   with Qwen's ChatML template before comparing.
 * - Decode: the answer's tokens plus a reasoning model's thinking tokens.
 * - Thinking: a reasoning model thinks on every call unless the request switched
 *   it off: Ollama `think: false`, OpenAI-compatible `chat_template_kwargs:
 *   {enable_thinking: false}` or `reasoning_effort: "none"`, or Qwen3's
 *   `/no_think` in the prompt. A plain model never thinks.
 * - Reload: an Ollama request whose options.num_ctx differs from the previous
 *   one reloads the model (load time, and the prompt cache is lost). The model
 *   is taken as loaded before the first call.
 *
 * Tokens are counted one way for every configuration: scout's own estimate
 * (src/llm/tokens.ts: 4 characters a token for ASCII, 2 for other alphabets,
 * 1 for CJK); no tokenizer is installed here. Time is charged, not slept
 * (unless sleepScale > 0), so a bench can compute model-seconds in seconds.
 */
import { estimateTokens } from '../src/llm/tokens.js';
import { currentPage, promptKind, type PromptKind } from '../test/support/agent-script.js';
import type { LlmRequest, ReplySpec, Script } from '../test/support/llm-double.js';

export interface Profile {
  /** Prompt processing, tokens per second. */
  prefill: number;
  /** Generation, tokens per second. */
  decode: number;
  hardware: string;
  source: string;
}

/**
 * llama.cpp measurements of an 8B model at 4-bit (llama-bench pp = prefill, tg = generation).
 * cpu is a 7B Q4_0 figure: an 8B Q4_K_M file is about 20% larger, so a real 8B is a little slower still.
 */
export const PROFILES = {
  gpu: {
    prefill: 3170,
    decode: 112,
    hardware: 'RTX 3090 24GB, Llama 3 8B Q4_K_M (pp 4096 3169.91 t/s, tg 1024 111.74 t/s)',
    source: 'https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference (README, LLaMA 3 table)',
  },
  laptop: {
    prefill: 225,
    decode: 20.9,
    hardware: 'Apple M4 (the MacBook Air chip), Llama 3.1 8B Q4_K_M, llama.cpp Metal (pp512 224.81 t/s, tg128 20.87 t/s)',
    source: 'https://github.com/brand-o/normiebench/issues/3',
  },
  cpu: {
    prefill: 55,
    decode: 18.3,
    hardware: 'Intel i9-13900K, DDR5-6400, LLaMA 7B Q4_0 (pp 512 55.21 t/s at 32 threads, tg 128 18.27 t/s at 8 threads)',
    source: 'https://github.com/ggml-org/llama.cpp/issues/34 (comment by slaren, 2023-08-12)',
  },
} satisfies Record<string, Profile>;

export type ProfileName = keyof typeof PROFILES;

/**
 * Model load on a num_ctx change: Ollama's load_duration 3.1 s for qwen3:4b-instruct
 * (https://github.com/ollama/ollama/issues/12917, comment of 2025-11-03).
 */
export const RELOAD_SECONDS = 3.1;

/**
 * Thinking tokens a reasoning model spends on one call, by prompt. A judgement
 * over a context (is this page relevant, which link next, write the answer):
 * about 800 tokens for Qwen3 with /think on a rule evaluation
 * (https://www.singularitytool.com/blog/think-when-it-matters). A short prompt
 * (rewrite the question into a query): 225 tokens, qwen3.5:9b on "What is 2+2?"
 * (https://github.com/jaylfc/taosmd/pull/42, eval_count 225 thinking vs 9 with think: false).
 */
export const THINKING_TOKENS: Record<PromptKind, number> = { search: 225, newsearch: 225, navigate: 800, conclude: 800, direct: 800, unknown: 800 };

export type ModelKind = 'plain' | 'reasoning';

export interface Charge {
  kind: PromptKind;
  /** The page a navigation prompt shows. */
  page: string | undefined;
  promptTokens: number;
  /** Prompt tokens found in the server's cache (the prefix shared with the previous prompt). */
  cachedTokens: number;
  thinkingTokens: number;
  answerTokens: number;
  reload: boolean;
}

export function chargeSeconds(charge: Charge, profile: Profile): number {
  const prefill = (charge.promptTokens - charge.cachedTokens) / profile.prefill;
  const decode = (charge.thinkingTokens + charge.answerTokens) / profile.decode;
  return (charge.reload ? RELOAD_SECONDS : 0) + prefill + decode;
}

/** Whether the request switched a reasoning model's thinking off. */
export function thinkingOff(request: LlmRequest): boolean {
  const { body } = request;
  if (request.api === 'ollama' && body.think === false) return true;
  const kwargs = body.chat_template_kwargs as { enable_thinking?: unknown } | undefined;
  if (kwargs?.enable_thinking === false || body.reasoning_effort === 'none') return true;
  return request.messages.some((m) => m.content.includes('/no_think'));
}

/** The prompt as the server's chat template lays it out (Qwen's ChatML). */
export function rendered(request: LlmRequest): string {
  return request.messages.map((m) => `<|im_start|>${m.role}\n${m.content}<|im_end|>\n`).join('') + '<|im_start|>assistant\n';
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

const THOUGHT = 'Okay, let me work out what the question asks and what this prompt gives me to answer it with. ';

/** Thinking text of about `tokens` tokens. */
function thinkingText(tokens: number): string {
  return THOUGHT.repeat(Math.ceil((tokens * 4) / THOUGHT.length)).slice(0, tokens * 4).trim();
}

/** Where a reasoning model's thinking arrives: Ollama's field only when asked for with think: true, else inline. */
function withThinking(request: LlmRequest, reply: ReplySpec, thinking: string): ReplySpec {
  if (!thinking) return reply;
  if (request.api === 'openai' || request.body.think === true) return { ...reply, thinking };
  return { ...reply, text: `<think>\n${thinking}\n</think>\n\n${reply.text ?? ''}` };
}

export interface ChargedModel {
  script: Script;
  charges: Charge[];
}

/** Wrap an agent script: every chat is charged, recorded, and answered with its token counts. */
export function chargedModel(inner: Script, model: ModelKind, options: { sleepScale?: number; profile?: Profile } = {}): ChargedModel {
  const charges: Charge[] = [];
  let previousPrompt = '';
  let previousNumCtx: unknown;
  const script: Script = (request, index) => {
    const innerReply = typeof inner === 'function' ? inner(request, index) : inner[index];
    const reply: ReplySpec = typeof innerReply === 'string' ? { text: innerReply } : (innerReply ?? { status: 500, errorMessage: 'charged model: script exhausted' });
    if (reply.status) return reply;
    const prompt = rendered(request);
    const numCtx = (request.body.options as { num_ctx?: unknown } | undefined)?.num_ctx;
    const reload = request.api === 'ollama' && previousNumCtx !== undefined && numCtx !== previousNumCtx;
    const cached = reload ? 0 : commonPrefix(previousPrompt, prompt);
    previousPrompt = prompt;
    previousNumCtx = numCtx ?? previousNumCtx;
    const kind = promptKind(request);
    const thinkingTokens = model === 'reasoning' && !thinkingOff(request) ? THINKING_TOKENS[kind] : 0;
    const charge: Charge = {
      kind,
      page: currentPage(request),
      promptTokens: estimateTokens(prompt),
      cachedTokens: estimateTokens(prompt.slice(0, cached)),
      thinkingTokens,
      answerTokens: estimateTokens(reply.text ?? ''),
      reload,
    };
    charges.push(charge);
    const delayMs = options.sleepScale && options.profile ? chargeSeconds(charge, options.profile) * 1000 * options.sleepScale : 0;
    const answered = withThinking(request, reply, thinkingText(thinkingTokens));
    return { ...answered, promptTokens: charge.promptTokens, completionTokens: charge.answerTokens + thinkingTokens, delayMs: (reply.delayMs ?? 0) + delayMs };
  };
  return { script, charges };
}
