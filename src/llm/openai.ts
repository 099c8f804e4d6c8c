/** Any OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp, LM Studio, OpenRouter) through the `openai` client. */
import OpenAI from 'openai';
import type { Config } from '../config.js';
import { messageOf } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { parseRetryAfter } from '../util/retry.js';
import { runChat, type Attempt, type RawReply, type Transport } from './call.js';
import { networkFailure, otherFailure, type LlmFailure } from './errors.js';
import { messagesFor, once, openAiThinkFields, thoughtAnywayWarning } from './think-control.js';
import type { ChatMessage, ChatOptions, ChatResult, Llm, LlmOptions } from './types.js';

/** Reasoning text as vLLM / DeepSeek (`reasoning_content`) and OpenRouter (`reasoning`) send it. */
function reasoningOf(part: unknown): string {
  const p = part as { reasoning_content?: unknown; reasoning?: unknown } | undefined;
  if (typeof p?.reasoning_content === 'string') return p.reasoning_content;
  return typeof p?.reasoning === 'string' ? p.reasoning : '';
}

function classify(error: unknown): LlmFailure {
  if (error instanceof OpenAI.APIUserAbortError) return { kind: 'aborted', detail: 'cancelled' };
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout', detail: messageOf(error) };
  if (error instanceof OpenAI.APIConnectionError) return networkFailure(error.cause) ?? { kind: 'connect', detail: messageOf(error.cause ?? error) };
  if (error instanceof OpenAI.APIError) {
    return { kind: 'http', status: error.status, detail: messageOf(error).replace(/^\d{3} /, ''), retryAfterMs: parseRetryAfter(error.headers) };
  }
  return otherFailure(error);
}

export function createOpenAi(config: Config, baseUrl: string, options: LlmOptions = {}): Llm {
  const client = new OpenAI({
    baseURL: baseUrl,
    // Local servers accept any key; the SDK insists on one.
    apiKey: config.openaiApiKey ?? 'not-needed',
    // Our retries (DEFAULT_RETRY in src/llm/call.ts) are the only ones.
    maxRetries: 0,
    timeout: config.llmTimeoutMs,
  });

  // Fields the openai client passes through as they are (chat_template_kwargs is not in its types).
  const thinkFields = openAiThinkFields(config.think, config.model, baseUrl);
  const thoughtAnyway = once(options.onWarning);

  const transport: Transport = {
    provider: 'openai',
    model: config.model,
    baseUrl,
    timeoutMs: config.llmTimeoutMs,
    hasKey: config.openaiApiKey !== undefined,
    classify,
    async send(messages: ChatMessage[], chat: ChatOptions, attempt: Attempt): Promise<RawReply> {
      const request = {
        model: config.model,
        messages,
        ...thinkFields,
        ...(chat.temperature === undefined ? {} : { temperature: chat.temperature }),
        ...(chat.maxTokens === undefined ? {} : { max_tokens: chat.maxTokens }),
      };
      if (!attempt.stream) {
        const response = await client.chat.completions.create({ ...request, stream: false }, { signal: attempt.signal });
        const message = response.choices[0]?.message;
        return {
          content: message?.content ?? '',
          thinking: reasoningOf(message),
          promptTokens: response.usage?.prompt_tokens,
          completionTokens: response.usage?.completion_tokens,
        };
      }
      const reply: RawReply = { content: '', thinking: '' };
      const stream = await client.chat.completions.create({ ...request, stream: true, stream_options: { include_usage: true } }, { signal: attempt.signal });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        reply.thinking += reasoningOf(delta);
        if (delta?.content) {
          reply.content += delta.content;
          attempt.onContent(delta.content);
        }
        if (chunk.usage) {
          reply.promptTokens = chunk.usage.prompt_tokens;
          reply.completionTokens = chunk.usage.completion_tokens;
        }
      }
      return reply;
    },
  };

  return {
    provider: 'openai',
    model: config.model,
    baseUrl,
    contextTokens: config.ctx,

    async chat(messages: ChatMessage[], chat: ChatOptions = {}): Promise<ChatResult> {
      const result = await runChat(transport, messagesFor(config.think, config.model, messages), chat, options);
      if (config.think === 'off' && result.thinking) thoughtAnyway(thoughtAnywayWarning('openai', config.model));
      return result;
    },

    async check(signal?: AbortSignal): Promise<HealthCheck> {
      const name = `LLM (openai-compatible ${config.model})`;
      let ids: string[];
      try {
        ids = [];
        for await (const model of client.models.list({ signal })) ids.push(model.id);
      } catch (error) {
        if (error instanceof OpenAI.AuthenticationError) {
          return { name, ok: false, detail: `the server at ${baseUrl} rejected the API key`, hint: 'set a valid OPENAI_API_KEY' };
        }
        return { name, ok: false, detail: `no OpenAI-compatible server at ${baseUrl} (${messageOf(error)})`, hint: 'start your server or fix --llm-url / OPENAI_BASE_URL' };
      }
      if (!ids.includes(config.model)) {
        return { name, ok: false, detail: `model ${config.model} is not served at ${baseUrl}`, hint: `pick one of: ${ids.slice(0, 8).join(', ') || '(none listed)'}` };
      }
      return { name, ok: true, detail: `reachable at ${baseUrl}, model present` };
    },
  };
}
