import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS, defaultConfigPath, llmBaseUrl, loadConfig, resolveConfig } from '../../src/config.js';
import { removeTempDirs, tempDir } from '../support/temp.js';
import { thrown } from '../support/expect-error.js';

afterAll(removeTempDirs);

describe('resolveConfig precedence', () => {
  it('uses defaults when nothing is given', () => {
    expect(resolveConfig({})).toEqual(DEFAULTS);
  });

  it('file beats defaults, env beats file, flags beat env', () => {
    const file = { model: 'file-model', maxPages: 5, searxngUrl: 'http://file:1' };
    const env = { SCOUT_MODEL: 'env-model', SEARXNG_URL: 'http://env:2' };
    const flags = { model: 'flag-model' };
    const config = resolveConfig({ file, env, flags });
    expect(config.model).toBe('flag-model');
    expect(config.searxngUrl).toBe('http://env:2');
    expect(config.maxPages).toBe(5);
    expect(config.maxResults).toBe(DEFAULTS.maxResults);
  });

  it('reads OLLAMA_HOST for ollama and OPENAI_BASE_URL for openai, adding http:// to a bare host', () => {
    const env = { OLLAMA_HOST: '10.0.0.5:11434', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' };
    expect(resolveConfig({ env }).llmUrl).toBe('http://10.0.0.5:11434');
    expect(resolveConfig({ env, flags: { provider: 'openai' } }).llmUrl).toBe('http://127.0.0.1:8000/v1');
    expect(resolveConfig({ env, flags: { llmUrl: 'http://127.0.0.1:9/' } }).llmUrl).toBe('http://127.0.0.1:9');
  });

  it('takes CHROME_PATH before PUPPETEER_EXECUTABLE_PATH, and --chrome before both', () => {
    const env = { CHROME_PATH: '/a/chrome', PUPPETEER_EXECUTABLE_PATH: '/b/chrome' };
    expect(resolveConfig({ env }).chrome).toBe('/a/chrome');
    expect(resolveConfig({ env: { PUPPETEER_EXECUTABLE_PATH: '/b/chrome' } }).chrome).toBe('/b/chrome');
    expect(resolveConfig({ env, flags: { chrome: '/c/chrome' } }).chrome).toBe('/c/chrome');
  });

  it('parses booleans from env and file', () => {
    expect(resolveConfig({ env: { SCOUT_STEALTH: 'false' } }).stealth).toBe(false);
    expect(resolveConfig({ file: { headful: true } }).headful).toBe(true);
  });
});

describe('resolveConfig validation', () => {
  it.each([
    [{ flags: { maxPages: '0' } }, '--max-pages'],
    [{ flags: { maxPages: 'ten' } }, '--max-pages'],
    [{ flags: { maxResults: '-3' } }, '--max-results'],
    [{ flags: { timeLimit: '1.5' } }, '--time-limit'],
    [{ env: { SCOUT_MAX_PAGES: 'lots' } }, 'environment variable SCOUT_MAX_PAGES'],
    [{ env: { SEARXNG_URL: 'ftp://x' } }, 'environment variable SEARXNG_URL'],
    [{ flags: { llmUrl: 'http://' } }, '--llm-url'],
    [{ flags: { provider: 'claude' } }, '--provider'],
    [{ flags: { lang: 'english please' } }, '--lang'],
    [{ flags: { cdpUrl: 'localhost' } }, '--cdp-url'],
    [{ file: { maxPages: 0 } }, 'config key "maxPages"'],
  ])('rejects %j naming %s', (layers, name) => {
    const error = thrown(() => resolveConfig(layers));
    expect(error.code).toBe('BAD_OPTION');
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain(name);
    expect(error.hint).toMatch(/^expected /);
  });

  it('rejects unknown keys in the config file', () => {
    const error = thrown(() => resolveConfig({ file: { modle: 'x' }, filePath: '/tmp/c.json' }));
    expect(error.code).toBe('BAD_CONFIG_FILE');
    expect(error.message).toContain('modle');
  });
});

describe('config file', () => {
  it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultConfigPath({ XDG_CONFIG_HOME: '/x' })).toBe('/x/scout/config.json');
    expect(defaultConfigPath({})).toMatch(/\.config\/scout\/config\.json$/);
  });

  it('is read from the XDG location, and a missing default file is fine', () => {
    const dir = tempDir('scout-cfg-');
    expect(loadConfig({}, { XDG_CONFIG_HOME: dir }).model).toBe(DEFAULTS.model);
    writeFileSync(join(dir, 'config.json'), '{"model":"from-file"}');
    expect(loadConfig({}, { SCOUT_CONFIG: join(dir, 'config.json') }).model).toBe('from-file');
  });

  it('reports invalid JSON and a missing explicit file as usage errors', () => {
    const dir = tempDir('scout-cfg-');
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{model:');
    expect(thrown(() => loadConfig({}, {}, file)).message).toMatch(/not valid JSON/);
    expect(thrown(() => loadConfig({}, {}, join(dir, 'missing.json'))).code).toBe('BAD_CONFIG_FILE');
  });
});

describe('llmBaseUrl', () => {
  it('defaults per provider', () => {
    expect(llmBaseUrl({ provider: 'ollama', llmUrl: undefined })).toBe('http://127.0.0.1:11434');
    expect(llmBaseUrl({ provider: 'openai', llmUrl: undefined })).toBe('https://api.openai.com/v1');
  });
});
