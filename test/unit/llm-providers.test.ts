/** Both providers through the real `ollama` and `openai` clients against the loopback LLM double. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, resolveConfig, type Config } from '../../src/config.js';
import { createLlm } from '../../src/llm/index.js';
import type { TraceEvent } from '../../src/trace.js';
import { startLlmDouble, type LlmDouble, type LlmDoubleOptions } from '../support/llm-double.js';

let double: LlmDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function setup(provider: 'ollama' | 'openai', options: LlmDoubleOptions, config: Partial<Config> = {}) {
  double = await startLlmDouble(options);
  const events: TraceEvent[] = [];
  const llmUrl = provider === 'ollama' ? double.url : `${double.url}/v1`;
  const llm = createLlm({ ...DEFAULTS, provider, llmUrl, ...config }, { tracer: (e) => events.push(e) });
  return { llm, events, double };
}

const ask = [{ role: 'system' as const, content: 'You are terse.' }, { role: 'user' as const, content: 'How tall is the tower?' }];
/** As sent to qwen3:8b with thinking off: Qwen3's soft switch ends the user message. */
const askSent = [ask[0], { role: 'user', content: 'How tall is the tower?\n/no_think' }];

describe('ollama provider', () => {
  it('chats without streaming, sending num_ctx, keep_alive, think: false and options, with the server usage', async () => {
    const { llm, events, double } = await setup('ollama', { script: [{ text: '330 m.', promptTokens: 123, completionTokens: 4 }] });
    const result = await llm.chat(ask, { temperature: 0.2, maxTokens: 500 });
    expect(result).toMatchObject({ text: '330 m.', thinking: '', usage: { promptTokens: 123, completionTokens: 4, estimated: false }, retries: 0 });
    const body = double.chats()[0]!.body;
    expect(body).toMatchObject({ model: 'qwen3:8b', stream: false, keep_alive: '30m', think: false, options: { num_ctx: 16384, temperature: 0.2, num_predict: 500 } });
    expect(double.chats()[0]!.messages).toEqual(askSent);
    expect(events).toEqual([
      { type: 'llm', provider: 'ollama', model: 'qwen3:8b', promptChars: 46, numCtx: 16384, think: false, promptTokens: 123, completionTokens: 4, estimated: false, ms: result.ms, retries: 0 },
    ]);
  });

  it('sends one num_ctx, the --ctx the prompts are budgeted against, on every call whatever its size (Ollama reloads the model when it changes)', async () => {
    const long = [{ role: 'user' as const, content: 'word '.repeat(8000) }];
    const { llm, double } = await setup('ollama', { script: ['a', 'b', 'c', 'd'] }, { ctx: 32768 });
    await llm.chat(ask);
    await llm.chat(long);
    await llm.chat(ask);
    const smaller = createLlm({ ...DEFAULTS, llmUrl: double.url, ctx: 12000 });
    await smaller.chat(ask);
    expect(double.chats().map((c) => (c.body.options as { num_ctx: number }).num_ctx)).toEqual([32768, 32768, 32768, 12000]);
  });

  it('refuses a prompt larger than --ctx before sending it', async () => {
    const { llm, double } = await setup('ollama', { script: ['never'] }, { ctx: 4096 });
    const error = await llm.chat([{ role: 'user', content: 'word '.repeat(4000) }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LLM_CONTEXT_TOO_SMALL', exitCode: 3, message: expect.stringMatching(/capped at 4096 \(--ctx\)/), hint: expect.stringContaining('--ctx') });
    expect(double.chats()).toHaveLength(0);
  });

  it('streams tokens, with the think block left out of the tokens and the text', async () => {
    const { llm, events, double } = await setup('ollama', { script: [{ text: '<think>The tower... 330?</think>It is 330 m tall.', chunkChars: 3 }] });
    const tokens: string[] = [];
    const result = await llm.chat(ask, { onToken: (t) => tokens.push(t) });
    expect(double.chats()[0]!.stream).toBe(true);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.join('')).toBe('It is 330 m tall.');
    expect(result.text).toBe('It is 330 m tall.');
    expect(result.thinking).toBe('The tower... 330?');
    expect(result.usage.estimated).toBe(false);
    expect(events[0]).toMatchObject({ type: 'llm', thinking: 'The tower... 330?' });
  });

  it("keeps Ollama's separate thinking field out of the text, streaming or not", async () => {
    const { llm } = await setup('ollama', { script: [{ text: 'Answer A.', thinking: 'hmm A' }, { text: 'Answer B.', thinking: 'hmm B' }] });
    expect(await llm.chat(ask)).toMatchObject({ text: 'Answer A.', thinking: 'hmm A' });
    const tokens: string[] = [];
    expect(await llm.chat(ask, { onToken: (t) => tokens.push(t) })).toMatchObject({ text: 'Answer B.', thinking: 'hmm B' });
    expect(tokens.join('')).toBe('Answer B.');
  });
});

describe('openai-compatible provider', () => {
  it('chats without streaming, with the API key, and reads usage', async () => {
    const { llm, events, double } = await setup('openai', { apiKey: 'sk-good', script: [{ text: '330 m.', promptTokens: 50, completionTokens: 3 }] }, { openaiApiKey: 'sk-good' });
    const result = await llm.chat(ask, { temperature: 0, maxTokens: 64 });
    expect(result).toMatchObject({ text: '330 m.', usage: { promptTokens: 50, completionTokens: 3, estimated: false }, retries: 0 });
    const chat = double.chats()[0]!;
    expect(chat.headers.authorization).toBe('Bearer sk-good');
    expect(chat.body).toMatchObject({ model: 'qwen3:8b', temperature: 0, max_tokens: 64 });
    expect(chat.stream).toBe(false);
    expect(chat.messages).toEqual(askSent);
    expect(events[0]).toMatchObject({ type: 'llm', provider: 'openai', promptChars: 46, promptTokens: 50, completionTokens: 3, estimated: false, retries: 0 });
  });

  it('streams with stream_options.include_usage and takes usage from the last chunk', async () => {
    const { llm, double } = await setup('openai', { script: [{ text: 'A streamed answer of some length.', promptTokens: 77, completionTokens: 9 }] });
    const tokens: string[] = [];
    const result = await llm.chat(ask, { onToken: (t) => tokens.push(t) });
    expect(double.chats()[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(tokens.length).toBeGreaterThan(2);
    expect(tokens.join('')).toBe('A streamed answer of some length.');
    expect(result.usage).toEqual({ promptTokens: 77, completionTokens: 9, estimated: false });
  });

  it('estimates usage when the server sends none, streaming or not', async () => {
    const { llm } = await setup('openai', { script: [{ text: 'x'.repeat(40), omitUsage: true }, { text: 'y'.repeat(40), omitUsage: true }] });
    // 14 + 32 characters at 4 a token, and 4 per message for the template.
    expect((await llm.chat(ask)).usage).toEqual({ promptTokens: 4 + 4 + 4 + 8, completionTokens: 10, estimated: true });
    expect((await llm.chat(ask, { onToken: () => {} })).usage).toEqual({ promptTokens: 20, completionTokens: 10, estimated: true });
  });

  it('strips inline think blocks and keeps reasoning_content as thinking', async () => {
    const { llm } = await setup('openai', { script: [{ text: '<think>plan</think>Done.', chunkChars: 2 }, { text: 'Fine.', thinking: 'reasoned' }] });
    const tokens: string[] = [];
    expect(await llm.chat(ask, { onToken: (t) => tokens.push(t) })).toMatchObject({ text: 'Done.', thinking: 'plan' });
    expect(tokens.join('')).toBe('Done.');
    expect(await llm.chat(ask)).toMatchObject({ text: 'Fine.', thinking: 'reasoned' });
  });
});

describe('endpoints from the environment', () => {
  it('ollama follows OLLAMA_HOST given as host:port', async () => {
    double = await startLlmDouble({ script: ['via OLLAMA_HOST'] });
    const llm = createLlm(resolveConfig({ env: { OLLAMA_HOST: `127.0.0.1:${double.port}` } }));
    expect(llm.baseUrl).toBe(double.url);
    expect((await llm.chat(ask)).text).toBe('via OLLAMA_HOST');
  });

  it('openai follows OPENAI_BASE_URL and OPENAI_API_KEY', async () => {
    double = await startLlmDouble({ apiKey: 'sk-env', script: ['via OPENAI_BASE_URL'] });
    const llm = createLlm(resolveConfig({ env: { SCOUT_PROVIDER: 'openai', OPENAI_BASE_URL: `${double.url}/v1`, OPENAI_API_KEY: 'sk-env' } }));
    expect((await llm.chat(ask)).text).toBe('via OPENAI_BASE_URL');
    expect(double.chats()[0]!.headers.authorization).toBe('Bearer sk-env');
  });
});
