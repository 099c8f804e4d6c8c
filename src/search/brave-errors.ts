/**
 * Brave's error answers as one line for a person: the API's code and detail,
 * and its `meta`, which says which parameter was wrong (a 422's meta.errors) or
 * what the plan allows (a 429's rate and quota), plus the rate-limit headers.
 */
import { ScoutError } from '../errors.js';

export const BRAVE_KEY_HINT = 'set BRAVE_API_KEY, --brave-api-key or "braveApiKey" in the config file, or use another engine with --search';
const QUOTA_CODES = new Set(['QUOTA_LIMITED', 'USAGE_LIMIT_EXCEEDED']);
const AUTH_CODES = new Set(['SUBSCRIPTION_TOKEN_INVALID', 'SUBSCRIPTION_NOT_FOUND', 'UNAUTHORIZED']);
const MAX_META_CHARS = 400;

interface BraveError {
  error?: { code?: string; detail?: string; meta?: unknown };
}

interface FieldError {
  loc?: unknown[];
  msg?: string;
  input?: unknown;
}

/** meta.errors as "query.result_filter: Input should be …, got "everything""; any other meta as compact JSON. */
function describeMeta(meta: unknown): string {
  if (meta === undefined || meta === null) return '';
  const errors = (meta as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors
      .map((e: FieldError) => {
        const where = Array.isArray(e.loc) ? e.loc.join('.') : 'request';
        const got = e.input === undefined ? '' : `, got ${JSON.stringify(e.input)}`;
        return `${where}: ${e.msg ?? 'invalid'}${got}`;
      })
      .join('; ');
  }
  const json = JSON.stringify(meta);
  return json.length > MAX_META_CHARS ? `${json.slice(0, MAX_META_CHARS)}…` : json;
}

/** The body as the message part, and the API's error code when it sent JSON. */
export function describeBody(text: string): { message: string; code?: string } {
  try {
    const parsed = JSON.parse(text) as BraveError;
    const error = parsed.error;
    if (error && (error.code || error.detail)) {
      const meta = describeMeta(error.meta);
      return { message: `${error.code ?? 'error'}: ${error.detail ?? ''}`.trim() + (meta ? ` (${meta})` : ''), code: error.code };
    }
  } catch {
    // not JSON: quote the body itself
  }
  return { message: text.slice(0, 500) };
}

export const isQuota = (code: string | undefined) => code !== undefined && QUOTA_CODES.has(code);

/** The ScoutError for a failed answer; retryAfterMs is what Brave asked to wait when that was too long to wait for. */
export function braveFailure(status: number, text: string, tries: number, retryAfterMs?: number): ScoutError {
  const { message, code } = describeBody(text);
  const asks = retryAfterMs === undefined ? '' : ` (it asks to wait ${Math.ceil(retryAfterMs / 1000)} s)`;
  const what = `Brave Search answered HTTP ${status}${tries > 1 ? ` after ${tries} tries` : ''}${asks}: ${message}`;
  if (isQuota(code)) return new ScoutError('SEARCH_FAILED', what, "the plan's quota is used up: wait for it to reset, raise it at https://api-dashboard.search.brave.com, or use another engine with --search");
  if (status === 401 || status === 403 || (code && AUTH_CODES.has(code))) return new ScoutError('SEARCH_AUTH', what, `Brave rejected the API key: ${BRAVE_KEY_HINT}`);
  if (status === 422) return new ScoutError('SEARCH_FAILED', what, 'a search parameter was refused; the part in brackets says which');
  return new ScoutError('SEARCH_FAILED', what, 'Brave Search is having trouble: try again later, or use another engine with --search');
}

/**
 * How long a 429 asks to wait: Retry-After when sent, else the first figure of
 * X-RateLimit-Reset (seconds until the per-second window resets), which is the
 * header Brave documents.
 */
export function rateLimitReset(headers: Headers): number | undefined {
  const first = headers.get('x-ratelimit-reset')?.split(',')[0]?.trim();
  return first && /^\d+(\.\d+)?$/.test(first) ? Math.ceil(Number(first) * 1000) : undefined;
}
