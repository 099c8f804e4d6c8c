/** The one factory that turns a Config into an Llm. */
import { llmBaseUrl, type Config } from '../config.js';
import { createOllama } from './ollama.js';
import { createOpenAi } from './openai.js';
import type { Llm, LlmOptions } from './types.js';

export function createLlm(config: Config, options: LlmOptions = {}): Llm {
  const baseUrl = llmBaseUrl(config);
  return config.provider === 'ollama' ? createOllama(config, baseUrl, options) : createOpenAi(config, baseUrl, options);
}

export type { ChatMessage, ChatOptions, ChatResult, Llm, LlmOptions, Usage } from './types.js';
