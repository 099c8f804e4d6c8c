/**
 * Fault injection against the loopback doubles: a misbehaving LLM server, a
 * missing or broken SearxNG, and a Chromium killed mid-run. Each fault either
 * heals (retry, then carry on) or ends in a clear error, exit 3, with the notes
 * gathered so far still printed.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript, type AgentScript } from '../support/agent-script.js';
import { startLlmDouble, type Reply } from '../support/llm-double.js';
import { chromiumsUnder, startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDoubleOptions } from '../support/searxng-double.js';

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html', '/research/history.html', '/research/lakhta.html']);
});
afterAll(() => world.close());

const TOWERS = 'Note: On towers, most skyscrapers stand in Moscow and London. "Most of them stand in Moscow, London"\nAction: GO_BACK';
const HISTORY = 'Note: On history, cathedrals were once the tallest structures. "the tallest structures in Europe were cathedrals"\nAction: REQUEST_EXIT';

/** A page answer that misbehaves on its first call only. */
function once(first: Reply, then: string): () => Reply {
  let calls = 0;
  return () => (calls++ === 0 ? first : then);
}

function script(pages: AgentScript['pages']): AgentScript {
  return { search: 'search: towers', pages, conclude: 'Skyscrapers stand in Moscow and London [1]; cathedrals were tallest before [2].' };
}

describe('a misbehaving LLM server', () => {
  it.each([
    ['a 500', { status: 500 }],
    ['a dropped connection', { reset: true }],
  ] as [string, Reply][])('retries %s and carries on', async (_name, fault) => {
    const run = await world.research('towers', script({ '/research/towers.html': once(fault, TOWERS), '/research/history.html': HISTORY }));
    expect(run.result.code).toBe(0);
    expect(run.json().notes).toHaveLength(2);
    expect(run.trace().some((e) => e.type === 'llm' && e.retries === 1)).toBe(true);
  });

  it.each([
    ['empty text', ''],
    ['garbage', '\u0000\u0007 ### ??? lorem ipsum ]]'],
    ['no parsable action', 'This page looks interesting, I would like to read more about it.'],
  ])('treats %s as no note and goes on to the next page', async (_name, text) => {
    const run = await world.research('towers', script({ '/research/towers.html': text, '/research/history.html': HISTORY }));
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.visited.map((v: { url: string }) => new URL(v.url).pathname)).toEqual(['/research/towers.html', '/research/history.html']);
    expect(out.notes).toHaveLength(1);
    expect(run.navigations()[1]!.messages[1]!.content).toContain('Your previous answer had no Action line');
  });

  it('gives up on a server that hangs with exit 3, printing the notes so far', async () => {
    const llm = await startLlmDouble({ script: agentScript(script({ '/research/towers.html': TOWERS, '/research/history.html': { hang: true } })) });
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', '--llm-timeout', '1500', 'towers'], { timeoutMs: 90_000 });
    await llm.close();
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('Notes gathered before the failure:');
    expect(result.stdout).toContain('most skyscrapers stand in Moscow and London');
    expect(result.stderr).toMatch(/^scout: .*(did not answer|timed out|timeout).*$/im);
    expect(result.stderr).toMatch(/^hint: /m);
  });

  it('gives up on a server that keeps failing with exit 3 and a hint', async () => {
    const llm = await startLlmDouble({ script: () => ({ status: 503 }) });
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', world.searx.url, '--allow-private-network', 'towers'], { timeoutMs: 90_000 });
    await llm.close();
    expect(result.code).toBe(3);
    expect(llm.chats()).toHaveLength(3);
    const [message, hint] = result.stderr.trim().split('\n').slice(-2);
    expect(message).toMatch(/^scout: .*503/);
    expect(hint).toMatch(/^hint: /);
  });
});

describe('a missing or broken SearxNG', () => {
  const answer = { search: 'search: towers' };

  it.each([
    ['down', undefined, /SearxNG is not reachable/, /docker compose up -d/],
    ['slow', { delayMs: 3000 }, /no answer within 0\.5 s/, /docker compose up -d/],
    ['returning malformed JSON', { rawJson: '{"results": [ {"url": ' }, /does not parse/, /./],
  ] as [string, SearxngDoubleOptions | undefined, RegExp, RegExp][])('%s: exit 3 with a clear message', async (_name, fault, message, hint) => {
    const searx = await startSearxngDouble(fault ?? {});
    const url = searx.url;
    if (!fault) await searx.close();
    const llm = await startLlmDouble({ script: agentScript(answer) });
    const result = await runCli(['--llm-url', llm.url, '--search', 'searxng', '--searxng-url', url, '--search-timeout', '500', 'towers'], { timeoutMs: 60_000 });
    await llm.close();
    if (fault) await searx.close();
    expect(result.code).toBe(3);
    const [first, second] = result.stderr.trim().split('\n').slice(-2);
    expect(first).toMatch(message);
    expect(second).toMatch(/^hint: /);
    expect(second).toMatch(hint);
  });
});

describe('Chromium killed mid-run', () => {
  it('relaunches once and carries on', async () => {
    let tmp = '';
    world.web.route('/research/kill-browser', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).write('<title>x</title>');
      setTimeout(() => {
        try {
          execFileSync('pkill', ['-KILL', '-f', `user-data-dir=${tmp}`]);
        } catch {
          // Nothing matched; the assertions below will say so.
        }
      }, 200);
    });
    world.results.killing = ['/research/towers.html', '/research/kill-browser', '/research/history.html'];
    const run = await world.research(
      'towers',
      { ...script({ '/research/towers.html': TOWERS, '/research/history.html': HISTORY }), search: 'search: killing' },
      [],
      'ollama',
      (dir) => (tmp = dir),
    );
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.notes).toHaveLength(2);
    expect(out.visited.find((v: { url: string }) => v.url.endsWith('/kill-browser'))?.error).toBeTruthy();
    expect(run.trace().some((e) => e.type === 'warning' && /relaunch/i.test(String(e.message)))).toBe(true);
    expect(chromiumsUnder(run.tmp)).toEqual([]);
  });
});
