/** The loopback test doubles, checked through the real client libraries that scout uses. */
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble } from '../support/llm-double.js';
import { startSearxngDouble } from '../support/searxng-double.js';

describe('fixture web', () => {
  let web: FixtureWeb;
  beforeAll(async () => (web = await startFixtureWeb()));
  afterAll(() => web.close());

  it('serves static pages and records requests', async () => {
    const res = await fetch(web.at('/articles/towers.html'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Lakhta Center');
    expect(web.paths()).toContain('/articles/towers.html');
  });

  it('has slow, redirect, 404, 500 and never-ending routes', async () => {
    const started = Date.now();
    expect((await fetch(web.at('/slow?ms=150'))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    const redirected = await fetch(web.at('/redirect?to=/articles/towers.html'));
    expect(redirected.url).toBe(web.at('/articles/towers.html'));
    expect((await fetch(web.at('/404'))).status).toBe(404);
    expect((await fetch(web.at('/500'))).status).toBe(500);
    expect((await fetch(web.at('/no-such-page.html'))).status).toBe(404);
    const never = await fetch(web.at('/never'), { signal: AbortSignal.timeout(300) });
    expect(never.status).toBe(200);
    await expect(never.text()).rejects.toThrow();
  });

  it('takes routes of a test', async () => {
    web.route('/custom', (_req, res) => void res.writeHead(201).end('made'));
    expect((await fetch(web.at('/custom'))).status).toBe(201);
  });
});

describe('SearxNG double', () => {
  it('answers format=json in the recorded shape with the test results', async () => {
    const searx = await startSearxngDouble({ results: (q) => [{ url: `http://127.0.0.1/a?q=${q}`, title: `About ${q}`, content: 'snippet' }] });
    const body = (await (await fetch(`${searx.url}/search?q=towers&format=json`)).json()) as Record<string, unknown> & { results: Record<string, unknown>[] };
    expect(body.query).toBe('towers');
    expect(body).toHaveProperty('unresponsive_engines');
    expect(body.results[0]).toMatchObject({ url: 'http://127.0.0.1/a?q=towers', title: 'About towers', content: 'snippet', category: 'general', template: 'default.html' });
    expect(searx.queries).toEqual([expect.objectContaining({ q: 'towers', format: 'json' })]);
    await searx.close();
  });

  it('answers 403 to JSON when json is not enabled, and still serves the HTML page', async () => {
    const searx = await startSearxngDouble({ jsonEnabled: false });
    expect((await fetch(`${searx.url}/search?q=x&format=json`)).status).toBe(403);
    const $ = load(await (await fetch(`${searx.url}/search?q=x`)).text());
    const articles = $('#urls article.result');
    expect(articles.length).toBe(2);
    expect(articles.first().find('h3 a').attr('href')).toBe('https://en.wikipedia.org/wiki/List_of_tallest_buildings_in_Europe');
    expect(articles.first().find('p.content').text()).toContain('180 metres');
    await searx.close();
  });
});

describe('LLM double through the real ollama client', () => {
  it('lists and shows models, and chats without streaming', async () => {
    const llm = await startLlmDouble({ script: [{ text: 'Note: hello.', thinking: 'hmm' }], contextLength: 32768 });
    const client = new Ollama({ host: llm.url });
    expect((await client.list()).models.map((m) => m.name)).toEqual(['qwen3:8b']);
    const show = await client.show({ model: 'qwen3:8b' });
    expect(show.model_info).toMatchObject({ 'qwen3.context_length': 32768 });
    const reply = await client.chat({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'hi there' }], stream: false, options: { num_ctx: 8192 } });
    expect(reply.message.content).toBe('Note: hello.');
    expect(reply.message.thinking).toBe('hmm');
    expect(reply.prompt_eval_count).toBeGreaterThan(0);
    expect(llm.chats()[0]?.body.options).toEqual({ num_ctx: 8192 });
    expect(llm.chats()[0]?.messages).toEqual([{ role: 'user', content: 'hi there' }]);
    await llm.close();
  });

  it('streams, and reports unknown models as the real server does', async () => {
    const llm = await startLlmDouble({ script: ['streamed answer text'] });
    const client = new Ollama({ host: llm.url });
    let text = '';
    for await (const part of await client.chat({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'q' }], stream: true })) text += part.message.content;
    expect(text).toBe('streamed answer text');
    await expect(client.chat({ model: 'llama9', messages: [] })).rejects.toThrow(/not found/);
    await llm.close();
  });

  it('answers from a function of the request and fails loudly when a script runs out', async () => {
    const llm = await startLlmDouble({ script: (req, i) => `#${i} ${req.messages.at(-1)?.content}` });
    const client = new Ollama({ host: llm.url });
    expect((await client.chat({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'ping' }] })).message.content).toBe('#0 ping');
    llm.setScript([]);
    await expect(client.chat({ model: 'qwen3:8b', messages: [] })).rejects.toThrow(/script exhausted/);
    await llm.close();
  });
});

describe('LLM double through the real openai client', () => {
  it('chats without streaming and with streaming, with usage', async () => {
    const llm = await startLlmDouble({ script: ['plain reply', 'streamed reply'], apiKey: 'sk-test' });
    const client = new OpenAI({ baseURL: `${llm.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    const reply = await client.chat.completions.create({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'q' }] });
    expect(reply.choices[0]?.message.content).toBe('plain reply');
    expect(reply.usage?.prompt_tokens).toBeGreaterThan(0);
    const stream = await client.chat.completions.create({ model: 'qwen3:8b', messages: [{ role: 'user', content: 'q' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let completionTokens = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) completionTokens = chunk.usage.completion_tokens;
    }
    expect(text).toBe('streamed reply');
    expect(completionTokens).toBeGreaterThan(0);
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['qwen3:8b']);
    await llm.close();
  });

  it('rejects a bad key with 401 and serves errors with Retry-After', async () => {
    const llm = await startLlmDouble({ script: [{ status: 503, headers: { 'retry-after': '1' } }], apiKey: 'sk-good' });
    const bad = new OpenAI({ baseURL: `${llm.url}/v1`, apiKey: 'sk-bad', maxRetries: 0 });
    await expect(bad.chat.completions.create({ model: 'qwen3:8b', messages: [] })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const good = new OpenAI({ baseURL: `${llm.url}/v1`, apiKey: 'sk-good', maxRetries: 0 });
    const error = await good.chat.completions.create({ model: 'qwen3:8b', messages: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
    expect((error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('1');
    await llm.close();
  });
});
