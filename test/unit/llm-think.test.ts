/**
 * Thinking control through the real `ollama` and `openai` clients against the
 * loopback LLM double: what each request carries with --think off and on, and
 * the one warning for a model that thinks although it was switched off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, type Config } from '../../src/config.js';
import { createLlm } from '../../src/llm/index.js';
import { lowestReasoningEffort, openAiThinkFields, takesSoftSwitch, withSoftSwitch } from '../../src/llm/think-control.js';
import type { TraceEvent } from '../../src/trace.js';
import { startLlmDouble, type LlmDouble, type LlmDoubleOptions } from '../support/llm-double.js';

let double: LlmDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function setup(provider: 'ollama' | 'openai', options: LlmDoubleOptions, config: Partial<Config> = {}) {
  double = await startLlmDouble({ models: [config.model ?? DEFAULTS.model], ...options });
  const events: TraceEvent[] = [];
  const warnings: string[] = [];
  const llmUrl = provider === 'ollama' ? double.url : `${double.url}/v1`;
  const llm = createLlm({ ...DEFAULTS, provider, llmUrl, ...config }, { tracer: (e) => events.push(e), onWarning: (m) => warnings.push(m) });
  return { llm, events, warnings, double };
}

const ask = [{ role: 'system' as const, content: 'You read web pages.' }, { role: 'user' as const, content: 'How tall is the Lakhta Center?' }];
const shows = (d: LlmDouble) => d.requests.filter((r) => r.path === '/api/show').length;

/**
 * A Qwen3 build that ignores think: false / enable_thinking: false and thinks in
 * its content anyway, as reported for qwen3:8b on Ollama (ollama/ollama-python#576,
 * "think flag has no effect when using qwen3:8b"), for a Qwen3-14B GGUF on Ollama
 * (agentscope-ai/agentscope#1099: "When enable_thinking is set to False, the model
 * still outputs <think> content") and for a Qwen3-8B on vLLM
 * (PrimeIntellect-ai/verifiers#538: enable_thinking False returned "<think>\nOkay, the user greeted me...").
 */
const thinksAnyway = (answer: string) => `<think>\nOkay, the user is asking how tall the Lakhta Center is. The page says 462 metres. Let me write the note.\n</think>\n\n${answer}`;
/** What the switch gives when it works: an empty block, then the answer (QwenLM/Qwen-Agent#542; Qwen3 model card example). */
const emptyBlock = (answer: string) => `<think>\n\n</think>\n\n${answer}`;

