/**
 * The commander program: commands, their options, and the one place where
 * errors become stderr lines and exit codes. No logic beyond wiring.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { BROWSER_PARAM_OPTIONS } from './commands/browser-options.js';
import type { ResearchFlags } from './commands/research.js';
import { writeJson, type CommandContext } from './commands/io.js';
import { addBrowserOptions, addCommonOptions, addLlmOptions, addResearchOptions, addSearchOptions, addSourceOptions, configFor } from './commands/options.js';
import { followUpTarget } from './commands/sources.js';
import type { Config } from './config.js';
import { errorJson, EXIT, exitCodeOf, formatError, messageOf, printedAsJson, ScoutError } from './errors.js';
import { processIo, type Io } from './io.js';
import { readQuestion } from './question.js';
import { terminalJson } from './util/terminal-text.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The config as printed by `scout config` and --dry-run: keys masked. */
function printable(config: Config): Record<string, unknown> {
  const mask = (v: string | undefined) => (v === undefined ? undefined : '***');
  return { ...config, openaiApiKey: mask(config.openaiApiKey), braveApiKey: mask(config.braveApiKey) };
}

/**
 * A subcommand's module is imported when the subcommand runs, not at start-up:
 * a research run does not load the MCP server, and `--help` loads no browser.
 */
function lazyAction<A extends unknown[]>(context: CommandContext, load: () => Promise<(context: CommandContext, ...args: A) => Promise<void>>) {
  return async (...args: A) => (await load())(context, ...args);
}

function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const context: CommandContext = { io, setExit };
  const program = new Command('scout')
    .description('Research a question on the web: search, read pages in a stealth Chromium, answer with sources.')
    .version(version(), '-V, --version')
    .enablePositionalOptions()
    .showSuggestionAfterError(true)
    .argument('[question...]', 'the question (or pipe it on stdin)')
    .option('-o, --output <file>', 'also write the Markdown report to this file')
    .option('--trace <file.jsonl>', 'write one JSON line per event (LLM call, search, page, note, action)')
    .addOption(new Option('--secret <name@site=value>', 'a value to fill only into POST forms of its site, never shown to the model or written out (repeatable)').argParser((v: string, prev: string[] = []) => [...prev, v]))
    .option('--dry-run', 'print the resolved question and config as JSON, and stop');
  addCommonOptions(addBrowserOptions(addSearchOptions(addLlmOptions(addResearchOptions(addSourceOptions(program))))));

  program.action(async (words: string[], _opts: unknown, cmd: Command) => {
    const config = configFor(cmd, io);
    const { target, words: questionWords } = followUpTarget(cmd.opts<ResearchFlags>().continue, words);
    const question = await readQuestion(questionWords, io.stdin);
    if (cmd.opts<{ dryRun?: boolean }>().dryRun) {
      writeJson(io, { question, config: printable(config) });
      return;
    }
    const { runResearch } = await import('./commands/research.js');
    setExit(await runResearch(question, config, { ...cmd.opts<ResearchFlags>(), ...(target ? { followUp: target } : {}) }, io));
  });

  addCommonOptions(program.command('history'))
    .description('list the runs kept for follow-ups, newest first: id, time, stoppedBy, question')
    .option('--limit <n>', 'runs to list (default 20)')
    .action(lazyAction(context, async () => (await import('./commands/history.js')).historyAction));

  addCommonOptions(program.command('show'))
    .description('print a kept run again (its Markdown report, or the kept record with --json)')
    .argument('<id>', 'the run id, as `scout history` lists it')
    .action(lazyAction(context, async () => (await import('./commands/show.js')).showAction));

  addCommonOptions(addSearchOptions(addLlmOptions(program.command('doctor'))))
    .description('check Chrome, the LLM (reachable, model present) and the search engine')
    .option('--chrome <path>', 'Chrome/Chromium executable (env CHROME_PATH, PUPPETEER_EXECUTABLE_PATH)')
    .action(async (_opts: unknown, cmd: Command) => {
      const { runDoctor } = await import('./commands/doctor.js');
      setExit(await runDoctor(configFor(cmd, io), io, Boolean(cmd.opts<{ json?: boolean }>().json)));
    });

  addCommonOptions(addBrowserOptions(addSearchOptions(addLlmOptions(program.command('search')))))
    .description('search only: one result per line (title, url), or --json')
    .argument('<query...>', 'the search query')
    .option('--raw', 'print the engine\'s own answer (Brave or SearxNG JSON) instead of the refined results')
    .option('--save-results <dir>', 'also write the query, results and raw answer to a timestamped JSON file in <dir>')
    .action(lazyAction(context, async () => (await import('./commands/search.js')).searchAction));

  addCommonOptions(addBrowserOptions(program.command('read')))
    .description('print the Markdown the agent would see for a page')
    .argument('<url>', 'the page to read')
    .action(lazyAction(context, async () => (await import('./commands/read.js')).readAction));

  const browser = addCommonOptions(addBrowserOptions(program.command('browser')))
    .description('the browser tool: doctor, status, start, stop, tabs, open, focus, close, snapshot, screenshot, navigate, act, requests, errors, text, emulate')
    .argument('<action>', 'the browser action')
    .argument('[args...]', 'the action\'s arguments');
  for (const [flags, description] of BROWSER_PARAM_OPTIONS) browser.option(flags, description);
  browser.action(lazyAction(context, async () => (await import('./commands/browser.js')).browserAction));

  addCommonOptions(addBrowserOptions(addSearchOptions(addLlmOptions(addResearchOptions(program.command('batch'))))))
    .description('research many questions, N at a time on one Chromium: one JSON line per question; rerun with the same -o to resume')
    .argument('<file>', 'questions.txt (one question a line) or questions.jsonl ({"question": "...", "id": "..."} a line)')
    .option('--jobs <n>', 'questions researched at a time', '1')
    .option('-o, --output <file>', 'append the result lines to this file (and skip the questions answered there)')
    .option('--trace <file.jsonl>', 'write one JSON line per event, each with its question\'s id')
    .action(lazyAction(context, async () => (await import('./commands/batch.js')).batchAction));

  addCommonOptions(addBrowserOptions(addSearchOptions(addLlmOptions(addResearchOptions(program.command('mcp'))))))
    .description('run as an MCP server on stdio with the tools research, browser and search')
    .action(lazyAction(context, async () => (await import('./commands/mcp.js')).mcpAction));

  addCommonOptions(addBrowserOptions(addSearchOptions(addLlmOptions(addResearchOptions(program.command('config'))))))
    .description('print the resolved configuration (flags > env > config file > defaults) as JSON')
    .action((_opts: unknown, cmd: Command) => writeJson(io, printable(configFor(cmd, io))));

  for (const cmd of [program, ...program.commands]) {
    cmd.exitOverride().configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => {},
    });
  }
  return program;
}

