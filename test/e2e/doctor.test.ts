/** `scout doctor` against the loopback doubles and the real Chromium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../support/llm-double.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { runCli } from '../support/run-cli.js';

// Every run checks Chrome, the LLM and the search engine: on a busy 2-core machine one takes up to 15 s.
describe('scout doctor', { timeout: 60_000 }, () => {
  let llm: LlmDouble;
  let searx: SearxngDouble;
  beforeAll(async () => {
    llm = await startLlmDouble({ models: ['qwen3:8b'] });
    searx = await startSearxngDouble();
  });
  afterAll(async () => {
    await llm.close();
    await searx.close();
  });

  it('reports ok for Chrome, the LLM and SearxNG, exit 0', async () => {
    const { code, stdout } = await runCli(['doctor', '--llm-url', llm.url, '--searxng-url', searx.url]);
    expect(stdout).toMatch(/^ok {4}Chrome: .*Chrom/m);
    expect(stdout).toMatch(/^ok {4}LLM \(ollama qwen3:8b\): reachable/m);
    expect(stdout).toMatch(/^ok {4}search \(searxng\): reachable .* JSON enabled \(auto: SearxNG answers at http:\/\/127\.0\.0\.1:\d+\)$/m);
    expect(code).toBe(0);
  });

  it('fails with hints and exit 3 when the model is missing, JSON is off and Chrome is absent', async () => {
    const noJson = await startSearxngDouble({ jsonEnabled: false });
    const { code, stdout } = await runCli(['doctor', '--model', 'llama3:70b', '--llm-url', llm.url, '--searxng-url', noJson.url, '--chrome', '/nonexistent/chrome']);
    await noJson.close();
    expect(code).toBe(3);
    expect(stdout).toMatch(/^fail {2}Chrome: no Chrome executable at \/nonexistent\/chrome\n {6}hint: install Chromium/m);
    expect(stdout).toMatch(/^fail {2}LLM .*model llama3:70b is not pulled on \S+\n {6}hint: `ollama pull llama3:70b`/m);
    expect(stdout).toMatch(/^fail {2}search \(searxng\): .*JSON format disabled \(HTTP 403\) \(auto: SearxNG answers at \S+\)\n {6}hint: add `- json`/m);
  });

  it('says how to start Ollama and SearxNG when nothing listens, and speaks JSON with --json', async () => {
    const closed = await startSearxngDouble();
    const url = closed.url;
    await closed.close();
    const { code, stdout } = await runCli(['doctor', '--json', '--llm-url', url, '--searxng-url', url]);
    expect(code).toBe(3);
    const report = JSON.parse(stdout);
    expect(report.ok).toBe(false);
    const byName = Object.fromEntries(report.checks.map((c: { name: string }) => [c.name.split(' ')[0], c]));
    expect(byName.LLM.hint).toContain('ollama serve');
    // auto settles for the browser, and says why and how to have SearxNG instead.
    expect(byName.search).toMatchObject({ name: 'search (browser)', ok: true });
    expect(byName.search.detail).toMatch(/\(auto: SearxNG does not answer at http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\), so scout searches through the browser \(duckduckgo, mojeek, bing, brave\)\)$/);
    expect(byName.search.hint).toContain('`export SEARXNG_SECRET=$(openssl rand -hex 32) && docker compose up -d`');
  });

  it('fails the search line with the start command, secret included, when SearxNG is asked for and down', async () => {
    const closed = await startSearxngDouble();
    await closed.close();
    const { code, stdout } = await runCli(['doctor', '--llm-url', llm.url, '--search', 'searxng', '--searxng-url', closed.url]);
    expect(code).toBe(3);
    expect(stdout).toMatch(/^fail {2}search \(searxng\): SearxNG is not reachable at .* \(search is set to searxng\)\n {6}hint: start it: `export SEARXNG_SECRET=\$\(openssl rand -hex 32\) && docker compose up -d`/m);
  });

  it('checks an OpenAI-compatible server and its key', async () => {
    const openai = await startLlmDouble({ apiKey: 'sk-right' });
    const ok = await runCli(['doctor', '--provider', 'openai', '--llm-url', `${openai.url}/v1`, '--searxng-url', searx.url, '--json'], { env: { OPENAI_API_KEY: 'sk-right' } });
    expect(JSON.parse(ok.stdout).checks[1]).toMatchObject({ ok: true });
    const bad = await runCli(['doctor', '--provider', 'openai', '--llm-url', `${openai.url}/v1`, '--searxng-url', searx.url, '--json'], { env: { OPENAI_API_KEY: 'sk-wrong' } });
    expect(JSON.parse(bad.stdout).checks[1]).toMatchObject({ ok: false, detail: expect.stringContaining('rejected the API key') });
    await openai.close();
  });

  it('says in one line that a --cdp-url browser is not routed through the egress proxy', async () => {
    const { stdout } = await runCli(['doctor', '--llm-url', llm.url, '--searxng-url', searx.url], { env: { SCOUT_CDP_URL: 'http://127.0.0.1:9' } });
    expect(stdout).toContain("--cdp-url: requests of that browser are not routed through scout's egress proxy; only the page-level URL guard applies\n");
  });
});
