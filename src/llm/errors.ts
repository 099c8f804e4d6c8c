/**
 * What went wrong in an LLM call, provider-neutral, and the ScoutError a user
 * reads for it: what failed, where, and how to fix it.
 */
import type { Provider } from '../config.js';
import { messageOf, ScoutError } from '../errors.js';

export const OLLAMA_START_HINT = 'start it: `ollama serve` or `docker compose --profile ollama up -d`';

export type LlmFailureKind = 'connect' | 'reset' | 'http' | 'timeout' | 'aborted' | 'bad_response';

export interface LlmFailure {
  kind: LlmFailureKind;
  /** HTTP status, for kind "http" (undefined for an error reported inside a stream). */
  status?: number;
  /** The server's or the network's own words. */
  detail: string;
  retryAfterMs?: number;
}

/** A non-2xx answer, raised by our fetch wrapper (the Ollama client drops headers). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Follows `cause` links to a network failure, if the error is one. */
export function networkFailure(error: unknown): LlmFailure | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_CODES.has(code)) return { kind: 'connect', detail: code };
    if (typeof code === 'string' && RESET_CODES.has(code)) return { kind: 'reset', detail: code };
    if (e.message === 'terminated' || /socket hang up|other side closed/i.test(e.message)) return { kind: 'reset', detail: e.message };
  }
  return undefined;
}

export function isRetryable(failure: LlmFailure): boolean {
  if (failure.kind === 'connect' || failure.kind === 'reset') return true;
  const status = failure.status ?? 0;
  return failure.kind === 'http' && (status === 429 || status === 408 || status >= 500);
}

export interface FailureContext {
  provider: Provider;
  model: string;
  baseUrl: string;
  timeoutMs: number;
  /** An API key was configured (OpenAI). */
  hasKey: boolean;
  tries: number;
}

const CONTEXT_WORDS = /context[ _](length|window|size)|maximum context|too many tokens|prompt is too long|exceeds the context/i;
const MODEL_WORDS = /model/i;

function serverName(ctx: FailureContext): string {
  return ctx.provider === 'ollama' ? 'Ollama' : 'the OpenAI-compatible server';
}

function httpError(failure: LlmFailure, ctx: FailureContext): ScoutError {
  const status = failure.status;
  const at = `${serverName(ctx)} at ${ctx.baseUrl}`;
  const said = `HTTP ${status ?? '-'}: ${failure.detail}`;
  if (status === 401 || status === 403) {
    if (ctx.provider === 'ollama') return new ScoutError('LLM_AUTH', `${at} refused the request (${said})`, 'a proxy in front of Ollama wants credentials; check --llm-url / OLLAMA_HOST');
    const hint = ctx.hasKey ? 'the key in OPENAI_API_KEY (or --openai-api-key) is wrong or revoked: set a valid one' : 'set OPENAI_API_KEY (or pass --openai-api-key)';
    return new ScoutError('LLM_AUTH', `the server at ${ctx.baseUrl} rejected the API key (${said})`, hint);
  }
  if ((status === 404 || status === 400) && MODEL_WORDS.test(failure.detail) && /not.?found|does not exist|unknown|no such/i.test(failure.detail)) {
    return ctx.provider === 'ollama'
      ? new ScoutError('LLM_MODEL_MISSING', `model ${ctx.model} is not pulled on ${ctx.baseUrl}`, `\`ollama pull ${ctx.model}\``)
      : new ScoutError('LLM_MODEL_MISSING', `model ${ctx.model} is not served at ${ctx.baseUrl} (${said})`, 'pick a model the server lists with --model (`scout doctor` checks it)');
  }
  if (status === 404) {
    const hint = ctx.provider === 'ollama' ? 'check --llm-url / OLLAMA_HOST: it should be the Ollama server, e.g. http://127.0.0.1:11434' : 'OpenAI-compatible URLs usually end in /v1: check --llm-url / OPENAI_BASE_URL';
    return new ScoutError('LLM_UNREACHABLE', `no chat API at ${ctx.baseUrl} (${said})`, hint);
  }
  if (status === 400 && CONTEXT_WORDS.test(failure.detail)) {
    return new ScoutError('LLM_CONTEXT_TOO_SMALL', `the prompt does not fit the context of ${ctx.model} (${said})`, "set --ctx to the model's real context so scout budgets for it, or use a model with a larger context");
  }
  const wait = failure.retryAfterMs === undefined ? '' : `; it asks to wait ${Math.ceil(failure.retryAfterMs / 1000)} s`;
  if (status === 429) return new ScoutError('LLM_FAILED', `${at} is rate limiting requests (${said}${wait})`, 'wait a little and run again, or use a plan with a higher rate limit');
  if (status !== undefined && status >= 500) {
    return new ScoutError('LLM_FAILED', `${at} failed ${ctx.tries} time(s) (${said}${wait})`, 'check the server log (out of memory? model crashed?) and run again');
  }
  if (status === undefined) return new ScoutError('LLM_FAILED', `${at} failed: ${failure.detail}`, 'check the server log and run again');
  return new ScoutError('LLM_FAILED', `${at} rejected the request (${said})`, 'run with --verbose and check the server log');
}

export function toScoutError(failure: LlmFailure, ctx: FailureContext, cause?: unknown): ScoutError {
  const options = { cause };
  switch (failure.kind) {
    case 'connect':
      return ctx.provider === 'ollama'
        ? new ScoutError('LLM_UNREACHABLE', `Ollama is not running at ${ctx.baseUrl} (${failure.detail})`, OLLAMA_START_HINT, options)
        : new ScoutError('LLM_UNREACHABLE', `no OpenAI-compatible server answers at ${ctx.baseUrl} (${failure.detail})`, 'start your server, or fix --llm-url / OPENAI_BASE_URL', options);
    case 'reset':
      return new ScoutError('LLM_FAILED', `the connection to ${serverName(ctx)} at ${ctx.baseUrl} dropped (${failure.detail}), ${ctx.tries} time(s)`, 'check the server log (out of memory? model crashed?) and run again', options);
    case 'timeout':
      return new ScoutError('LLM_FAILED', `${serverName(ctx)} at ${ctx.baseUrl} did not answer within ${ctx.timeoutMs < 1000 ? `${ctx.timeoutMs} ms` : `${Math.round(ctx.timeoutMs / 1000)} s`}`, 'raise --llm-timeout (milliseconds), or use a smaller or already loaded model', options);
    case 'aborted':
      return new ScoutError('INTERRUPTED', 'the LLM call was cancelled', undefined, options);
    case 'bad_response':
      return new ScoutError('LLM_FAILED', `${serverName(ctx)} at ${ctx.baseUrl} sent a reply scout cannot read (${failure.detail})`, 'check that --llm-url points at the LLM server itself', options);
    case 'http':
      return httpError(failure, ctx);
  }
}

/** A failure from anything that is neither an HTTP status nor a network error. */
export function otherFailure(error: unknown): LlmFailure {
  if (error instanceof HttpStatusError) return { kind: 'http', status: error.status, detail: error.message, retryAfterMs: error.retryAfterMs };
  const network = networkFailure(error);
  if (network) return network;
  if (error instanceof SyntaxError) return { kind: 'bad_response', detail: messageOf(error) };
  return { kind: 'http', detail: messageOf(error) };
}