/**
 * Write errors on the output streams end scout quietly, never with a stack.
 * stdout closed by its reader (`scout read … | head -1`: EPIPE) exits 0, since
 * the reader took what it wanted; any other failure (a full disk: ENOSPC) says
 * so in one line and exits 5. A broken stderr only silences the progress.
 */
function exitOnOutputErrors(io: Io): void {
  io.stderr.on('error', () => {});
  io.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT.ok);
    const failure = new ScoutError('OUTPUT_FAILED', `cannot write to stdout: ${error.code ?? messageOf(error)}`, 'free some space on the disk stdout goes to, or send it elsewhere');
    io.stderr.write(formatError(failure, false));
    process.exit(failure.exitCode);
  });
}

function commanderMessage(error: CommanderError): string {
  return error.message.replace(/^error:\s*/, '');
}

/** Run the CLI; resolves to the process exit code. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let exitCode: number = EXIT.ok;
  exitOnOutputErrors(io);
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  try {
    await buildProgram(io, (code) => (exitCode = code)).parseAsync(argv);
    return exitCode;
  } catch (caught) {
    let error = caught;
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
      error = new ScoutError('USAGE', commanderMessage(error), 'see `scout --help`');
    }
    // --json promises one JSON object on stdout, failures included.
    if (argv.includes('--json') && !(error instanceof Object && printedAsJson.has(error))) io.stdout.write(`${terminalJson({ error: errorJson(error) })}\n`);
    io.stderr.write(formatError(error, verbose && !(caught instanceof CommanderError)));
    return exitCodeOf(error);
  }
}
