/**
 * A scripted "model" for research runs: it recognises which prompt it was sent
 * (query rewriting, navigation, conclusion...) and answers from a per-test
 * table keyed by the page being read, the way a real model would read the prompt.
 */
import type { LlmRequest, Reply, Script } from './llm-double.js';

export type PromptKind = 'search' | 'newsearch' | 'navigate' | 'conclude' | 'direct' | 'unknown';

type Answer = Reply | ((request: LlmRequest) => Reply);

export interface AgentScript {
  search?: Answer;
  newsearch?: Answer;
  /** Keyed by URL path of the current page (e.g. "/research/towers.html"). */
  pages?: Record<string, Answer>;
  conclude?: Answer;
  direct?: Answer;
}

export function system(request: LlmRequest): string {
  return request.messages.find((m) => m.role === 'system')?.content ?? '';
}

export function user(request: LlmRequest): string {
  return request.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
}

export function promptKind(request: LlmRequest): PromptKind {
  const s = system(request);
  if (s.includes('into one web search query')) return 'search';
  if (s.includes('previous search queries are used up')) return 'newsearch';
  if (s.includes('You read one web page at a time')) return 'navigate';
  if (s.includes('final answer of a web research run')) return 'conclude';
  if (s.includes('needs no web search')) return 'direct';
  return 'unknown';
}

/** The URL of the page a navigation prompt shows: the first line of its frame. */
export function currentPage(request: LlmRequest): string | undefined {
  return user(request).match(/^Current page:\n\[Start of page\]\nURL: (\S+)$/m)?.[1];
}

/** The number the prompt gave to the link whose URL ends with `suffix`. */
export function linkNumber(request: LlmRequest, suffix: string): number {
  for (const m of user(request).matchAll(/^\[(\d+)\] .*<(\S+)>$/gm)) {
    if (m[2]!.endsWith(suffix)) return Number(m[1]);
  }
  throw new Error(`agent script: no link to ${suffix} offered in the prompt`);
}

function answer(value: Answer | undefined, request: LlmRequest, what: string): Reply {
  if (value === undefined) return { status: 500, errorMessage: `agent script: no answer for ${what}` };
  return typeof value === 'function' ? value(request) : value;
}

export function agentScript(script: AgentScript): Script {
  return (request) => {
    const kind = promptKind(request);
    if (kind === 'navigate') {
      const url = currentPage(request) ?? '';
      const path = url ? new URL(url).pathname : '';
      return answer(script.pages?.[path], request, `page ${path}`);
    }
    if (kind === 'unknown') return { status: 500, errorMessage: 'agent script: unknown prompt' };
    return answer(script[kind], request, kind);
  };
}
