/** The research result as the Markdown report printed on stdout (and written with -o). */
import type { ResearchResult, Source } from '../agent/types.js';

export function sourcesMarkdown(sources: readonly Source[]): string {
  if (sources.length === 0) return '';
  return ['Sources:', ...sources.map((s) => `[${s.n}] ${s.title ? `${s.title} — ` : ''}${s.url}`)].join('\n');
}

function visitedList(result: ResearchResult): string {
  if (result.visited.length === 0) return 'No page could be read.';
  return ['Pages read:', ...result.visited.map((v) => `- ${v.url}${v.error ? ` (${v.error})` : ''}`)].join('\n');
}

/** The answer, or a plain statement that nothing supported was found, followed by the Sources. */
export function markdownReport(result: ResearchResult): string {
  if (result.answer.trim() === '') {
    return `No supported answer was found for: ${result.question}\n\n${visitedList(result)}\n`;
  }
  const sources = sourcesMarkdown(result.sources);
  return `${result.answer.trim()}\n${sources ? `\n${sources}\n` : ''}`;
}

/** After an answer was streamed, only the rest of the report remains to print. */
export function reportTail(result: ResearchResult): string {
  const sources = sourcesMarkdown(result.sources);
  return sources ? `\n\n${sources}\n` : '\n';
}
