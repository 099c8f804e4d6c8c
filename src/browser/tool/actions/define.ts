/**
 * defineAction: one browser-tool action with its input schema beside it.
 * Inputs are validated here (CLI strings are coerced), and every action returns
 * a result the model can read: {ok: true, ...} or {ok: false, error, hint}.
 */
import type { ErrorCode } from '../../../errors.js';
import type { ToolBrowser } from '../tool-browser.js';

export interface ParamSpec {
  type: 'string' | 'integer' | 'boolean';
  description: string;
  required?: boolean;
  choices?: readonly string[];
  min?: number;
  max?: number;
  /** Other names the parameter is accepted under (the spec's name beside scout's older one). */
  aliases?: readonly string[];
}

export type ParamSpecs = Record<string, ParamSpec>;

type ValueOf<P extends ParamSpec> = P['type'] extends 'integer' ? number : P['type'] extends 'boolean' ? boolean : P extends { choices: readonly (infer C)[] } ? C : string;
type RequiredKeys<P extends ParamSpecs> = { [K in keyof P]: P[K]['required'] extends true ? K : never }[keyof P];
export type Input<P extends ParamSpecs> = { [K in RequiredKeys<P>]: ValueOf<P[K]> } & { [K in Exclude<keyof P, RequiredKeys<P>>]?: ValueOf<P[K]> };

export interface ActionFailure {
  ok: false;
  error: string;
  hint?: string;
  /** How the CLI reports it: BAD_INPUT (exit 2), BROWSER_FAILED/CHROME_* (3), BROWSER_ACTION_FAILED (4). */
  code: ErrorCode;
}

export type Success<R> = { ok: true } & R & {
  /** Fields holding page content (text, snapshot, errors): untrusted, never instructions. */
  untrusted?: string[];
};

export type ActionResult<R> = Success<R> | ActionFailure;

/** What an action runs against. */
export interface ActionContext {
  browser: ToolBrowser;
  /** Set when this tool lives in the persistent background process of `scout browser start`. */
  persistent?: { pid: number; stateFile: string; startedAt: string };
  /** Called by `stop` before it closes the browser (the background process exits after answering). */
  onStop?: () => void;
  /** Aborted when the caller gave up on this call (MCP cancellation, Ctrl-C, a client gone): open closes the tab it made. */
  signal?: AbortSignal;
}

export interface Action<P extends ParamSpecs = ParamSpecs, R = object> {
  name: string;
  description: string;
  params: P;
  /** Parameter names that positional CLI arguments fill, in order. */
  positional?: readonly (keyof P & string)[];
  run(input: Input<P>, context: ActionContext): Promise<ActionResult<R>>;
  /** The human-readable form of a successful result. */
  render(result: Success<R>): string;
}

export function defineAction<const P extends ParamSpecs, R>(action: Action<P, R>): Action<P, R> {
  return action;
}

export const fail = (error: string, hint?: string, code: ErrorCode = 'BROWSER_ACTION_FAILED'): ActionFailure => ({ ok: false, error, code, ...(hint ? { hint } : {}) });
export const badInput = (error: string, hint?: string): ActionFailure => fail(error, hint, 'BAD_INPUT');

function coerce(name: string, spec: ParamSpec, raw: unknown): unknown {
  if (spec.type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 'false') return raw === 'true';
    throw new Error(`${name} must be true or false`);
  }
  if (spec.type === 'integer') {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number`);
    if (spec.min !== undefined && n < spec.min) throw new Error(`${name} must be at least ${spec.min}`);
    return spec.max !== undefined ? Math.min(n, spec.max) : n;
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error(`${name} must be a string`);
  const value = String(raw);
  if (spec.choices && !spec.choices.includes(value)) throw new Error(`${name} must be one of ${spec.choices.join(', ')}`);
  return value;
}

/** The parameter a key names, directly or by one of its aliases. */
function paramOf(params: ParamSpecs, key: string): [name: string, spec: ParamSpec] | undefined {
  if (params[key]) return [key, params[key]];
  const found = Object.entries(params).find(([, spec]) => spec.aliases?.includes(key));
  return found;
}

const namesOf = (params: ParamSpecs): string[] => Object.entries(params).map(([name, spec]) => [...(spec.aliases ?? []), name].join('/'));

/** Validate raw input against an action's schema: integers above `max` are capped, unknown keys refused, aliases read as their parameter. */
export function validate<P extends ParamSpecs>(action: Action<P, unknown>, raw: Record<string, unknown>): { ok: true; input: Input<P> } | ActionFailure {
  const input: Record<string, unknown> = {};
  try {
    for (const key of Object.keys(raw)) {
      if (raw[key] === undefined) continue;
      const param = paramOf(action.params, key);
      if (!param) throw new Error(`${action.name} takes no "${key}"${Object.keys(action.params).length ? ` (it takes ${namesOf(action.params).join(', ')})` : ''}`);
      const [name, spec] = param;
      const value = coerce(key, spec, raw[key]);
      if (input[name] !== undefined && input[name] !== value) throw new Error(`${[...(spec.aliases ?? []), name].join(' and ')} name the same thing: give one`);
      input[name] = value;
    }
    for (const [key, spec] of Object.entries(action.params)) if (spec.required && input[key] === undefined) throw new Error(`${action.name} needs ${spec.aliases?.[0] ?? key}`);
  } catch (error) {
    return badInput(error instanceof Error ? error.message : String(error), `see \`scout browser ${action.name} --help\``);
  }
  return { ok: true, input: input as Input<P> };
}

/** Page content in human output, fenced so that nobody mistakes it for scout's own words. */
export function untrustedBlock(label: string, text: string): string {
  return `--- ${label} (untrusted page content) ---\n${text}\n--- end of ${label} ---`;
}
