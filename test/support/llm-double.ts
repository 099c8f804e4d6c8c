/**
 * Test double of an LLM server. Speaks Ollama's HTTP API (/api/chat, /api/tags,
 * /api/show, /api/version) and OpenAI's (/v1/chat/completions, /v1/models),
 * streaming and not, so the real `ollama` and `openai` clients can be driven on
 * loopback. Answers come from a per-test script (a list, or a function of the
 * request); every request is recorded so tests can assert on prompts.
 */
import type { ServerResponse } from 'node:http';
import { listen, sleep, type Listening } from './listen.js';

export interface ChatTurn {
  role: string;
  content: string;
}

export interface LlmRequest {
  api: 'ollama' | 'openai';
  path: string;
  model: string;
  messages: ChatTurn[];
  stream: boolean;
  /** The whole JSON body as sent. */
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

export interface ReplySpec {
  text?: string;
  /** Ollama's separate thinking field (reasoning models with think: true); OpenAI's `reasoning_content`. */
  thinking?: string;
  /** Answer with this HTTP status instead (body: an API-shaped error). */
  status?: number;
  errorMessage?: string;
  headers?: Record<string, string>;
  /** Send this raw body (garbage tests). */
  rawBody?: string;
  delayMs?: number;
  /** Never answer (the client must time out or abort). */
  hang?: boolean;
  /** Drop the connection without answering (a connection reset). */
  reset?: boolean;
  /** Streaming: destroy the connection after this many characters of text. */
  cutAfterChars?: number;
  promptTokens?: number;
  completionTokens?: number;
  /** OpenAI: send no usage block at all. */
  omitUsage?: boolean;
  /** Streaming: characters per chunk (default 8). */
  chunkChars?: number;
}

export type Reply = string | ReplySpec;
export type Script = Reply[] | ((request: LlmRequest, index: number) => Reply);

export interface LlmDoubleOptions {
  script?: Script;
  /** Models the server has (Ollama's /api/tags, OpenAI's /v1/models). */
  models?: string[];
  /** Context length /api/show reports. */
  contextLength?: number;
  /**
   * Capabilities /api/show lists (default completion and thinking, as for qwen3:8b);
   * null leaves the field out, as Ollama servers before capabilities did.
   * Like Ollama, a chat with `think: true` to a model without "thinking" gets a 400.
   */
  capabilities?: string[] | null;
  /** Answer /api/show with this HTTP status instead. */
  showStatus?: number;
  /** When set, OpenAI requests need `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

export interface LlmDouble extends Listening {
  /** Every request, chat or not. */
  requests: LlmRequest[];
  /** Chat requests only, in order. */
  chats(): LlmRequest[];
  /** Replace the script (and restart its index). */
  setScript(script: Script): void;
}

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

function spec(reply: Reply): ReplySpec {
  return typeof reply === 'string' ? { text: reply } : reply;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

function ollamaModel(name: string) {
  return {
    name,
    model: name,
    modified_at: '2026-11-01T10:00:00.000Z',
    size: 5_200_000_000,
    digest: 'a'.repeat(64),
    details: { parent_model: '', format: 'gguf', family: 'qwen3', families: ['qwen3'], parameter_size: '8.2B', quantization_level: 'Q4_K_M' },
  };
}

const normalise = (m: string) => (m.includes(':') ? m : `${m}:latest`);

export async function startLlmDouble(options: LlmDoubleOptions = {}): Promise<LlmDouble> {
  const requests: LlmRequest[] = [];
  const models = options.models ?? ['qwen3:8b'];
  const capabilities = options.capabilities === undefined ? ['completion', 'thinking'] : options.capabilities;
  let script: Script = options.script ?? [];
  let index = 0;

  const next = (request: LlmRequest): ReplySpec => {
    const i = index++;
    if (typeof script === 'function') return spec(script(request, i));
    const reply = script[i];
    return reply === undefined ? { status: 500, errorMessage: `llm double: script exhausted at chat #${i + 1}` } : spec(reply);
  };

  const promptTokensOf = (request: LlmRequest, reply: ReplySpec) =>
    reply.promptTokens ?? estimateTokens(request.messages.map((m) => m.content).join('\n'));

  async function ollamaChat(res: ServerResponse, request: LlmRequest, reply: ReplySpec) {
    const text = reply.text ?? '';
    const counts = {
      total_duration: 1_000_000,
      load_duration: 10_000,
      prompt_eval_count: promptTokensOf(request, reply),
      prompt_eval_duration: 100_000,
      eval_count: reply.completionTokens ?? estimateTokens(text),
      eval_duration: 500_000,
    };
    const base = { model: request.model, created_at: new Date().toISOString() };
    if (!request.stream) {
      json(res, 200, { ...base, message: { role: 'assistant', content: text, ...(reply.thinking ? { thinking: reply.thinking } : {}) }, done: true, done_reason: 'stop', ...counts });
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    if (reply.thinking) res.write(JSON.stringify({ ...base, message: { role: 'assistant', content: '', thinking: reply.thinking }, done: false }) + '\n');
    let sent = 0;
    for (const piece of chunks(text, reply.chunkChars ?? 8)) {
      if (reply.cutAfterChars !== undefined && sent >= reply.cutAfterChars) {
        res.socket?.destroy();
        return;
      }
      res.write(JSON.stringify({ ...base, message: { role: 'assistant', content: piece }, done: false }) + '\n');
      sent += piece.length;
      await sleep(1);
    }
    res.end(JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', ...counts }) + '\n');
  }

  async function openaiChat(res: ServerResponse, request: LlmRequest, reply: ReplySpec) {
    const text = reply.text ?? '';
    const id = `chatcmpl-${index}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = promptTokensOf(request, reply);
    const completionTokens = reply.completionTokens ?? estimateTokens(text);
    const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
    if (!request.stream) {
      json(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null, ...(reply.thinking ? { reasoning_content: reply.thinking } : {}) }, logprobs: null, finish_reason: 'stop' }],
        ...(reply.omitUsage ? {} : { usage }),
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (value: unknown) => res.write(`data: ${JSON.stringify(value)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      event({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
    chunk({ role: 'assistant', content: '' }, null);
    if (reply.thinking) chunk({ reasoning_content: reply.thinking }, null);
    let sent = 0;
    for (const piece of chunks(text, reply.chunkChars ?? 8)) {
      if (reply.cutAfterChars !== undefined && sent >= reply.cutAfterChars) {
        res.socket?.destroy();
        return;
      }
      chunk({ content: piece }, null);
      sent += piece.length;
      await sleep(1);
    }
    chunk({}, 'stop');
    const includeUsage = (request.body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
    if (includeUsage && !reply.omitUsage) event({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  function fail(res: ServerResponse, api: LlmRequest['api'], reply: ReplySpec) {
    const status = reply.status ?? 500;
    const message = reply.errorMessage ?? `llm double: HTTP ${status}`;
    const body = api === 'ollama' ? { error: message } : { error: { message, type: status === 401 ? 'invalid_request_error' : 'server_error', code: status === 401 ? 'invalid_api_key' : null } };
    json(res, status, body, reply.headers);
  }

  const server = await listen(async (req, res, raw) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        json(res, 400, { error: 'llm double: request body is not JSON' });
        return;
      }
    }
    const api = path.startsWith('/v1/') ? 'openai' : 'ollama';
    const request: LlmRequest = {
      api,
      path,
      model: String(body.model ?? ''),
      messages: Array.isArray(body.messages) ? (body.messages as ChatTurn[]) : [],
      stream: api === 'ollama' ? body.stream !== false : body.stream === true,
      body,
      headers: req.headers,
    };
    requests.push(request);

    if (api === 'openai' && options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      json(res, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
      return;
    }

    switch (`${req.method} ${path}`) {
      case 'GET /api/version':
        return json(res, 200, { version: '0.12.6' });
      case 'GET /api/tags':
        return json(res, 200, { models: models.map(ollamaModel) });
      case 'POST /api/show': {
        const name = String(body.model ?? body.name ?? '');
        if (!models.some((m) => normalise(m) === normalise(name))) return json(res, 404, { error: `model '${name}' not found` });
        if (options.showStatus) return json(res, options.showStatus, { error: `llm double: HTTP ${options.showStatus}` });
        return json(res, 200, {
          modelfile: '',
          parameters: '',
          template: '{{ .Prompt }}',
          details: ollamaModel(name).details,
          model_info: { 'general.architecture': 'qwen3', 'qwen3.context_length': options.contextLength ?? 40960 },
          ...(capabilities === null ? {} : { capabilities }),
        });
      }
      case 'GET /v1/models':
        return json(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'library' })) });
      case 'POST /api/chat':
      case 'POST /v1/chat/completions': {
        if (!models.some((m) => normalise(m) === normalise(request.model))) {
          return api === 'ollama'
            ? json(res, 404, { error: `model "${request.model}" not found, try pulling it first` })
            : json(res, 404, { error: { message: `The model \`${request.model}\` does not exist.`, type: 'invalid_request_error', param: null, code: 'model_not_found' } });
        }
        // Ollama's own answer (seen in the wild: taketwo/llm-ollama#54, Gitlawb/openclaude#1371).
        if (api === 'ollama' && body.think === true && !capabilities?.includes('thinking')) {
          return json(res, 400, { error: `"${request.model}" does not support thinking` });
        }
        const reply = next(request);
        if (reply.delayMs) await sleep(reply.delayMs);
        if (reply.hang) return new Promise<void>((resolve) => res.on('close', () => resolve()));
        if (reply.reset) {
          res.socket?.destroy();
          return;
        }
        if (reply.status) return fail(res, api, reply);
        if (reply.rawBody !== undefined) {
          res.writeHead(200, { 'content-type': 'application/json', ...reply.headers }).end(reply.rawBody);
          return;
        }
        return api === 'ollama' ? ollamaChat(res, request, reply) : openaiChat(res, request, reply);
      }
      default:
        return json(res, 404, { error: `llm double: no route ${req.method} ${path}` });
    }
  });

  return {
    ...server,
    requests,
    chats: () => requests.filter((r) => r.path === '/api/chat' || r.path === '/v1/chat/completions'),
    setScript(s) {
      script = s;
      index = 0;
    },
  };
}
