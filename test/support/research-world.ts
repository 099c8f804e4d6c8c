/**
 * A whole research world on loopback for end-to-end runs of the real CLI: the
 * fixture web, a SearxNG double whose results are fixture pages, and a fresh
 * scripted model per run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentScript, promptKind, type AgentScript } from './agent-script.js';
import { startFixtureWeb, type FixtureWeb } from './fixture-web.js';
import { startLlmDouble, type LlmDouble, type LlmRequest } from './llm-double.js';
import { runCli, type CliResult } from './run-cli.js';
import { startSearxngDouble, type SearxngDouble } from './searxng-double.js';
import { removeTempDir, tempDir } from './temp.js';

/** The JSON result of a run, loosely typed for assertions. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Put in `extra` to run without --json. */
export const MARKDOWN = 'markdown-output';

export interface Run {
  result: CliResult;
  llm: LlmDouble;
  /** The child's TMPDIR: its Chromium profile lives below it. */
  tmp: string;
  json(): Json;
  trace(): Json[];
  navigations(): LlmRequest[];
}

export interface ResearchWorld {
  web: FixtureWeb;
  searx: SearxngDouble;
  /** Search results per query, as fixture paths; `default` for any other query. */
  results: Record<string, string[]>;
  /** Runs with --json, unless extra holds MARKDOWN (then stdout is the Markdown report). */
  research(question: string, script: AgentScript, extra?: string[], provider?: 'ollama' | 'openai', beforeRun?: (tmp: string) => void): Promise<Run>;
  /** Stops the servers and removes every run's TMPDIR. */
  close(): Promise<void>;
}

/** Chromium processes whose command line mentions dir (their profile lives there). */
export function chromiumsUnder(dir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', dir], { encoding: 'utf8' }).split('\n').filter((l) => /chrom/i.test(l));
  } catch {
    return [];
  }
}

export async function startResearchWorld(defaults: string[]): Promise<ResearchWorld> {
  const web = await startFixtureWeb();
  const results: Record<string, string[]> = { default: defaults };
  const searx = await startSearxngDouble({
    results: (q) => (results[q] ?? results.default!).map((path, i) => ({ url: web.at(path), title: `Result ${i + 1} for ${q}`, content: 'snippet' })),
  });

  const runDirs: string[] = [];

  async function research(question: string, script: AgentScript, extra: string[] = [], provider: 'ollama' | 'openai' = 'ollama', beforeRun?: (tmp: string) => void): Promise<Run> {
    const llm = await startLlmDouble({ script: agentScript(script) });
    const tmp = tempDir('scout-e2e-');
    runDirs.push(tmp);
    beforeRun?.(tmp);
    const llmUrl = provider === 'ollama' ? llm.url : `${llm.url}/v1`;
    const traceFile = join(tmp, 'trace.jsonl');
    const format = extra.includes(MARKDOWN) ? [] : ['--json'];
    const args = ['--provider', provider, '--llm-url', llmUrl, '--searxng-url', searx.url, '--allow-private-network', ...format, '--trace', traceFile, ...extra.filter((a) => a !== MARKDOWN), question];
    // A backstop only: each test's own timeout is the limit (the hostile run takes about a minute alone, more beside other tests).
    const result = await runCli(args, { env: { TMPDIR: tmp }, timeoutMs: 180_000 });
    await llm.close();
    return {
      result,
      llm,
      tmp,
      json: () => JSON.parse(result.stdout) as Json,
      trace: () => readFileSync(traceFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Json),
      navigations: () => llm.chats().filter((r) => promptKind(r) === 'navigate'),
    };
  }

  return {
    web,
    searx,
    results,
    research,
    async close() {
      await web.close();
      await searx.close();
      runDirs.forEach(removeTempDir);
    },
  };
}
