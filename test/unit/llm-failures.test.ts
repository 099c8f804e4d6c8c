/** Retries, timeouts, cancellation and the errors a user reads, through the real clients on loopback. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULTS, type Config, type Provider } from '../../src/config.js';
import { exitCodeOf, formatError } from '../../src/errors.js';
import { createLlm } from '../../src/llm/index.js';
import type { RetryPolicy } from '../../src/util/retry.js';
import type { ChatOptions } from '../../src/llm/types.js';
import type { TraceEvent } from '../../src/trace.js';
import { listen } from '../support/listen.js';
import { startLlmDouble, type LlmDouble, type LlmDoubleOptions } from '../support/llm-double.js';
import { scoutErrorOf } from '../support/expect-error.js';

const FAST: RetryPolicy = { tries: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 5000 };
const ask = [{ role: 'user' as const, content: 'How tall is the tower?' }];
const providers: Provider[] = ['ollama', 'openai'];

let double: LlmDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const urlFor = (provider: Provider, base: string) => (provider === 'ollama' ? base : `${base}/v1`);

async function setup(provider: Provider, options: LlmDoubleOptions, config: Partial<Config> = {}, retry: RetryPolicy = FAST) {
  double = await startLlmDouble(options);
  const events: TraceEvent[] = [];
  const llm = createLlm({ ...DEFAULTS, provider, llmUrl: urlFor(provider, double.url), ...config }, { tracer: (e) => events.push(e), retry });
  return { llm, events, double };
}


async function closedUrl(): Promise<string> {
  const server = await listen((_req, res) => {
    res.end();
  });
  await server.close();
  return server.url;
}

describe.each(providers)('%s: retries', (provider) => {
  it('retries a 503 and then succeeds, counting the retry', async () => {
    const { llm, events, double } = await setup(provider, { script: [{ status: 503, errorMessage: 'loading model' }, 'fine'] });
    const result = await llm.chat(ask);
    expect(result).toMatchObject({ text: 'fine', retries: 1 });
    expect(double.chats()).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'llm', retries: 1 });
  });

  it('retries a dropped connection, streaming too', async () => {
    const { llm, double } = await setup(provider, { script: [{ reset: true }, 'one', { reset: true }, 'two'] });
    expect(await llm.chat(ask)).toMatchObject({ text: 'one', retries: 1 });
    const tokens: string[] = [];
    expect(await llm.chat(ask, { onToken: (t) => tokens.push(t) })).toMatchObject({ text: 'two', retries: 1 });
    expect(tokens.join('')).toBe('two');
    expect(double.chats()).toHaveLength(4);
  });

  it('does not retry a stream that already showed text, and says the connection dropped', async () => {
    const { llm, double } = await setup(provider, { script: [{ text: 'a long answer being streamed', cutAfterChars: 8, chunkChars: 4 }, 'unused'] });
    const error = await scoutErrorOf(llm.chat(ask, { onToken: () => {} }));
    expect(error.code).toBe('LLM_FAILED');
    expect(error.message).toMatch(/connection .* dropped/);
    expect(double.chats()).toHaveLength(1);
  });

  it('gives up after 3 tries with the server error, exit 3', async () => {
    const { llm, events, double } = await setup(provider, { script: () => ({ status: 500, errorMessage: 'CUDA out of memory' }) });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(double.chats()).toHaveLength(3);
    expect(error).toMatchObject({ code: 'LLM_FAILED', exitCode: 3 });
    expect(error.message).toMatch(/failed 3 time\(s\) \(HTTP 500: .*CUDA out of memory/);
    expect(events).toEqual([expect.objectContaining({ type: 'llm', error: 'LLM_FAILED', retries: 2 })]);
  });

  it('waits out a long Retry-After only up to the bound, then fails saying so', async () => {
    const { llm, double } = await setup(provider, { script: [{ status: 429, headers: { 'retry-after': '60' } }, 'unused'] });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(double.chats()).toHaveLength(1);
    expect(error.message).toMatch(/rate limiting .*asks to wait 60 s/);
  });
});

describe('Retry-After is honoured', () => {
  it('ollama: waits the seconds of Retry-After before the next try', async () => {
    const { llm, double } = await setup('ollama', { script: [{ status: 429, headers: { 'retry-after': '1' } }, 'after the wait'] });
    const started = performance.now();
    const result = await llm.chat(ask);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(result).toMatchObject({ text: 'after the wait', retries: 1 });
    expect(double.chats()).toHaveLength(2);
  });

  it('openai: waits retry-after-ms before the next try', async () => {
    const { llm } = await setup('openai', { script: [{ status: 503, headers: { 'retry-after-ms': '400' } }, 'after the wait'] });
    const started = performance.now();
    expect(await llm.chat(ask)).toMatchObject({ text: 'after the wait', retries: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  });
});

describe('no retry on 400, 401 and 404', () => {
  it('openai: a bad key is LLM_AUTH after one try, with a hint', async () => {
    const { llm, double } = await setup('openai', { apiKey: 'sk-right', script: ['unused'] }, { openaiApiKey: 'sk-wrong' });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(double.chats()).toHaveLength(1);
    expect(error.code).toBe('LLM_AUTH');
    expect(exitCodeOf(error)).toBe(3);
    expect(formatError(error, false)).toMatch(/^scout: the server at http:\/\/127\.0\.0\.1:\d+\/v1 rejected the API key \(HTTP 401: Incorrect API key provided\.\)\nhint: the key in OPENAI_API_KEY .* is wrong or revoked/);
  });

  it('openai: no key at all says to set one', async () => {
    const { llm } = await setup('openai', { apiKey: 'sk-right', script: ['unused'] });
    expect((await scoutErrorOf(llm.chat(ask))).hint).toBe('set OPENAI_API_KEY (or pass --openai-api-key)');
  });

  it('ollama: a model that is not pulled names the pull command and never pulls', async () => {
    const { llm, double } = await setup('ollama', { models: ['qwen3:8b'] }, { model: 'llama3.1:70b' });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(formatError(error, false)).toBe(`scout: model llama3.1:70b is not pulled on ${double.url}\nhint: \`ollama pull llama3.1:70b\`\n`);
    expect(error).toMatchObject({ code: 'LLM_MODEL_MISSING', exitCode: 3 });
    expect(double.requests.map((r) => r.path)).toEqual(['/api/chat']);
  });

  it('openai: an unknown model is LLM_MODEL_MISSING after one try', async () => {
    const { llm, double } = await setup('openai', {}, { model: 'gpt-9' });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(error).toMatchObject({ code: 'LLM_MODEL_MISSING', exitCode: 3 });
    expect(error.message).toMatch(/model gpt-9 is not served at .*\/v1 .*does not exist/);
    expect(double.chats()).toHaveLength(1);
  });

  it('openai: a prompt beyond the server context is LLM_CONTEXT_TOO_SMALL after one try', async () => {
    const message = "This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.";
    const { llm, double } = await setup('openai', { script: [{ status: 400, errorMessage: message }, 'unused'] });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(error).toMatchObject({ code: 'LLM_CONTEXT_TOO_SMALL', exitCode: 3, hint: expect.stringContaining('--ctx') });
    expect(double.chats()).toHaveLength(1);
  });

  it('ollama: a wrong URL path is a 404 that points at --llm-url', async () => {
    double = await startLlmDouble({});
    const llm = createLlm({ ...DEFAULTS, llmUrl: `${double.url}/nothing` }, { retry: FAST });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(error).toMatchObject({ code: 'LLM_UNREACHABLE', hint: expect.stringContaining('--llm-url') });
    expect(double.requests).toHaveLength(1);
  });
});

describe.each(providers)('%s: nothing listening', (provider) => {
  it('fails with LLM_UNREACHABLE after 3 tries and says how to start the server', async () => {
    const url = await closedUrl();
    const llm = createLlm({ ...DEFAULTS, provider, llmUrl: urlFor(provider, url) }, { retry: FAST });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(error).toMatchObject({ code: 'LLM_UNREACHABLE', exitCode: 3 });
    if (provider === 'ollama') {
      expect(formatError(error, false)).toBe(`scout: Ollama is not running at ${url} (ECONNREFUSED)\nhint: start it: \`ollama serve\` or \`docker compose --profile ollama up -d\`\n`);
    } else {
      expect(error.message).toBe(`no OpenAI-compatible server answers at ${url}/v1 (ECONNREFUSED)`);
      expect(error.hint).toContain('OPENAI_BASE_URL');
    }
  });
});

describe.each(providers)('%s: timeout and cancellation', (provider) => {
  it.each([false, true])('times out a hung call once, without retrying (streaming %s)', async (streaming) => {
    const { llm, events, double } = await setup(provider, { script: [{ hang: true }, 'unused'] }, { llmTimeoutMs: 300 });
    const options: ChatOptions = streaming ? { onToken: () => {} } : {};
    const error = await scoutErrorOf(llm.chat(ask, options));
    expect(error).toMatchObject({ code: 'LLM_FAILED', exitCode: 3, hint: expect.stringContaining('--llm-timeout') });
    expect(error.message).toMatch(/^(Ollama|the OpenAI-compatible server) at http:\S+ did not answer within 300 ms$/);
    expect(double.chats()).toHaveLength(1);
    expect(events[0]).toMatchObject({ error: 'LLM_FAILED', retries: 0 });
  });

  it('times out a stream that stalls after its first tokens', async () => {
    const { llm } = await setup(provider, { script: [{ text: 'x'.repeat(200), chunkChars: 1, delayMs: 0 }] }, { llmTimeoutMs: 100 });
    const tokens: string[] = [];
    const error = await scoutErrorOf(llm.chat(ask, { onToken: (t) => tokens.push(t) }));
    expect(error.code).toBe('LLM_FAILED');
    expect(tokens.length).toBeGreaterThan(0);
  });

  it.each([false, true])('is cancelled by an AbortSignal (streaming %s)', async (streaming) => {
    const { llm } = await setup(provider, { script: [{ hang: true }] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await scoutErrorOf(llm.chat(ask, { signal: controller.signal, ...(streaming ? { onToken: () => {} } : {}) }));
    expect(error).toMatchObject({ code: 'INTERRUPTED', exitCode: 130 });
  });

  it('is cancelled during a backoff wait', async () => {
    const { llm, double } = await setup(provider, { script: [{ status: 503 }, 'unused'] }, {}, { ...FAST, baseDelayMs: 10_000, maxDelayMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    const error = await scoutErrorOf(llm.chat(ask, { signal: controller.signal }));
    expect(error.code).toBe('INTERRUPTED');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(double.chats()).toHaveLength(1);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { llm, double } = await setup(provider, { script: ['unused'] });
    const error = await scoutErrorOf(llm.chat(ask, { signal: AbortSignal.abort() }));
    expect(error.code).toBe('INTERRUPTED');
    expect(double.chats()).toHaveLength(0);
  });
});

describe.each(providers)('%s: unreadable replies', (provider) => {
  it('reports a reply that is not JSON without retrying', async () => {
    const { llm, double } = await setup(provider, { script: [{ rawBody: '<html>proxy error</html>' }, 'unused'] });
    const error = await scoutErrorOf(llm.chat(ask));
    expect(error).toMatchObject({ code: 'LLM_FAILED', exitCode: 3 });
    expect(error.message).toMatch(/cannot read/);
    expect(double.chats()).toHaveLength(1);
  });
});