describe('ollama: the think field', () => {
  it('sends think: false on every call by default, with the /no_think soft switch for qwen3, and asks no /api/show', async () => {
    const { llm, double } = await setup('ollama', { script: [emptyBlock('462 m.'), emptyBlock('2019.')] });
    expect(await llm.chat(ask)).toMatchObject({ text: '462 m.', thinking: '' });
    await llm.chat(ask, { onToken: () => {} });
    for (const chat of double.chats()) {
      expect(chat.body.think).toBe(false);
      expect(chat.messages.at(-1)!.content).toBe('How tall is the Lakhta Center?\n/no_think');
      expect(chat.messages[0]!.content).toBe('You read web pages.');
    }
    expect(shows(double)).toBe(0);
  });

  it('sends think: false but no soft switch to a model that does not take it', async () => {
    const { llm, double } = await setup('ollama', { script: ['462 m.'], capabilities: ['completion'] }, { model: 'llama3.2:3b' });
    await llm.chat(ask);
    expect(double.chats()[0]!.body.think).toBe(false);
    expect(double.chats()[0]!.messages).toEqual(ask);
  });

  it('with --think on, sends think: true to a model whose /api/show lists "thinking", asking /api/show once', async () => {
    const { llm, double, events, warnings } = await setup('ollama', { script: [{ text: '462 m.', thinking: 'The page says 462.' }, '2019.', '2019.'] }, { think: 'on' });
    expect(await llm.chat(ask)).toMatchObject({ text: '462 m.', thinking: 'The page says 462.' });
    await llm.chat(ask, { onToken: () => {} });
    await llm.chat(ask);
    expect(double.chats().map((c) => c.body.think)).toEqual([true, true, true]);
    expect(double.chats()[0]!.messages).toEqual(ask);
    expect(shows(double)).toBe(1);
    expect(events[0]).toMatchObject({ type: 'llm', think: true, thinking: 'The page says 462.' });
    expect(warnings).toEqual([]);
  });

  it('with --think on, sends no think: true to a model without the capability (Ollama would answer 400), and says so once', async () => {
    const { llm, double, warnings } = await setup('ollama', { script: ['462 m.', '2019.'], capabilities: ['completion', 'tools'] }, { model: 'llama3.2:3b', think: 'on' });
    expect((await llm.chat(ask)).text).toBe('462 m.');
    expect((await llm.chat(ask)).text).toBe('2019.');
    for (const chat of double.chats()) expect(chat.body).not.toHaveProperty('think');
    expect(shows(double)).toBe(1);
    expect(warnings).toEqual([expect.stringMatching(/^--think on: llama3\.2:3b does not list the capability "thinking"/)]);
  });

  it('with --think on, sends no think: true when /api/show fails or lists no capabilities (an older server)', async () => {
    const failing = await setup('ollama', { script: ['462 m.'], showStatus: 500 }, { think: 'on' });
    expect((await failing.llm.chat(ask)).text).toBe('462 m.');
    expect(failing.double.chats()[0]!.body).not.toHaveProperty('think');
    await failing.double.close();
    const older = await setup('ollama', { script: ['462 m.'], capabilities: null }, { think: 'on' });
    expect((await older.llm.chat(ask)).text).toBe('462 m.');
    expect(older.double.chats()[0]!.body).not.toHaveProperty('think');
  });
});

describe('openai-compatible: the switch-off fields', () => {
  it('sends chat_template_kwargs.enable_thinking: false and the soft switch to a local server, streaming or not', async () => {
    const { llm, double } = await setup('openai', { script: ['462 m.', '2019.'] });
    await llm.chat(ask);
    await llm.chat(ask, { onToken: () => {} });
    for (const chat of double.chats()) {
      expect(chat.body.chat_template_kwargs).toEqual({ enable_thinking: false });
      expect(chat.body).not.toHaveProperty('reasoning_effort');
      expect(chat.messages.at(-1)!.content).toBe('How tall is the Lakhta Center?\n/no_think');
    }
  });

  it('with --think on, sends no switch-off field and no soft switch', async () => {
    const { llm, double } = await setup('openai', { script: ['462 m.'] }, { think: 'on' });
    await llm.chat(ask);
    const body = double.chats()[0]!.body;
    expect(body).not.toHaveProperty('chat_template_kwargs');
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(double.chats()[0]!.messages).toEqual(ask);
  });

  it("sends OpenAI's own API the lowest reasoning_effort a reasoning model takes, and no chat_template_kwargs", () => {
    const openai = 'https://api.openai.com/v1';
    expect(openAiThinkFields('off', 'o4-mini', openai)).toEqual({ reasoning_effort: 'low' });
    expect(openAiThinkFields('off', 'gpt-5-mini', openai)).toEqual({ reasoning_effort: 'minimal' });
    expect(openAiThinkFields('off', 'gpt-4o', openai)).toEqual({});
    expect(openAiThinkFields('on', 'o3', openai)).toEqual({});
    expect(openAiThinkFields('off', 'gpt-5', 'https://my-resource.openai.azure.com/openai/v1')).toEqual({ reasoning_effort: 'minimal' });
    expect(openAiThinkFields('off', 'gpt-5', 'http://127.0.0.1:8000/v1')).toEqual({ chat_template_kwargs: { enable_thinking: false } });
    const efforts = ['o1', 'o3-mini', 'o1-mini', 'o1-preview', 'gpt-5', 'gpt-5-nano-2025-08-07', 'gpt-5.1', 'gpt-5.2', 'gpt-5.1-codex', 'gpt-5-pro', 'gpt-5-chat-latest', 'gpt-4.1'].map(lowestReasoningEffort);
    expect(efforts).toEqual(['low', 'low', undefined, undefined, 'minimal', 'minimal', 'none', 'none', 'low', undefined, undefined, undefined]);
  });
});

