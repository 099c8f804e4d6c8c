/** Option groups shared by the commands, so each flag is spelt once. */
import { Option, type Command } from 'commander';
import { loadConfig, settingOfFlag, type Config, type Flags } from '../config.js';
import type { Io } from './io.js';

export function addLlmOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--provider <name>', 'LLM provider (env SCOUT_PROVIDER)').choices(['ollama', 'openai']))
    .option('--model <name>', 'model name (env SCOUT_MODEL; default qwen3:8b)')
    .option('--llm-url <url>', 'LLM server URL (env OLLAMA_HOST or OPENAI_BASE_URL)')
    .option('--ctx <tokens>', 'context window ceiling in tokens (env SCOUT_CTX; default 16384)')
    .option('--llm-timeout <ms>', 'timeout of one LLM call in ms (env SCOUT_LLM_TIMEOUT_MS; default 300000)')
    .addOption(new Option('--think <mode>', "a reasoning model's thinking (env SCOUT_THINK; default off)").choices(['off', 'on']));
}

export function addSearchOptions(cmd: Command): Command {
  return addBraveOptions(cmd)
    .addOption(
      new Option('--search <engine>', 'search engine (env SCOUT_SEARCH; default auto: SearxNG when it answers, else the browser; key of brave in BRAVE_API_KEY)').choices(['auto', 'searxng', 'brave', 'browser']),
    )
    .option('--searxng-url <url>', 'SearxNG URL (env SEARXNG_URL; default http://127.0.0.1:8080)')
    .option('--browser-engines <list>', 'engines browser search asks, in order, each as name or name=url (env SCOUT_BROWSER_ENGINES; default duckduckgo,mojeek,bing,brave)')
    .option('--max-results <n>', 'search results to consider (default 16)')
    .option('--search-timeout <ms>', 'timeout of one search request in ms (env SCOUT_SEARCH_TIMEOUT_MS; default 15000 SearxNG, 30000 Brave)');
}

/** Repeated --brave-header flags, one header each, as the "Name: value" lines config.ts reads. */
const collectLines = (value: string, previous: string | undefined) => (previous ? `${previous}\n${value}` : value);

/** Brave Web Search's key, endpoint, rate, parameters and headers (each also an env variable and a config key). */
export function addBraveOptions(cmd: Command): Command {
  return cmd
    .option('--brave-api-key <key>', 'Brave Search API key (env BRAVE_API_KEY; this flag or "braveApiKey" in the config file wins over it)')
    .option('--brave-url <url>', 'Brave Search API base URL (env BRAVE_API_URL)')
    .option('--brave-requests-per-second <n>', 'Brave requests per second for the whole process, e.g. 0.5; 0: no limit (env BRAVE_REQUESTS_PER_SECOND; default 1)')
    .option('--brave-country <code>', 'Brave: country the results come from, e.g. DE, or ALL (env BRAVE_COUNTRY)')
    .option('--brave-search-lang <code>', "Brave: language of the results, e.g. de, pt-br, jp (env BRAVE_SEARCH_LANG; default: the question's language)")
    .option('--brave-offset <n>', 'Brave: result page to start from, 0-9 (env BRAVE_OFFSET)')
    .option('--brave-safesearch <level>', 'Brave: off, moderate or strict (env BRAVE_SAFESEARCH)')
    .option('--brave-freshness <when>', 'Brave: pd, pw, pm, py or YYYY-MM-DDtoYYYY-MM-DD (env BRAVE_FRESHNESS)')
    .option('--brave-spellcheck <on|off>', 'Brave: correct the query\'s spelling (env BRAVE_SPELLCHECK)')
    .option('--brave-text-decorations <on|off>', 'Brave: highlight markers in snippets (env BRAVE_TEXT_DECORATIONS; default off)')
    .option('--brave-extra-snippets <on|off>', 'Brave: up to 5 more excerpts per result, shown instead of the description (env BRAVE_EXTRA_SNIPPETS)')
    .option('--brave-operators <on|off>', 'Brave: apply search operators such as site: (env BRAVE_OPERATORS)')
    .option('--brave-header <name: value>', 'Brave: a request header it documents, e.g. "X-Loc-City: Berlin"; repeat for more (env BRAVE_HEADERS)', collectLines);
}

export function addBrowserOptions(cmd: Command): Command {
  return cmd
    .option('--headful', 'show the browser window')
    .option('--chrome <path>', 'Chrome/Chromium executable (env CHROME_PATH, PUPPETEER_EXECUTABLE_PATH)')
    .option('--cdp-url <url>', 'connect to a running Chrome (ws:// or http:// DevTools endpoint) instead of launching one')
    .option('--no-stealth', 'launch without the stealth evasions')
    .option('--allow-private-network', 'let the browser open loopback and private addresses')
    .option('--profile <dir>', 'persistent Chrome profile directory (default: a fresh one, removed at exit)');
}

export function addResearchOptions(cmd: Command): Command {
  return cmd
    .option('--max-pages <n>', 'pages to read at most (env SCOUT_MAX_PAGES; default 12)')
    .option('--no-condense', 'show the model whole pages instead of a question-focused condensation of long ones (env SCOUT_CONDENSE)')
    .option('--time-limit <seconds>', 'stop browsing after this many seconds and answer (env SCOUT_TIME_LIMIT)')
    .option('--lang <code>', 'answer language, e.g. en, zh, de (default: the language of the question)');
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A research run's own sources and its follow-up (not settings: they belong to one question). */
export function addSourceOptions(cmd: Command): Command {
  return cmd
    .option('-c, --continue [id]', 'a follow-up: continue the last run (or run <id>, as `scout history` lists it) with its notes')
    .option('--url <url>', 'read this page first, before any search (repeatable)', collect)
    .option('--site <host>', 'keep search results to this site, e.g. example.org (repeatable)', collect)
    .option('--exclude-site <host>', 'drop search results from this site (repeatable)', collect)
    .addOption(new Option('--since <age>', 'only results from the last year, month, week or day').choices(['1y', '1m', '1w', '1d']));
}

export function addCommonOptions(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'config file (env SCOUT_CONFIG; default $XDG_CONFIG_HOME/scout/config.json)')
    .option('--json', 'print one JSON object on stdout')
    .option('-q, --quiet', 'no progress on stderr')
    .option('-v, --verbose', 'more detail, and stacks on errors');
}

/**
 * The settings the user actually typed, keyed as in Config. Commander fills in
 * defaults (a negatable --no-stealth defaults stealth to true); those must not
 * override the environment or the config file.
 */
export function typedFlags(cmd: Command): Flags {
  const flags: Flags = {};
  for (const option of cmd.options) {
    const attribute = option.attributeName();
    if (cmd.getOptionValueSource(attribute) !== 'cli') continue;
    const key = settingOfFlag(option.long ?? '');
    if (key) flags[key] = cmd.getOptionValue(attribute) as string | boolean;
  }
  return flags;
}

/** The validated config for a command: its typed flags over env, config file and defaults. */
export function configFor(cmd: Command, io: Io): Config {
  const { config } = cmd.opts<{ config?: string }>();
  return loadConfig(typedFlags(cmd), io.env, config);
}
