/** LLM failures through the real CLI: one line on stderr with a hint, exit code 3, nothing on stdout. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmDouble, type LlmDouble } from '../support/llm-double.js';
import { runCli } from '../support/run-cli.js';

describe('scout with a failing LLM', () => {
  let llm: LlmDouble;
  beforeAll(async () => {
    llm = await startLlmDouble({ models: ['qwen3:8b'], apiKey: 'sk-right' });
  });
  afterAll(async () => {
    await llm.close();
  });

  it('says which `ollama pull` to run when the model is missing, and never pulls it', async () => {
    const { code, stdout, stderr } = await runCli(['--llm-url', llm.url, '--model', 'llama9:70b', '--searxng-url', 'http://127.0.0.1:9', 'how tall is the tower?']);
    expect(stderr).toContain(`scout: model llama9:70b is not pulled on ${llm.url}\nhint: \`ollama pull llama9:70b\`\n`);
    expect(stdout).toBe('');
    expect(code).toBe(3);
    expect(llm.requests.some((r) => r.path === '/api/pull')).toBe(false);
  });

  it('says the OpenAI key was rejected', async () => {
    const { code, stderr } = await runCli(['--provider', 'openai', '--llm-url', `${llm.url}/v1`, '--searxng-url', 'http://127.0.0.1:9', 'how tall is the tower?'], {
      env: { OPENAI_API_KEY: 'sk-wrong' },
    });
    expect(stderr).toMatch(/scout: the server at \S+\/v1 rejected the API key \(HTTP 401: Incorrect API key provided\.\)\nhint: the key in OPENAI_API_KEY/);
    expect(code).toBe(3);
  });
});