describe('the Qwen3 soft switch', () => {
  it('is for Qwen3 hybrid models only, not for Qwen3.5 and later or single-mode variants', () => {
    const takes = ['qwen3:8b', 'qwen3', 'Qwen/Qwen3-8B', 'hf.co/unsloth/Qwen3-14B-GGUF:Q4_K_M', 'qwen3:30b-a3b'];
    const not = ['qwen3.5:9b', 'qwen3.6:27b', 'qwen3:4b-instruct-2507-q4_K_M', 'qwen3:4b-thinking-2507', 'qwen3-coder:30b', 'qwen3-vl:8b', 'qwq:32b', 'qwen2.5:7b', 'llama3.2:3b'];
    expect(takes.filter(takesSoftSwitch)).toEqual(takes);
    expect(not.filter(takesSoftSwitch)).toEqual([]);
  });

  it('ends the last user message, or the system message when there is none', () => {
    const turns = [{ role: 'system' as const, content: 'S' }, { role: 'user' as const, content: 'U1' }, { role: 'assistant' as const, content: 'A' }, { role: 'user' as const, content: 'U2' }];
    expect(withSoftSwitch(turns).map((m) => m.content)).toEqual(['S', 'U1', 'A', 'U2\n/no_think']);
    expect(withSoftSwitch([{ role: 'system', content: 'S' }])).toEqual([{ role: 'system', content: 'S\n/no_think' }]);
  });
});

describe('a model that thinks although thinking was switched off', () => {
  it('ollama: warns once per run, keeps the thinking out of the text and in the trace', async () => {
    const { llm, events, warnings } = await setup('ollama', { script: [thinksAnyway('Note: 462 m.'), thinksAnyway('Note: 2019.'), { text: 'Done.', thinking: 'Separate field.' }] });
    const tokens: string[] = [];
    expect(await llm.chat(ask)).toMatchObject({ text: 'Note: 462 m.', thinking: expect.stringContaining('The page says 462 metres') });
    expect((await llm.chat(ask, { onToken: (t) => tokens.push(t) })).text).toBe('Note: 2019.');
    expect(tokens.join('').trim()).toBe('Note: 2019.');
    expect((await llm.chat(ask)).thinking).toBe('Separate field.');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^qwen3:8b thinks although scout sent think: false: .*`ollama show qwen3:8b`/);
    expect(events.map((e) => e.thinking)).toEqual([expect.stringContaining('Let me write the note'), expect.stringContaining('Let me write the note'), 'Separate field.']);
  });

  it('openai-compatible: warns once, for a <think> block or reasoning_content', async () => {
    const { llm, warnings } = await setup('openai', { script: [thinksAnyway('462 m.'), { text: '2019.', thinking: 'Okay, the user asks when.' }] });
    expect((await llm.chat(ask)).text).toBe('462 m.');
    expect((await llm.chat(ask, { onToken: () => {} })).text).toBe('2019.');
    expect(warnings).toEqual([expect.stringMatching(/^qwen3:8b thinks although scout asked the server not to .*enable_thinking/)]);
  });

  it('does not warn for the empty block a switched-off Qwen3 still writes, nor when thinking is on', async () => {
    const off = await setup('ollama', { script: [emptyBlock('462 m.')] });
    await off.llm.chat(ask);
    expect(off.warnings).toEqual([]);
    await off.double.close();
    const on = await setup('ollama', { script: [thinksAnyway('462 m.')] }, { think: 'on' });
    expect((await on.llm.chat(ask)).text).toBe('462 m.');
    expect(on.warnings).toEqual([]);
  });
});
