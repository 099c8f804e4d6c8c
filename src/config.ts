/**
 * Configuration, resolved once in layers: defaults < config file < environment < flags.
 * Every value is validated here, so the rest of scout can trust the typed object.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isSecretName, maskedInJson, secretOrigin } from './agent/secrets.js';
import type { BoundSecret } from './agent/types.js';
import { ScoutError } from './errors.js';
import { BRAVE_DEFAULTS, braveFields, braveFileValue, type BraveSettings, type Check } from './search/brave-config.js';
import { DEFAULT_BROWSER_ENGINES, parseEngineList, type BrowserEngine } from './search/engines.js';

export type Provider = 'ollama' | 'openai';
export type SearchEngine = 'auto' | 'searxng' | 'brave' | 'browser';
export type ThinkMode = 'off' | 'on';

export interface Config extends BraveSettings {
  provider: Provider;
  model: string;
  /** Base URL of the LLM server; undefined means the provider's own default. */
  llmUrl: string | undefined;
  openaiApiKey: string | undefined;
  /** Ceiling for the model context in tokens (Ollama num_ctx). */
  ctx: number;
  llmTimeoutMs: number;
  /** A reasoning model's thinking: off (the default) for every call, or on. */
  think: ThinkMode;
  /** auto: SearxNG when it answers at searxngUrl, else the browser. */
  search: SearchEngine;
  searxngUrl: string;
  /** The engines browser search asks, in order, each at its base URL. */
  browserEngines: readonly BrowserEngine[];
  /** Timeout of one search request in ms; undefined: the engine's default (SearxNG 15 s, Brave 30 s). */
  searchTimeoutMs: number | undefined;
  maxPages: number;
  maxResults: number;
  /** Show a long page to the model as a question-focused condensation (the default) instead of its whole text. */
  condense: boolean;
  /** Seconds; undefined means no limit. */
  timeLimit: number | undefined;
  lang: string | undefined;
  chrome: string | undefined;
  cdpUrl: string | undefined;
  headful: boolean;
  stealth: boolean;
  allowPrivateNetwork: boolean;
  profile: string | undefined;
  quiet: boolean;
  verbose: boolean;
  /** The config file's "secrets", each bound to its site; --secret flags add to them. */
  secrets: Readonly<Record<string, BoundSecret>>;
}

export const DEFAULTS: Config = {
  provider: 'ollama',
  model: 'qwen3:8b',
  llmUrl: undefined,
  openaiApiKey: undefined,
  ctx: 16384,
  llmTimeoutMs: 300_000,
  think: 'off',
  search: 'auto',
  searxngUrl: 'http://127.0.0.1:8080',
  browserEngines: DEFAULT_BROWSER_ENGINES,
  searchTimeoutMs: undefined,
  ...BRAVE_DEFAULTS,
  maxPages: 12,
  maxResults: 16,
  condense: true,
  timeLimit: undefined,
  lang: undefined,
  chrome: undefined,
  cdpUrl: undefined,
  headful: false,
  stealth: true,
  allowPrivateNetwork: false,
  profile: undefined,
  quiet: false,
  verbose: false,
  secrets: {},
};

/** The settings of one scalar value each (the secrets are a table of their own, from the config file). */
type Key = Exclude<keyof Config, 'secrets'>;
type Raw = string | number | boolean | undefined;
/** Where a value came from, so an error names the flag, variable or file key. */
type Source = { kind: 'flag' | 'env' | 'file'; name: string };

interface Field {
  flag: string;
  env?: readonly string[];
  parse: (value: Raw, source: Source) => Config[Key];
  /** The config file's value wins over the environment (an explicit API key). */
  fileBeforeEnv?: boolean;
}

const PROVIDERS: readonly Provider[] = ['ollama', 'openai'];
const ENGINES: readonly SearchEngine[] = ['auto', 'searxng', 'brave', 'browser'];
const THINK_MODES: readonly ThinkMode[] = ['off', 'on'];

const describe = (source: Source): string =>
  source.kind === 'flag' ? source.name : source.kind === 'env' ? `environment variable ${source.name}` : `config key "${source.name}"`;

