/** The one factory that turns a Config into an Llm. */
import { llmBaseUrl, type Config } from '../config.js';
import { createOllama } from './ollama.js';
import { createOpenAi } from './openai.js';
import type { Llm } from './types.js';

export function createLlm(config: Config): Llm {
  const baseUrl = llmBaseUrl(config);
  return config.provider === 'ollama' ? createOllama(config, baseUrl) : createOpenAi(config, baseUrl);
}
