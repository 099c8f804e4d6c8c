/** The research result as the Markdown report printed on stdout (and written with -o), terminal control sequences stripped. */
import type { ResearchResult, Source } from '../agent/types.js';
import { terminalText } from '../util/terminal-text.js';

export function sourcesMarkdown(sources: readonly Source[]): string {
  if (sources.length === 0) return '';
  // A title is one line: a newline in it would make up a source of its own.
  const line = (text: string) => terminalText(text, { oneLine: true });
  return ['Sources:', ...sources.map((s) => `[${s.n}] ${s.title ? `${line(s.title)} — ` : ''}${line(s.url)}${s.unverified ? ' (unverified: not found on the page)' : ''}`)].join('\n');
}

function visitedList(result: ResearchResult): string {
  if (result.visited.length === 0) return 'No page could be read.';
  return ['Pages read:', ...result.visited.map((v) => `- ${v.url}${v.error ? ` (${v.error})` : ''}`)].join('\n');
}

/** The notes of a run none of which its page backs, each with its page and why it could not be checked. */
function uncheckedNotes(result: ResearchResult): string {
  if (result.notes.length === 0) return '';
  const lines = result.notes.map((n) => `- ${n.text}\n  (${n.url}; not checked: ${n.reason ?? 'its quotes are not on the page'})`);
  return ['Notes found, none of which could be checked against its page:', ...lines].join('\n') + '\n\n';
}

/** One line: why a run ended without a supported answer. */
export function noAnswerReason(result: ResearchResult): string {
  const pages = result.visited.filter((v) => !v.error).length;
  if (pages === 0) return 'no page could be read';
  if (result.notes.length === 0) return `none of the ${pages} page${pages === 1 ? '' : 's'} read had a note on the question`;
  if (result.notes.every((n) => n.support === 'unverified')) return `${result.notes.length} note${result.notes.length === 1 ? ' was' : 's were'} found, but none could be checked against its page (they are on stdout)`;
  return 'the model wrote no answer from the notes';
}

/** The answer, or a plain statement that nothing supported was found with the notes there were, followed by the Sources. */
export function markdownReport(result: ResearchResult): string {
  if (result.answer.trim() === '') {
    return terminalText(`No supported answer was found for: ${result.question}\n\n${uncheckedNotes(result)}${visitedList(result)}\n`);
  }
  const sources = sourcesMarkdown(result.sources);
  return terminalText(`${result.answer.trim()}\n${sources ? `\n${sources}\n` : ''}`);
}

/** After an answer was streamed, only the rest of the report remains to print. */
export function reportTail(result: ResearchResult): string {
  const sources = sourcesMarkdown(result.sources);
  return terminalText(sources ? `\n\n${sources}\n` : '\n');
}