function bad(source: Source, value: Raw, expected: string): ScoutError {
  return new ScoutError('BAD_OPTION', `invalid value for ${describe(source)}: ${JSON.stringify(value)}`, `expected ${expected}`);
}

const text = (value: Raw, source: Source): string => {
  if (typeof value !== 'string' || value.trim() === '') throw bad(source, value, 'a non-empty string');
  return value.trim();
};

/** A setting that may be absent: undefined stays undefined, anything else must parse. */
const optional = <T>(parse: (value: Raw, source: Source) => T) => (value: Raw, source: Source): T | undefined => (value === undefined ? undefined : parse(value, source));

function integer(min: number, max: number) {
  return (value: Raw, source: Source): number => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) throw bad(source, value, `a whole number from ${min} to ${max}`);
    return n;
  };
}

function oneOf<T extends string>(choices: readonly T[]) {
  return (value: Raw, source: Source): T => {
    const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
    if (typeof v !== 'string' || !choices.includes(v as T)) throw bad(source, value, `one of ${choices.join(', ')}`);
    return v as T;
  };
}

const boolean = (value: Raw, source: Source): boolean => {
  if (typeof value === 'boolean') return value;
  const v = String(value).trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  throw bad(source, value, 'true or false');
};

/** An http(s) URL; a bare host:port (as OLLAMA_HOST often is) gets http://. */
function httpUrl(value: Raw, source: Source): string {
  let raw = text(value, source);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) raw = `http://${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad(source, value, 'an http(s) URL such as http://127.0.0.1:8080');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(source, value, 'an http(s) URL such as http://127.0.0.1:8080');
  return url.href.replace(/\/+$/, '');
}

function cdpUrl(value: Raw, source: Source): string | undefined {
  if (value === undefined) return undefined;
  const raw = text(value, source);
  if (!/^(wss?|https?):\/\/[^\s/]+/i.test(raw)) throw bad(source, value, 'a ws://, wss://, http:// or https:// DevTools endpoint');
  return raw;
}

function engineList(value: Raw, source: Source): BrowserEngine[] {
  const engines = parseEngineList(text(value, source));
  if (typeof engines === 'string') throw bad(source, value, engines);
  return engines;
}

/** A check of search/ (Brave's parameters and headers) as a parser that names the flag, variable or file key. */
const checkedBy = (check: Check) => (value: Raw, source: Source): Config[Key] => {
  const checked = check(value);
  if ('expected' in checked) throw bad(source, value, checked.expected);
  return checked.value as Config[Key];
};

function language(value: Raw, source: Source): string | undefined {
  if (value === undefined) return undefined;
  const v = text(value, source);
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(v)) throw bad(source, value, 'a language code such as en, zh or pt-BR');
  return v;
}

/** The table of every setting: its flag, its environment variables, its parser. */
const FIELDS: { [K in Key]: Field } = {
  provider: { flag: '--provider', env: ['SCOUT_PROVIDER'], parse: oneOf(PROVIDERS) },
  model: { flag: '--model', env: ['SCOUT_MODEL'], parse: text },
  llmUrl: { flag: '--llm-url', env: ['SCOUT_LLM_URL'], parse: optional(httpUrl) },
  openaiApiKey: { flag: '--openai-api-key', env: ['OPENAI_API_KEY'], parse: optional(text) },
  ctx: { flag: '--ctx', env: ['SCOUT_CTX'], parse: integer(2048, 1_048_576) },
  llmTimeoutMs: { flag: '--llm-timeout', env: ['SCOUT_LLM_TIMEOUT_MS'], parse: integer(1000, 3_600_000) },
  think: { flag: '--think', env: ['SCOUT_THINK'], parse: oneOf(THINK_MODES) },
  search: { flag: '--search', env: ['SCOUT_SEARCH'], parse: oneOf(ENGINES) },
  searxngUrl: { flag: '--searxng-url', env: ['SEARXNG_URL'], parse: httpUrl },
  browserEngines: { flag: '--browser-engines', env: ['SCOUT_BROWSER_ENGINES'], parse: engineList },
  searchTimeoutMs: { flag: '--search-timeout', env: ['SCOUT_SEARCH_TIMEOUT_MS'], parse: optional(integer(100, 600_000)) },
  ...braveFields(checkedBy, httpUrl, optional(text)),
  maxPages: { flag: '--max-pages', env: ['SCOUT_MAX_PAGES'], parse: integer(1, 200) },
  maxResults: { flag: '--max-results', env: ['SCOUT_MAX_RESULTS'], parse: integer(1, 50) },
  condense: { flag: '--no-condense', env: ['SCOUT_CONDENSE'], parse: boolean },
  timeLimit: { flag: '--time-limit', env: ['SCOUT_TIME_LIMIT'], parse: optional(integer(1, 86_400)) },
  lang: { flag: '--lang', env: ['SCOUT_LANG'], parse: language },
  chrome: { flag: '--chrome', env: ['CHROME_PATH', 'PUPPETEER_EXECUTABLE_PATH'], parse: optional(text) },
  cdpUrl: { flag: '--cdp-url', env: ['SCOUT_CDP_URL'], parse: cdpUrl },
  headful: { flag: '--headful', env: ['SCOUT_HEADFUL'], parse: boolean },
  stealth: { flag: '--no-stealth', env: ['SCOUT_STEALTH'], parse: boolean },
  allowPrivateNetwork: { flag: '--allow-private-network', env: ['SCOUT_ALLOW_PRIVATE_NETWORK'], parse: boolean },
  profile: { flag: '--profile', env: ['SCOUT_PROFILE'], parse: optional(text) },
  quiet: { flag: '--quiet', parse: boolean },
  verbose: { flag: '--verbose', parse: boolean },
};

/** The config key behind a command-line flag ("--llm-timeout" -> "llmTimeoutMs"), if it is a setting. */
export function settingOfFlag(flag: string): Key | undefined {
  return (Object.keys(FIELDS) as Key[]).find((key) => FIELDS[key].flag === flag);
}

/**
 * The LLM URL comes from a provider-specific variable when --llm-url and
 * SCOUT_LLM_URL are absent: OLLAMA_HOST for ollama, OPENAI_BASE_URL for openai.
 */
const PROVIDER_URL_ENV: Record<Provider, string> = { ollama: 'OLLAMA_HOST', openai: 'OPENAI_BASE_URL' };

export type Flags = Partial<Record<Key, Raw>>;
export type FileValues = Record<string, unknown>;

export interface ConfigLayers {
  flags?: Flags;
  env?: NodeJS.ProcessEnv;
  file?: FileValues;
  filePath?: string;
}

function fromFile(file: FileValues, filePath: string): Flags {
  const out: Flags = {};
  for (const [key, value] of Object.entries(file).map(([k, v]) => braveFileValue(k, v))) {
    if (key === 'secrets') continue;
    if (!(key in FIELDS)) throw new ScoutError('BAD_CONFIG_FILE', `unknown key "${key}" in ${filePath}`, `known keys: ${[...Object.keys(FIELDS), 'secrets'].join(', ')}`);
    if (value === null || value === undefined) continue;
    if (!['string', 'number', 'boolean'].includes(typeof value)) throw new ScoutError('BAD_CONFIG_FILE', `config key "${key}" in ${filePath} must be a string, number or boolean`);
    out[key as Key] = value as Raw;
  }
  return out;
}

/** Resolve the layers into one validated Config. Throws ScoutError (exit 2) on a bad value. */
export function resolveConfig(layers: ConfigLayers): Config {
  const env = layers.env ?? {};
  const file = layers.file ? fromFile(layers.file, layers.filePath ?? 'config file') : {};
  const flags = layers.flags ?? {};
  const config: Record<string, unknown> = { ...DEFAULTS };

  for (const key of Object.keys(FIELDS) as Key[]) {
    const field = FIELDS[key];
    let value: Raw;
    let source: Source | undefined;
    if (flags[key] !== undefined) {
      value = flags[key];
      source = { kind: 'flag', name: field.flag };
    } else {
      const envName = field.env?.find((name) => env[name] !== undefined && env[name] !== '');
      if (envName && !(field.fileBeforeEnv && file[key] !== undefined)) {
        value = env[envName];
        source = { kind: 'env', name: envName };
      } else if (file[key] !== undefined) {
        value = file[key];
        source = { kind: 'file', name: key };
      }
    }
    if (source) config[key] = field.parse(value, source);
  }

  const resolved = config as unknown as Config;
  if (layers.file?.secrets !== undefined) resolved.secrets = fileSecrets(layers.file.secrets, layers.filePath ?? 'config file', env);
  if (resolved.llmUrl === undefined) {
    const name = PROVIDER_URL_ENV[resolved.provider];
    const value = env[name];
    if (value !== undefined && value !== '') resolved.llmUrl = httpUrl(value, { kind: 'env', name });
  }
  return resolved;
}

const SECRET_HINT = 'for example "secrets": {"password": {"origin": "https://example.org", "env": "EXAMPLE_PASSWORD"}} (or "value" instead of "env")';

/**
 * The config file's secrets: {"name": {"origin": "https://example.org", "value": "…"}},
 * or "env": "VARIABLE" to read the value from the environment. Errors never show a value.
 */
function fileSecrets(raw: unknown, filePath: string, env: NodeJS.ProcessEnv): Record<string, BoundSecret> {
  const bad = (message: string) => new ScoutError('BAD_CONFIG_FILE', `${filePath}: ${message}`, SECRET_HINT);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('config key "secrets" must be an object of named secrets');
  const secrets: Record<string, BoundSecret> = {};
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (!isSecretName(name)) throw bad(`invalid secret name "${name}" (letters, digits, _ and -, starting with a letter)`);
    const { origin, value, env: variable } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const site = typeof origin === 'string' ? secretOrigin(origin) : undefined;
    if (!site) throw bad(`secret "${name}" needs "origin", the http(s) address of the site it belongs to`);
    if (typeof variable === 'string' && value === undefined) {
      const fromEnv = env[variable];
      if (fromEnv === undefined || fromEnv === '') throw bad(`secret "${name}" reads environment variable ${variable}, which is not set`);
      secrets[name] = { origin: site, value: fromEnv };
    } else if (typeof value === 'string' && value !== '' && variable === undefined) {
      secrets[name] = { origin: site, value };
    } else {
      throw bad(`secret "${name}" needs either "value" (a non-empty string) or "env" (the name of an environment variable)`);
    }
  }
  return maskedInJson(secrets);
}

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'scout', 'config.json');
}

/**
 * Read the JSON config file. A missing default file is fine; a missing file
 * named explicitly, or one that does not parse, is a usage error.
 */
export function readConfigFile(path: string, explicit: boolean): FileValues | undefined {
  let body: string;
  try {
    body = readFileSync(path, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ScoutError('BAD_CONFIG_FILE', `cannot read config file ${path}`, 'check the path given to --config');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new ScoutError('BAD_CONFIG_FILE', `config file ${path} is not valid JSON: ${(error as Error).message}`, 'fix the JSON or remove the file');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ScoutError('BAD_CONFIG_FILE', `config file ${path} must hold a JSON object`, 'for example {"model": "qwen3:8b"}');
  }
  return parsed as FileValues;
}

/** Load the config file (explicit path or the XDG default) and resolve all layers. */
export function loadConfig(flags: Flags, env: NodeJS.ProcessEnv, configPath?: string): Config {
  const filePath = configPath ?? env.SCOUT_CONFIG ?? defaultConfigPath(env);
  const file = readConfigFile(filePath, configPath !== undefined || env.SCOUT_CONFIG !== undefined);
  return resolveConfig({ flags, env, file, filePath });
}

/** The provider's default endpoint, for messages and clients. */
export function llmBaseUrl(config: Pick<Config, 'provider' | 'llmUrl'>): string {
  if (config.llmUrl) return config.llmUrl;
  return config.provider === 'ollama' ? 'http://127.0.0.1:11434' : 'https://api.openai.com/v1';
}
