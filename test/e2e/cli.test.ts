/** The real CLI process: help, version, question input, config layers, errors and exit codes. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

const CONTRACT_OPTIONS = [
  '--provider', '--model', '--llm-url', '--search', '--searxng-url', '--max-pages', '--max-results',
  '--time-limit', '--lang', '--json', '--output', '--trace', '--headful', '--chrome', '--cdp-url',
  '--no-stealth', '--allow-private-network', '--quiet', '--verbose',
];

describe('scout --help and --version', () => {
  it('lists every option of the contract and every subcommand', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const option of CONTRACT_OPTIONS) expect(stdout).toContain(option);
    for (const command of ['doctor', 'search', 'read', 'browser']) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('gives the browser options to read and browser, and the LLM and search options to doctor and search', async () => {
    for (const sub of ['read', 'browser']) {
      const { stdout } = await runCli([sub, '--help']);
      for (const option of ['--chrome', '--cdp-url', '--headful', '--no-stealth', '--allow-private-network']) expect(stdout).toContain(option);
    }
    for (const sub of ['doctor', 'search']) {
      const { stdout } = await runCli([sub, '--help']);
      for (const option of ['--provider', '--model', '--llm-url', '--search', '--searxng-url']) expect(stdout).toContain(option);
    }
  });

  it('prints the package version', async () => {
    const { code, stdout } = await runCli(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('question input', () => {
  it('reads the question from piped stdin', async () => {
    const { code, stdout } = await runCli(['--dry-run'], { input: 'how tall is the Lakhta Center?\n' });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).question).toBe('how tall is the Lakhta Center?');
  });

  it('prefers the arguments', async () => {
    const { stdout } = await runCli(['--dry-run', 'from', 'args'], { input: 'from stdin' });
    expect(JSON.parse(stdout).question).toBe('from args');
  });

  it.each([
    ['empty stdin', [], ''],
    ['whitespace-only', ['   '], undefined],
  ])('%s is exit 2 with usage', async (_name, args, input) => {
    const { code, stdout, stderr } = await runCli(args, { input });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe('scout: no question given\nhint: usage: scout "your question"  (or: echo "your question" | scout)\n');
  });

  it('refuses a 1 MB question with one line and exit 2', async () => {
    const { code, stdout, stderr } = await runCli([], { input: 'why '.repeat(262_144) });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toMatch(/^scout: the question is \d+ characters long; the limit is 4000$/);
  });

  it('refuses binary stdin with one line and exit 2', async () => {
    const { code, stderr } = await runCli([], { input: Buffer.from([0x00, 0xff, 0x10, 0x80]) });
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('scout: the question is not text (binary or invalid UTF-8 input)');
  });
});

describe('config layers through the CLI', () => {
  it('flags > env > config file > defaults', async () => {
    const dir = tempDir('scout-cli-cfg-');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ model: 'file-model', maxPages: 4, maxResults: 9, stealth: false }));
    const env = { SCOUT_CONFIG: join(dir, 'config.json'), SCOUT_MODEL: 'env-model', SCOUT_MAX_PAGES: '6' };
    const { code, stdout } = await runCli(['config', '--max-pages', '8'], { env });
    expect(code).toBe(0);
    const config = JSON.parse(stdout);
    expect(config).toMatchObject({ model: 'env-model', maxPages: 8, maxResults: 9, stealth: false, provider: 'ollama' });
  });

  it('maps every flag to its setting, including those whose names differ', async () => {
    const { stdout } = await runCli(['config', '--llm-timeout', '1500', '--search-timeout', '700', '--no-stealth', '--allow-private-network', '--ctx', '8192', '--cdp-url', 'http://127.0.0.1:9222', '-q']);
    expect(JSON.parse(stdout)).toMatchObject({ llmTimeoutMs: 1500, searchTimeoutMs: 700, stealth: false, allowPrivateNetwork: true, ctx: 8192, cdpUrl: 'http://127.0.0.1:9222', quiet: true });
  });

  it('masks keys when printing the config', async () => {
    const { stdout } = await runCli(['config'], { env: { OPENAI_API_KEY: 'sk-secret-value' } });
    expect(stdout).not.toContain('sk-secret-value');
    expect(JSON.parse(stdout).openaiApiKey).toBe('***');
  });
});

describe('errors and exit codes', () => {
  it.each([
    [['--max-pages', '0', 'q'], 'scout: invalid value for --max-pages: "0"'],
    [['--max-pages', 'abc', 'q'], 'scout: invalid value for --max-pages: "abc"'],
    [['--time-limit', '-5', 'q'], 'scout: invalid value for --time-limit: "-5"'],
    [['--max-results', '0', 'q'], 'scout: invalid value for --max-results: "0"'],
    [['--ctx', '12k', 'q'], 'scout: invalid value for --ctx: "12k"'],
    [['--search-timeout', 'soon', 'q'], 'scout: invalid value for --search-timeout: "soon"'],
    [['--cdp-url', 'chrome', 'q'], 'scout: invalid value for --cdp-url: "chrome"'],
    [['--searxng-url', 'not a url', 'q'], 'scout: invalid value for --searxng-url: "not a url"'],
    [['--llm-url', 'ftp://x', 'q'], 'scout: invalid value for --llm-url: "ftp://x"'],
    [['--bogus', 'q'], "scout: unknown option '--bogus'"],
    [['--provider', 'claude', 'q'], "scout: option '--provider <name>' argument 'claude' is invalid. Allowed choices are ollama, openai."],
  ])('%j is one line, a hint and exit 2', async (args, first) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(first);
    expect(lines[1]).toMatch(/^hint: /);
    expect(lines).toHaveLength(2);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('reports a bad environment variable by name', async () => {
    const { code, stderr } = await runCli(['q'], { env: { SCOUT_MAX_RESULTS: 'many' } });
    expect(code).toBe(2);
    expect(stderr).toContain('environment variable SCOUT_MAX_RESULTS');
  });

  it('reports an unreadable config file', async () => {
    const { code, stderr } = await runCli(['--config', '/nonexistent/scout.json', 'q']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe('scout: cannot read config file /nonexistent/scout.json');
  });

  it('prints one JSON object on stdout with --json when it fails, beside the line on stderr', async () => {
    const bad = await runCli(['--json', '--max-pages', '0', 'q']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stdout)).toMatchObject({ error: { code: expect.any(String), message: expect.stringContaining('--max-pages') } });
    expect(bad.stderr).toMatch(/^scout: /);
    const unknown = await runCli(['--json', '--no-such-flag', 'q']);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout).error).toMatchObject({ code: 'USAGE', hint: 'see `scout --help`' });
    const down = await runCli(['--json', '--llm-url', 'http://127.0.0.1:9', 'q']);
    expect(down.code).toBe(3);
    expect(JSON.parse(down.stdout)).toMatchObject({ question: 'q', notes: [], error: { message: expect.stringContaining('127.0.0.1:9'), hint: expect.any(String) } });
  });

  it('adds the stack with --verbose', async () => {
    const { code, stderr } = await runCli(['--verbose', '--max-pages', '0', 'q']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/\n\s+at /);
  });
});
