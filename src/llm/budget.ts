/**
 * Context budgeting: how much page text fits in a prompt, and whether a prompt
 * fits the context at all. Pure functions.
 */
import { ScoutError } from '../errors.js';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS, prefixFitting } from './tokens.js';

/** Below this many tokens of room a page is not worth reading. */
export const MIN_PAGE_TOKENS = 256;
/** The least output room a call may be left with. */
export const MIN_OUTPUT_TOKENS = 256;
/** Room for the chat template of a system + user message pair. */
const TEMPLATE_TOKENS = 3 * MESSAGE_OVERHEAD_TOKENS;

export interface PageBudgetInput {
  /** The model's context window in tokens. */
  contextTokens: number;
  /** Tokens kept free for the answer. */
  outputTokens: number;
  /** Instructions, question, links: everything but notes and page. */
  fixed: string;
  notes: string;
  /** The page text itself; when given, the answer is exact for this text. */
  page?: string;
}

export interface PageBudget {
  /** Characters of page text that fit (at most page.length when page is given). */
  chars: number;
  /** Tokens left for the page. */
  tokens: number;
}

function tooSmall(needed: number, contextTokens: number): ScoutError {
  return new ScoutError(
    'LLM_CONTEXT_TOO_SMALL',
    `the instructions alone need about ${needed} tokens, more than the context of ${contextTokens} tokens allows`,
    'raise the context with --ctx (for example --ctx 32768) if the model supports it, or use a model with a larger context',
  );
}

/**
 * Characters of page text that fit beside the fixed prompt and the notes.
 * Throws LLM_CONTEXT_TOO_SMALL when the fixed prompt leaves no room for a page;
 * notes that crowd the page out give 0, for the caller to shorten them.
 */
export function pageBudget(input: PageBudgetInput): PageBudget {
  const fixedTokens = estimateTokens(input.fixed) + TEMPLATE_TOKENS;
  if (fixedTokens + input.outputTokens + MIN_PAGE_TOKENS > input.contextTokens) {
    throw tooSmall(fixedTokens + input.outputTokens + MIN_PAGE_TOKENS, input.contextTokens);
  }
  const tokens = Math.max(0, input.contextTokens - input.outputTokens - fixedTokens - estimateTokens(input.notes));
  const chars = input.page === undefined ? tokens * 4 : prefixFitting(input.page, tokens);
  return { chars, tokens };
}

/**
 * Throws LLM_CONTEXT_TOO_SMALL when a prompt cannot fit the context with minimal
 * output room: sent anyway, Ollama would cut it silently.
 */
export function checkPromptFits(promptTokens: number, contextTokens: number): void {
  if (promptTokens + MIN_OUTPUT_TOKENS <= contextTokens) return;
  throw new ScoutError(
    'LLM_CONTEXT_TOO_SMALL',
    `the prompt needs about ${promptTokens + MIN_OUTPUT_TOKENS} tokens but the context is capped at ${contextTokens} (--ctx)`,
    'raise --ctx (for example --ctx 32768) if the model supports it',
  );
}
