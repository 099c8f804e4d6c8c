/**
 * Thinking control: what a request carries to switch a reasoning model's
 * thinking off (or leave it on), per kind of server, and the warning for a model
 * that thinks although it was switched off. Pure functions, but for `once`.
 */
import type { Provider, ThinkMode } from '../config.js';
import type { ChatMessage } from './types.js';

/** Qwen3's soft switch, added to a user or system message (the Qwen3 model cards). */
export const NO_THINK = '/no_think';

/**
 * Qwen3's hybrid models (qwen3:8b, Qwen/Qwen3-8B, their GGUF builds) obey the
 * soft switch. Its later models do not: "Qwen3.5 does not officially support
 * the soft switch of Qwen3" (the Qwen3.5 model card), the 2507 Instruct and
 * Thinking models have one mode each, and Coder and VL document no switch.
 */
export function takesSoftSwitch(model: string): boolean {
  const name = model.toLowerCase();
  return /qwen3(?![.\d])/.test(name) && !/2507|instruct|thinking|coder|-vl/.test(name);
}

/**
 * The messages with the soft switch after the last user message ("the model
 * will follow the most recent instruction"), or after the system message when
 * there is no user message. The end of the prompt, so a cached prefix stays valid.
 */
export function withSoftSwitch(messages: readonly ChatMessage[]): ChatMessage[] {
  const roles = messages.map((m) => m.role);
  const at = roles.includes('user') ? roles.lastIndexOf('user') : roles.lastIndexOf('system');
  return messages.map((m, i) => (i === at ? { ...m, content: `${m.content}\n${NO_THINK}` } : m));
}

/** The messages as sent: with the soft switch when thinking is off and the model takes it. */
export function messagesFor(mode: ThinkMode, model: string, messages: ChatMessage[]): ChatMessage[] {
  return mode === 'off' && takesSoftSwitch(model) ? withSoftSwitch(messages) : messages;
}

/** OpenAI's own API (and Azure's) rejects fields it does not know, chat_template_kwargs among them. */
export function isOpenAiHosted(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname.toLowerCase();
    return host === 'api.openai.com' || host.endsWith('.openai.azure.com');
  } catch {
    return false;
  }
}

export type ReasoningEffort = 'none' | 'minimal' | 'low';

/**
 * The lowest reasoning_effort an OpenAI reasoning model accepts (OpenAI's API
 * reference): gpt-5.1 and later take "none" (no reasoning), gpt-5, -mini and
 * -nano "minimal", the o-series and other gpt-5 variants "low". Undefined for
 * models that take no reasoning_effort at all (o1-mini, o1-preview, chat
 * models) and for the -pro models (gpt-5-pro takes only "high"), which keep their default.
 */
export function lowestReasoningEffort(model: string): ReasoningEffort | undefined {
  const m = model.toLowerCase();
  if (/^o1-(mini|preview)|-pro\b|chat/.test(m)) return undefined;
  if (/^o[134](-|$)/.test(m)) return 'low';
  if (/^gpt-5(-mini|-nano)?(-\d{4}-\d{2}-\d{2})?$/.test(m)) return 'minimal';
  if (/^gpt-5\.\d+(-\d{4}-\d{2}-\d{2})?$/.test(m)) return 'none';
  return m.startsWith('gpt-5') ? 'low' : undefined;
}

/**
 * Fields of an OpenAI-compatible request that switch thinking off: the chat
 * template's enable_thinking (vLLM, SGLang, llama.cpp's server pass
 * chat_template_kwargs to the template), or on OpenAI's own API the lowest
 * reasoning_effort. Thinking on sends nothing: the server's default.
 */
export function openAiThinkFields(mode: ThinkMode, model: string, baseUrl: string): Record<string, unknown> {
  if (mode === 'on') return {};
  if (!isOpenAiHosted(baseUrl)) return { chat_template_kwargs: { enable_thinking: false } };
  const effort = lowestReasoningEffort(model);
  return effort === undefined ? {} : { reasoning_effort: effort };
}

/**
 * Ollama's `think` field: false when off; true when on and the model lists the
 * "thinking" capability (Ollama refuses think: true otherwise); left out when
 * on and the capability is not listed, so the model's template decides.
 */
export function ollamaThink(mode: ThinkMode, capabilities: readonly string[]): boolean | undefined {
  if (mode === 'off') return false;
  return capabilities.includes('thinking') ? true : undefined;
}

/** The warning for a model that thought although thinking was switched off. */
export function thoughtAnywayWarning(provider: Provider, model: string): string {
  const cost = 'every call takes longer';
  if (provider === 'ollama') {
    return `${model} thinks although scout sent think: false: this model build or its template ignores the switch, and ${cost}; use a tag whose template honours it (\`ollama show ${model}\` lists the capability "thinking"; pull the model again, or use a non-thinking tag such as an -instruct one)`;
  }
  return `${model} thinks although scout asked the server not to (chat_template_kwargs enable_thinking: false or reasoning_effort): the server's chat template ignores the switch, and ${cost}; serve the model with a template that reads enable_thinking (llama.cpp: --jinja), or use a non-thinking variant`;
}

/** The warning for --think on with a model that does not list the thinking capability. */
export function noThinkingCapabilityWarning(model: string): string {
  return `--think on: ${model} does not list the capability "thinking" (\`ollama show ${model}\`), so scout does not ask it to think; whether it thinks is up to its template`;
}

/** A warning that is given once per Llm, that is once per run. */
export function once(warn: ((message: string) => void) | undefined): (message: string) => void {
  let given = false;
  return (message) => {
    if (given || !warn) return;
    given = true;
    warn(message);
  };
}
