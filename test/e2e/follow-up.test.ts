/**
 * Follow-ups end to end (issue 21): the real CLI keeps each run under
 * $XDG_STATE_HOME/scout/runs; `scout -c` carries the earlier question and notes
 * into the prompts and answers from them without a new search when they do;
 * `--continue <id>` searches again when they do not; `scout history` and
 * `scout show` print the kept runs; an unknown id and a corrupt state file are
 * refused in one line, the corrupt file kept aside.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript, linkNumber, promptKind, user, type AgentScript } from '../support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble, type LlmRequest } from '../support/llm-double.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
let searx: SearxngDouble;
const results: Record<string, string[]> = { default: ['/research/towers.html', '/research/history.html'], 'Lakhta Center number of floors': ['/research/lakhta.html'] };
const state = tempDir('scout-follow-up-state-');
const SECRET = 'Vault-Pw-7731';

beforeAll(async () => {
  web = await startFixtureWeb();
  searx = await startSearxngDouble({ results: (q) => (results[q] ?? results.default!).map((path, i) => ({ url: web.at(path), title: `Result ${i + 1}`, content: 'snippet' })) });
});
afterAll(async () => {
  await web.close();
  await searx.close();
});

async function scout(args: string[], script: AgentScript = {}): Promise<{ result: CliResult; chats: LlmRequest[] }> {
  const llm = await startLlmDouble({ script: agentScript(script) });
  const tmp = tempDir('scout-e2e-');
  const result = await runCli(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', ...args], { env: { TMPDIR: tmp, XDG_STATE_HOME: state }, timeoutMs: 120_000 });
  await llm.close();
  return { result, chats: llm.chats() };
}

const runsDir = join(state, 'scout', 'runs');
const runFiles = () => readdirSync(runsDir).filter((f) => f.endsWith('.json')).sort();
const ofKind = (chats: LlmRequest[], kind: string) => chats.filter((r) => promptKind(r) === kind);

const towersToLakhta: AgentScript = {
  search: 'search: tallest building in Europe',
  pages: {
    '/research/towers.html': (req) => `Note: On ${web.at('/research/towers.html')}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
    '/research/lakhta.html': () => `Note: On ${web.at('/research/lakhta.html')}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe. It was completed in 2019. "is 462 metres tall, which makes it the tallest building in Europe" "completed in 2019"\nAction: REQUEST_EXIT`,
  },
  conclude: 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2].',
};

describe('follow-ups', { timeout: 240_000 }, () => {
  let firstId = '';

  it('keeps a run (no secret in it), answers a follow-up from its notes without searching, lists and shows both', async () => {
    const first = await scout(['--json', '--secret', `vault@${web.at('/')}=${SECRET}`, 'What is the tallest building in Europe?'], towersToLakhta);
    expect(first.result.code).toBe(0);
    expect(runFiles()).toHaveLength(1);
    firstId = runFiles()[0]!.slice(0, -5);
    const kept = readFileSync(join(runsDir, runFiles()[0]!), 'utf8');
    expect(kept).toContain('462 metres tall');
    expect(kept).not.toContain(SECRET);
    const searches = searx.queries.length;

    // qwen3 on Ollama opens its reply with an empty think block even when thinking is off
    // (QwenLM/Qwen-Agent#542, https://github.com/QwenLM/Qwen-Agent/issues/542); the answer follows it.
    const followUp = await scout(['--json', '-c', 'and when was it completed?'], {
      search: '<think>\n\n</think>\n\nREQUEST_EXIT',
      conclude: 'The Lakhta Center was completed in 2019 [2].',
    });
    expect(followUp.result.stderr).not.toMatch(/\n\s+at /);
    expect(followUp.result.code).toBe(0);
    expect(searx.queries.length).toBe(searches);
    const out = JSON.parse(followUp.result.stdout);
    expect(out).toMatchObject({ question: 'and when was it completed?', stoppedBy: 'no_search_needed', visited: [] });
    expect(out.answer).toBe('The Lakhta Center was completed in 2019 [2].');
    expect(out.sources).toEqual([{ n: 2, url: web.at('/research/lakhta.html'), title: 'Lakhta Center' }]);
    // The rewrite and the conclusion both saw the earlier question and its notes.
    const [rewrite] = ofKind(followUp.chats, 'search');
    expect(user(rewrite!)).toContain('earlier question: What is the tallest building in Europe?');
    expect(user(rewrite!)).toMatch(/Notes from the earlier question:\n\[1\].*\n\[2\].*completed in 2019/);
    expect(user(ofKind(followUp.chats, 'conclude')[0]!)).toContain('earlier question: What is the tallest building in Europe?');
    expect(runFiles()).toHaveLength(2);
    const secondId = runFiles()[1]!.slice(0, -5);

    const history = await runCli(['history'], { env: { XDG_STATE_HOME: state } });
    expect(history.code).toBe(0);
    expect(history.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^${secondId}  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ  no_search_needed\\s+and when was it completed\\?$`)),
      expect.stringMatching(new RegExp(`^${firstId}  .*answer_found\\s+What is the tallest building in Europe\\?$`)),
    ]);

    const shown = await runCli(['show', secondId], { env: { XDG_STATE_HOME: state } });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Question: and when was it completed?');
    expect(shown.stdout).toContain(`a follow-up of ${firstId}`);
    expect(shown.stdout).toContain(`The Lakhta Center was completed in 2019 [2].\n\nSources:\n[2] Lakhta Center — ${web.at('/research/lakhta.html')}\n`);
    const json = await runCli(['show', secondId, '--json'], { env: { XDG_STATE_HOME: state } });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: secondId, followUpOf: firstId, result: { question: 'and when was it completed?', stoppedBy: 'no_search_needed' } });
  });

  it('searches again when the earlier notes do not answer (--continue <id>)', async () => {
    const searches = searx.queries.length;
    const run = await scout(['--json', '--continue', firstId, 'how many floors does it have?'], {
      search: 'search: Lakhta Center number of floors',
      pages: { '/research/lakhta.html': 'Note: The Lakhta Center has 87 floors. "It has 87 floors"\nAction: REQUEST_EXIT' },
      conclude: 'The Lakhta Center has 87 floors [3].',
    });
    expect(run.result.code).toBe(0);
    expect(searx.queries.slice(searches).map((q) => q.q)).toEqual(['Lakhta Center number of floors']);
    const out = JSON.parse(run.result.stdout);
    expect(out).toMatchObject({ stoppedBy: 'answer_found', answer: 'The Lakhta Center has 87 floors [3].' });
    expect(out.notes).toHaveLength(3);
    // The page's prompt carried the earlier notes and question.
    const [page] = ofKind(run.chats, 'navigate');
    expect(user(page!)).toContain('462 metres tall');
    expect(user(page!)).toContain('earlier question: What is the tallest building in Europe?');
  });

  it('refuses an unknown run id in one line with a hint, before any model call', async () => {
    const shown = await runCli(['show', '20200101-000000-000-abcd'], { env: { XDG_STATE_HOME: state } });
    expect(shown.code).toBe(2);
    expect(shown.stderr.trim().split('\n')).toHaveLength(2);
    expect(shown.stderr).toMatch(/no run with id "20200101-000000-000-abcd"/);
    expect(shown.stderr).toMatch(/scout history/);
    const continued = await scout(['--continue', '20200101-000000-000-abcd', 'and then?']);
    expect(continued.result.code).toBe(2);
    expect(continued.chats).toEqual([]);
    expect(continued.result.stderr).not.toMatch(/\n\s+at /);
  });

  it('keeps a corrupt state file aside, reports it, and does not overwrite it', async () => {
    const newest = join(runsDir, runFiles().at(-1)!);
    writeFileSync(newest, '{"id": "2026');
    const run = await scout(['-c', 'and who built it?']);
    expect(run.result.code).toBe(2);
    expect(run.chats).toEqual([]);
    expect(run.result.stderr).toMatch(/is corrupt \(.*\); kept aside as .*\.json\.corrupt/);
    expect(existsSync(newest)).toBe(false);
    expect(readFileSync(`${newest}.corrupt`, 'utf8')).toBe('{"id": "2026');
    // The other runs are still listed.
    const history = await runCli(['history'], { env: { XDG_STATE_HOME: state } });
    expect(history.code).toBe(0);
    expect(history.stdout.split('\n').filter(Boolean)).toHaveLength(2);
  });
});
