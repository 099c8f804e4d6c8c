/** The one factory that turns a Config into an Llm. */
import { llmBaseUrl, type Config } from '../config.js';
import type { Llm, LlmOptions } from './types.js';

/**
 * Only the SDK of the provider in use is imported, and the import starts here
 * but is awaited by the first call: the other SDK would cost every run start-up
 * time for nothing.
 */
export function createLlm(config: Config, options: LlmOptions = {}): Llm {
  const baseUrl = llmBaseUrl(config);
  const loading: Promise<Llm> =
    config.provider === 'ollama'
      ? import('./ollama.js').then((m) => m.createOllama(config, baseUrl, options))
      : import('./openai.js').then((m) => m.createOpenAi(config, baseUrl, options));
  return {
    provider: config.provider,
    model: config.model,
    baseUrl,
    contextTokens: config.ctx,
    chat: async (messages, chat) => (await loading).chat(messages, chat),
    check: async (signal) => (await loading).check(signal),
  };
}

export type { ChatMessage, ChatOptions, ChatResult, Llm, LlmOptions, Usage } from './types.js';
