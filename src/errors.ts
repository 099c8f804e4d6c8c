/**
 * Typed errors with a fixed exit-code table. Modules throw ScoutError; only
 * src/cli.ts turns one into stderr lines and a process exit code.
 */
import { terminalText } from './util/terminal-text.js';

export const EXIT = {
  ok: 0,
  usage: 2,
  unavailable: 3,
  notFound: 4,
  /** The answer could not be written: stdout or -o failed mid-write (a full disk, an I/O error). */
  output: 5,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Every error code scout can raise, with the exit code it maps to. */
const CODES = {
  USAGE: EXIT.usage,
  EMPTY_QUESTION: EXIT.usage,
  BAD_OPTION: EXIT.usage,
  BAD_CONFIG_FILE: EXIT.usage,
  BAD_INPUT: EXIT.usage,
  LLM_UNREACHABLE: EXIT.unavailable,
  LLM_MODEL_MISSING: EXIT.unavailable,
  LLM_AUTH: EXIT.unavailable,
  LLM_CONTEXT_TOO_SMALL: EXIT.unavailable,
  LLM_FAILED: EXIT.unavailable,
  SEARCH_UNREACHABLE: EXIT.unavailable,
  SEARCH_FAILED: EXIT.unavailable,
  SEARCH_AUTH: EXIT.unavailable,
  CHROME_NOT_FOUND: EXIT.unavailable,
  CHROME_LAUNCH_FAILED: EXIT.unavailable,
  BROWSER_FAILED: EXIT.unavailable,
  BROWSER_ACTION_FAILED: EXIT.notFound,
  NOTHING_FOUND: EXIT.notFound,
  OUTPUT_FAILED: EXIT.output,
  INTERRUPTED: EXIT.interrupted,
} as const satisfies Record<string, ExitCode>;

export type ErrorCode = keyof typeof CODES;

export class ScoutError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, hint?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ScoutError';
    this.code = code;
    this.hint = hint;
  }

  get exitCode(): ExitCode {
    return CODES[this.code];
  }
}

export function isScoutError(error: unknown): error is ScoutError {
  return error instanceof ScoutError;
}

/** The one-line message of any thrown value, without a stack. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}

/**
 * Lines printed on stderr for a fatal error: `scout: <message>`, then
 * `hint: <hint>` when there is one, then the stack with --verbose.
 */
export function formatError(error: unknown, verbose: boolean): string {
  // Messages quote URLs, page errors and model words: they reach the terminal without control sequences.
  const lines = [`scout: ${terminalText(messageOf(error), { oneLine: true })}`];
  if (isScoutError(error) && error.hint) lines.push(`hint: ${terminalText(error.hint, { oneLine: true })}`);
  if (verbose && error instanceof Error && error.stack) lines.push(terminalText(error.stack));
  return lines.join('\n') + '\n';
}

export function exitCodeOf(error: unknown): number {
  return isScoutError(error) ? error.exitCode : 1;
}

/** The error as --json prints it on stdout: `{"error": {code, message, hint}}`. */
export function errorJson(error: unknown): { code: string; message: string; hint?: string } {
  const hint = isScoutError(error) ? error.hint : undefined;
  return { code: isScoutError(error) ? error.code : 'INTERNAL', message: messageOf(error), ...(hint ? { hint } : {}) };
}

/** Errors a command already printed as its --json object, with what it had learnt; the CLI prints no second one. */
export const printedAsJson = new WeakSet<object>();
