/** `scout search <query>`: search only; results on stdout, progress and warnings on stderr. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { standaloneSearch } from '../compose.js';
import { printedAsJson, ScoutError } from '../errors.js';
import type { SearchProvider, SearchResponse } from '../search/types.js';
import { createProgress } from '../ui/progress.js';
import { terminalText } from '../util/terminal-text.js';
import { writeJson, type CommandContext } from './io.js';
import { configFor } from './options.js';

interface SearchFlags {
  json?: boolean;
  raw?: boolean;
  saveResults?: string;
}

/** Write the query, the refined results and the engine's own answer to <dir>/search-<time>-<engine>.json. */
function saveResults(dir: string, engine: string, query: string, response: SearchResponse): string {
  const at = new Date();
  const file = join(dir, `search-${at.toISOString().replace(/[:.]/g, '-')}-${engine}.json`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, JSON.stringify({ query, engine, at: at.toISOString(), results: response.results, raw: response.raw }, null, 2) + '\n');
  } catch (error) {
    throw new ScoutError('BAD_OPTION', `cannot write search results to ${dir}: ${(error as Error).message}`, 'give --save-results a writable directory');
  }
  return file;
}

export async function searchAction(context: CommandContext, words: string[], _opts: unknown, command: Command): Promise<void> {
  const { io } = context;
  const config = configFor(command, io);
  const flags = command.opts<SearchFlags>();
  const query = words.join(' ').trim();
  if (query === '') throw new ScoutError('EMPTY_QUESTION', 'the search query is empty', 'usage: scout search <query...>');
  const progress = createProgress({ quiet: config.quiet, stream: io.stderr, env: io.env });
  const search = standaloneSearch(config, { onWarning: (message) => progress.warn(message) });
  let response: SearchResponse;
  let provider: SearchProvider;
  try {
    const choice = await search.choose();
    if (choice.notice) progress.warn(choice.notice);
    provider = choice.provider;
    progress.step(`searching ${provider.name} for "${query}"`);
    response = await provider.searchRaw(query, { count: config.maxResults, language: config.lang });
  } finally {
    progress.stop();
    await search.close();
  }
  if (flags.saveResults) progress.info(`saved to ${saveResults(flags.saveResults, provider.name, query, response)}`);
  if (flags.raw) {
    if (typeof response.raw === 'string') io.stdout.write(terminalText(response.raw));
    else writeJson(io, response.raw);
  } else if (flags.json) writeJson(io, response.results);
  if (response.results.length === 0) {
    const nothing = new ScoutError('NOTHING_FOUND', `${provider.name} found nothing for "${query}"`, 'try other or fewer words, or another engine with --search');
    // The (empty) results already are the one JSON document on stdout.
    if (flags.json || flags.raw) printedAsJson.add(nothing);
    throw nothing;
  }
  progress.info(`${response.results.length} result${response.results.length === 1 ? '' : 's'} from ${provider.name}`);
  if (!flags.raw && !flags.json) {
    for (const r of response.results) io.stdout.write(`${terminalText(r.title, { oneLine: true })}\t${terminalText(r.url, { oneLine: true })}\n`);
  }
}
