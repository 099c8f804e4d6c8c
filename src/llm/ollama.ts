/** Ollama through the official `ollama` npm client. */
import { Ollama } from 'ollama';
import type { Config } from '../config.js';
import { messageOf, ScoutError } from '../errors.js';
import type { HealthCheck } from '../health.js';
import type { ChatMessage, ChatOptions, ChatResult, Llm } from './types.js';

export const OLLAMA_START_HINT = 'start it: `ollama serve` or `docker compose --profile ollama up -d`';

/** Ollama names a model "name:tag"; a bare name means ":latest". */
export function sameModel(a: string, b: string): boolean {
  const norm = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return norm(a) === norm(b);
}

export function createOllama(config: Config, baseUrl: string): Llm {
  const client = new Ollama({ host: baseUrl });
  return {
    provider: 'ollama',
    model: config.model,
    baseUrl,
    contextTokens: config.ctx,

    async chat(messages: ChatMessage[], options: ChatOptions = {}): Promise<ChatResult> {
      const started = Date.now();
      try {
        const response = await client.chat({
          model: config.model,
          messages,
          stream: false,
          options: { temperature: options.temperature, num_predict: options.maxTokens, num_ctx: config.ctx },
        });
        return {
          text: response.message.content,
          thinking: response.message.thinking ?? '',
          usage: { promptTokens: response.prompt_eval_count, completionTokens: response.eval_count, estimated: false },
          ms: Date.now() - started,
          retries: 0,
        };
      } catch (error) {
        throw new ScoutError('LLM_UNREACHABLE', `Ollama is not answering at ${baseUrl}: ${messageOf(error)}`, OLLAMA_START_HINT);
      }
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
