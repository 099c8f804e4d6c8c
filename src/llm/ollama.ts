/** Ollama through the official `ollama` npm client. */
import { Ollama } from 'ollama';
import type { Config } from '../config.js';
import { messageOf } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { parseRetryAfter } from '../util/retry.js';
import { checkPromptFits } from './budget.js';
import { runChat, type Attempt, type RawReply, type Transport } from './call.js';
import { HttpStatusError, OLLAMA_START_HINT, otherFailure, type LlmFailure } from './errors.js';
import { messagesFor, noThinkingCapabilityWarning, ollamaThink, once, thoughtAnywayWarning } from './think-control.js';
import { estimateMessagesTokens } from './tokens.js';
import type { ChatMessage, ChatOptions, ChatResult, Llm, LlmOptions } from './types.js';

export { OLLAMA_START_HINT };

/** How long Ollama keeps the model loaded after a call: longer than any pause between rounds. */
export const KEEP_ALIVE = '30m';

/** Ollama names a model "name:tag"; a bare name means ":latest". */
export function sameModel(a: string, b: string): boolean {
  const norm = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return norm(a) === norm(b);
}

/**
 * A fetch for the Ollama client that adds our per-try signal (its non-streaming
 * calls take none) and turns a non-2xx answer into HttpStatusError with the
 * Retry-After the client would otherwise drop.
 */
function fetchWithSignal(signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal });
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    let message = body.trim() || response.statusText;
    try {
      const parsed = JSON.parse(body) as { error?: unknown };
      if (typeof parsed.error === 'string') message = parsed.error;
    } catch {
      // Not JSON: keep the text.
    }
    throw new HttpStatusError(response.status, message.slice(0, 300), parseRetryAfter(response.headers));
  };
}

function classify(error: unknown): LlmFailure {
  if (error instanceof Error && /did not receive done/i.test(error.message)) return { kind: 'reset', detail: 'the stream ended early' };
  return otherFailure(error);
}

export function createOllama(config: Config, baseUrl: string, options: LlmOptions = {}): Llm {
  const client = new Ollama({ host: baseUrl });
  // One num_ctx for the whole run: Ollama reloads the model whenever num_ctx
  // changes. It is the context the prompts are budgeted against (page text fills
  // what the rest of a prompt leaves), so nothing smaller would hold every prompt;
  // a larger num_ctx costs memory when the model loads, not time per call.
  const num_ctx = config.ctx;
  const thoughtAnyway = once(options.onWarning);
  const noCapability = once(options.onWarning);
  let capabilities: Promise<readonly string[]> | undefined;

  /** The model's capabilities from /api/show, asked once; none when the server does not say. */
  const capabilitiesOf = (signal?: AbortSignal): Promise<readonly string[]> => {
    if (capabilities) return capabilities;
    const limit = AbortSignal.timeout(config.llmTimeoutMs);
    const show = new Ollama({ host: baseUrl, fetch: fetchWithSignal(signal ? AbortSignal.any([signal, limit]) : limit) });
    capabilities = show.show({ model: config.model }).then(
      (info) => info.capabilities ?? [],
      () => [],
    );
    return capabilities;
  };

  const transport = (think: boolean | undefined): Transport => ({
    provider: 'ollama',
    model: config.model,
    baseUrl,
    timeoutMs: config.llmTimeoutMs,
    hasKey: false,
    classify,
    async send(messages: ChatMessage[], chat: ChatOptions, attempt: Attempt): Promise<RawReply> {
      const perTry = new Ollama({ host: baseUrl, fetch: fetchWithSignal(attempt.signal) });
      const request = {
        model: config.model,
        messages,
        keep_alive: KEEP_ALIVE,
        ...(think === undefined ? {} : { think }),
        options: { num_ctx, ...(chat.temperature === undefined ? {} : { temperature: chat.temperature }), ...(chat.maxTokens === undefined ? {} : { num_predict: chat.maxTokens }) },
      };
      if (!attempt.stream) {
        const response = await perTry.chat({ ...request, stream: false });
        return { content: response.message.content, thinking: response.message.thinking ?? '', promptTokens: response.prompt_eval_count, completionTokens: response.eval_count };
      }
      const reply: RawReply = { content: '', thinking: '' };
      for await (const part of await perTry.chat({ ...request, stream: true })) {
        if (part.message.thinking) reply.thinking += part.message.thinking;
        if (part.message.content) {
          reply.content += part.message.content;
          attempt.onContent(part.message.content);
        }
        if (part.done) {
          reply.promptTokens = part.prompt_eval_count;
          reply.completionTokens = part.eval_count;
        }
      }
      return reply;
    },
  });

  return {
    provider: 'ollama',
    model: config.model,
    baseUrl,
    contextTokens: config.ctx,

    async chat(messages: ChatMessage[], chat: ChatOptions = {}): Promise<ChatResult> {
      const sent = messagesFor(config.think, config.model, messages);
      checkPromptFits(estimateMessagesTokens(sent), num_ctx);
      const think = ollamaThink(config.think, config.think === 'on' ? await capabilitiesOf(chat.signal) : []);
      if (config.think === 'on' && think === undefined) noCapability(noThinkingCapabilityWarning(config.model));
      const result = await runChat(transport(think), sent, chat, { ...options, traceFields: { numCtx: num_ctx, ...(think === undefined ? {} : { think }) } });
      if (config.think === 'off' && result.thinking) thoughtAnyway(thoughtAnywayWarning('ollama', config.model));
      return result;
    },

    async check(): Promise<HealthCheck> {
      const name = `LLM (ollama ${config.model})`;
      let models: string[];
      try {
        models = (await client.list()).models.map((m) => m.name);
      } catch (error) {
        return { name, ok: false, detail: `Ollama is not running at ${baseUrl} (${messageOf(error)})`, hint: OLLAMA_START_HINT };
      }
      if (!models.some((m) => sameModel(m, config.model))) {
        return { name, ok: false, detail: `model ${config.model} is not pulled on ${baseUrl}`, hint: `\`ollama pull ${config.model}\`` };
      }
      return { name, ok: true, detail: `reachable at ${baseUrl}, model present` };
    },
  };
}
