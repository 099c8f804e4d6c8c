/** Any OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp, LM Studio, OpenRouter) through the `openai` client. */
import OpenAI from 'openai';
import type { Config } from '../config.js';
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import type { ChatMessage, ChatOptions, ChatResult, Llm } from './types.js';

export function createOpenAi(config: Config, baseUrl: string): Llm {
  const client = new OpenAI({
    baseURL: baseUrl,
    // Local servers accept any key; the SDK insists on one.
    apiKey: config.openaiApiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: config.llmTimeoutMs,
  });
  return {
    provider: 'openai',
    model: config.model,
    baseUrl,
    contextTokens: config.ctx,

    async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
      const started = Date.now();
      try {
        const response = await client.chat.completions.create(
          { model: config.model, messages, temperature: options.temperature, max_tokens: options.maxTokens },
          { signal: options.signal },
        );
        return {
          text: response.choices[0]?.message.content ?? '',
          thinking: '',
          usage: {
            promptTokens: response.usage?.prompt_tokens ?? 0,
            completionTokens: response.usage?.completion_tokens ?? 0,
            estimated: response.usage === undefined,
          },
          ms: Date.now() - started,
          retries: 0,
        };
      } catch (error) {
        throw new ScoutError('LLM_UNREACHABLE', `the LLM server at ${baseUrl} failed: ${messageOf(error)}`, 'check --llm-url and OPENAI_API_KEY');
      }
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
