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
  return cmd
    .addOption(new Option('--search <engine>', 'search engine (env SCOUT_SEARCH; key of brave in BRAVE_API_KEY)').choices(['searxng', 'brave']))
    .option('--searxng-url <url>', 'SearxNG URL (env SEARXNG_URL; default http://127.0.0.1:8080)')
    .option('--max-results <n>', 'search results to consider (default 16)')
    .option('--search-timeout <ms>', 'timeout of one search request in ms (env SCOUT_SEARCH_TIMEOUT_MS; default 15000 SearxNG, 30000 Brave)');
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
