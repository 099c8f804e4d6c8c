/**
 * `scout "question"` end to end: the real CLI process, real Chromium, the fixture
 * web, the SearxNG double and a scripted model through the real ollama client
 * (and once through openai).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentScript, linkNumber, promptKind, user, type AgentScript } from '../support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble } from '../support/llm-double.js';
import { chromiumsUnder, startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { runCli, runCliUntil } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let world: ResearchWorld;
let web: FixtureWeb;
let searx: SearxngDouble;
let RESULTS: Record<string, string[]>;
const research = (...args: Parameters<ResearchWorld['research']>) => world.research(...args);

beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html', '/research/history.html', '/research/about.html']);
  ({ web, searx, results: RESULTS } = world);
});
afterAll(() => world.close());

const towersToLakhta: AgentScript = {
  search: 'search: tallest building in Europe',
  pages: {
    '/research/towers.html': (req) => `Note: On ${web.at('/research/towers.html')}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
    '/research/lakhta.html': () => `Note: On ${web.at('/research/lakhta.html')}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe. It was completed in 2019. "is 462 metres tall, which makes it the tallest building in Europe" "completed in 2019"\nAction: REQUEST_EXIT`,
  },
  conclude: 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2]. It was completed in 2019 [2].',
};

describe('research end to end', () => {
  it('finds the answer two links deep and cites the deep page', async () => {
    const run = await research('What is the tallest building in Europe?', towersToLakhta);
    expect(run.result.stderr).not.toMatch(/\n\s+at /);
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.stoppedBy).toBe('answer_found');
    expect(out.query).toBe('tallest building in Europe');
    expect(out.language).toBe('en');
    expect(out.visited.map((v: { url: string }) => new URL(v.url).pathname)).toEqual(['/research/towers.html', '/research/lakhta.html']);
    expect(out.notes).toHaveLength(2);
    expect(out.sources).toEqual([{ n: 2, url: web.at('/research/lakhta.html'), title: 'Lakhta Center' }]);
    expect(out.answer).toContain('462 metres tall [2]');
    expect(out.stats).toMatchObject({ llmCalls: 4, pages: 2 });
    expect(out.stats.promptTokens).toBeGreaterThan(0);

    // Memory is cleared every round: the second page's prompt holds the first page's note, not its text.
    const [first, second] = run.navigations();
    expect(user(first!)).toContain('Europe has dozens of skyscrapers taller than 200 metres');
    expect(user(second!)).not.toContain('Europe has dozens of skyscrapers');
    expect(user(second!)).toContain('most European skyscrapers stand in Moscow');
    expect(second!.messages).toHaveLength(2);

    const types = new Set(run.trace().map((e) => e.type));
    for (const t of ['llm', 'query', 'search', 'page', 'note', 'action', 'result']) expect(types).toContain(t);
    expect(chromiumsUnder(run.tmp)).toEqual([]);
  });

  it('prints Markdown with a Sources list without --json, and writes -o', async () => {
    const llm = await startLlmDouble({ script: agentScript(towersToLakhta) });
    const tmp = tempDir('scout-e2e-');
    const report = join(tmp, 'report.md');
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', '-o', report, 'What is the tallest building in Europe?'], { env: { TMPDIR: tmp } });
    await llm.close();
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${towersToLakhta.conclude as string}\n\nSources:\n[2] Lakhta Center — ${web.at('/research/lakhta.html')}\n`);
    expect(readFileSync(report, 'utf8')).toBe(result.stdout);
    expect(result.stderr).toMatch(/reading page 1\/12: 127\.0\.0\.1:\d+/);
    expect(result.stderr).toMatch(/concluding from 2 notes/);
  });

  it('goes back to the search results on GO_BACK', async () => {
    const run = await research('history of cathedrals', {
      search: 'search: history of tall buildings',
      pages: {
        '/research/towers.html': 'Error: this page is about modern towers.\nAction: GO_BACK',
        '/research/history.html': 'Note: On history, Lincoln Cathedral held the record for over two hundred years. "Lincoln Cathedral held the record for over two hundred years"\nAction: REQUEST_EXIT',
      },
      conclude: 'Lincoln Cathedral held the record for over two hundred years [1].',
    });
    expect(run.result.code).toBe(0);
    expect(run.json().visited.map((v: { url: string }) => new URL(v.url).pathname)).toEqual(['/research/towers.html', '/research/history.html']);
  });

  it('tells a model that repeats itself to choose differently', async () => {
    const stuck = 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: navigate 99';
    const run = await research('towers', {
      search: 'search: towers',
      pages: {
        '/research/towers.html': stuck,
        '/research/history.html': (req) => (user(req).includes('You repeated your previous answer') ? 'Note: On history, cathedrals were tallest.\nAction: GO_BACK' : stuck),
        '/research/about.html': 'Error: nothing here.\nAction: REQUEST_EXIT',
      },
      conclude: 'Many towers stand in Moscow [1].',
    });
    expect(run.result.code).toBe(0);
    const repeated = run.navigations().filter((r) => user(r).includes('You repeated your previous answer word for word'));
    expect(repeated.length).toBe(1);
    expect(user(repeated[0]!)).toContain('Current page:\n[Start of page]\nURL: ' + web.at('/research/history.html'));
    // The refused target (99 offered nowhere) is reported back in the next round.
    expect(run.navigations().some((r) => user(r).includes('"99" was not offered'))).toBe(true);
  });

  it('reports an unreachable page to the model and carries on', async () => {
    const closed = await startFixtureWeb();
    const deadUrl = closed.at('/gone.html');
    await closed.close();
    const searxDead = await startSearxngDouble({ results: () => [{ url: deadUrl, title: 'Dead', content: '' }, { url: web.at('/research/towers.html'), title: 'Towers', content: '' }] });
    const llm = await startLlmDouble({
      script: agentScript({
        search: 'search: dead site',
        pages: { '/research/towers.html': 'Note: On towers, Europe has dozens of skyscrapers. "Europe has dozens of skyscrapers"\nAction: REQUEST_EXIT' },
        conclude: 'Towers exist [1].',
      }),
    });
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', searxDead.url, '--allow-private-network', '--json', 'dead site'], { timeoutMs: 90_000 });
    await llm.close();
    await searxDead.close();
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.visited[0]).toMatchObject({ url: deadUrl, error: expect.any(String) });
    const nav = llm.chats().filter((r) => promptKind(r) === 'navigate');
    expect(user(nav[0]!)).toContain(`The page ${deadUrl} could not be opened`);
  });

  it('fills a login form with a secret, checks the result, and never writes the secret out', async () => {
    web.route('/research/login-submit', (_req, res, body) => {
      const form = new URLSearchParams(body);
      const ok = form.get('user') === 'alice' && form.get('pass') === 'hunter2-secret';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>${ok ? 'Welcome' : 'Login failed'}</title><main><h1>${ok ? 'Welcome back, alice' : 'Wrong user name or password'}</h1><p>${ok ? 'The members observation deck opens at 10:00 every day.' : 'Try again.'}</p></main>`);
    });
    RESULTS['observation deck login'] = ['/research/login.html'];
    const run = await research('When does the members observation deck open?', {
      search: 'search: observation deck login',
      pages: {
        '/research/login.html': 'Note: On login, a login form asks for a user name and a password.\n[Username](alice)\n[Password](secret:password)',
        '/research/login-submit': (req) =>
          user(req).includes('You just filled and submitted a form') ? 'Note: On login-submit, the members observation deck opens at 10:00 every day. "opens at 10:00 every day"\nAction: REQUEST_EXIT' : 'Error: no form check\nAction: GO_BACK',
      },
      conclude: 'The members observation deck opens at 10:00 every day [2].',
    }, ['--secret', `password@${new URL(web.url).origin}=hunter2-secret`]);
    expect(run.result.code).toBe(0);
    const submitted = web.requests.find((r) => r.path === '/research/login-submit');
    expect(new URLSearchParams(submitted!.body).get('pass')).toBe('hunter2-secret');
    expect(new URLSearchParams(submitted!.body).get('newsletter')).toBeNull();
    expect(run.json().answer).toContain('10:00');
    const everything = run.result.stdout + run.result.stderr + readFileSync(join(run.tmp, 'trace.jsonl'), 'utf8') + JSON.stringify(run.llm.requests.map((r) => r.body));
    expect(everything).not.toContain('hunter2-secret');
    const check = run.navigations().find((r) => user(r).includes('You just filled and submitted a form'))!;
    expect(user(check)).toContain('- Username');
    expect(user(check)).toContain('- Password');
  });

  it('answers directly when no search is needed', async () => {
    const run = await research('what is 17 times 23?', { search: 'REQUEST_EXIT', direct: '17 × 23 = 391.' });
    expect(run.result.code).toBe(0);
    expect(run.json()).toMatchObject({ stoppedBy: 'no_search_needed', answer: '17 × 23 = 391.', visited: [] });
    expect(chromiumsUnder(run.tmp)).toEqual([]);
  });

  it('stops when the links are exhausted, after searching again', async () => {
    RESULTS['nothing here'] = ['/research/about.html'];
    RESULTS['still nothing'] = ['/research/about.html'];
    const run = await research('an unanswerable question', {
      search: 'search: nothing here',
      newsearch: 'search: still nothing',
      pages: { '/research/about.html': 'Error: no facts here.\nAction: GO_BACK' },
      conclude: 'unused',
    });
    expect(run.result.code).toBe(4);
    const out = run.json();
    expect(out.stoppedBy).toBe('links_exhausted');
    expect(out.visited).toHaveLength(1);
    expect(run.llm.chats().filter((r) => promptKind(r) === 'newsearch').length).toBe(2);
  });

  it('stops at the page limit and concludes from the notes', async () => {
    const run = await research('towers', {
      search: 'search: towers',
      pages: {
        '/research/towers.html': 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: GO_BACK',
        '/research/history.html': 'Note: On history, cathedrals were tallest. "the tallest structures in Europe were cathedrals"\nAction: GO_BACK',
      },
      conclude: 'Many towers stand in Moscow [1]; cathedrals were tallest before [2].',
    }, ['--max-pages', '2']);
    expect(run.result.code).toBe(0);
    expect(run.json()).toMatchObject({ stoppedBy: 'page_limit', stats: { pages: 2 } });
  });

  it('names Chinese in the conclusion prompt for a Chinese question', async () => {
    RESULTS['欧洲最高建筑'] = ['/research/zh.html'];
    const run = await research('欧洲最高的建筑是什么？', {
      search: 'search: 欧洲最高建筑',
      pages: { '/research/zh.html': 'Note: On zh, 拉赫塔中心高462米，是欧洲最高的建筑。「高462米，是欧洲最高的建筑」\nAction: REQUEST_EXIT' },
      conclude: '欧洲最高的建筑是拉赫塔中心，高462米 [1]。',
    });
    expect(run.result.code).toBe(0);
    expect(run.json().language).toBe('zh');
    const conclude = run.llm.chats().find((r) => promptKind(r) === 'conclude')!;
    expect(conclude.messages[0]!.content).toContain('Write the whole answer in Chinese.');
  });

  it('keeps every prompt within the context budget', async () => {
    const run = await research('What is the tallest building in Europe?', towersToLakhta, ['--ctx', '4096']);
    expect(run.result.code).toBe(0);
    for (const req of run.llm.chats()) {
      const chars = req.messages.reduce((n, m) => n + m.content.length, 0);
      expect(chars / 4).toBeLessThan(4096);
    }
  });

  it('works through the openai client too', async () => {
    const run = await research('What is the tallest building in Europe?', towersToLakhta, [], 'openai');
    expect(run.result.code).toBe(0);
    expect(run.json().sources[0].url).toBe(web.at('/research/lakhta.html'));
    expect(run.llm.chats().every((r) => r.api === 'openai')).toBe(true);
  });

  it('on Ctrl-C stops browsing, answers from the notes and exits 130 with no Chromium left', async () => {
    const llm = await startLlmDouble({
      script: agentScript({
        search: 'search: towers',
        pages: { '/research/towers.html': 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: GO_BACK', '/research/history.html': { text: 'Note: x\nAction: GO_BACK', delayMs: 30_000 } },
        conclude: 'Many towers stand in Moscow [1].',
      }),
    });
    const tmp = tempDir('scout-e2e-');
    const result = await runCliUntil(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', 'towers'], {
      env: { TMPDIR: tmp },
      steps: [{ until: (stderr) => /reading page 2\//.test(stderr), signal: 'SIGINT' }],
    });
    await llm.close();
    expect(result.code).toBe(130);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toContain('Many towers stand in Moscow [1].');
    expect(result.stdout).toContain('Sources:');
    expect(chromiumsUnder(tmp)).toEqual([]);
  });

  it('on a second Ctrl-C quits at once, still closing the browser', async () => {
    const llm = await startLlmDouble({
      script: agentScript({
        search: 'search: towers',
        pages: { '/research/towers.html': 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: GO_BACK', '/research/history.html': { text: 'Note: x\nAction: GO_BACK', delayMs: 30_000 } },
        conclude: { text: 'never sent', delayMs: 30_000 },
      }),
    });
    const tmp = tempDir('scout-e2e-');
    const result = await runCliUntil(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', 'towers'], {
      env: { TMPDIR: tmp },
      steps: [
        { until: (stderr) => /reading page 2\//.test(stderr), signal: 'SIGINT' },
        { until: (stderr) => /concluding from 1 note/.test(stderr), signal: 'SIGINT' },
      ],
    });
    const exitedAfter = Date.now() - result.signalledAt[1]!;
    await llm.close();
    expect(result.code).toBe(130);
    expect(result.signalledAt).toHaveLength(2);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(exitedAfter).toBeLessThan(10_000);
    expect(result.stdout).toContain('Notes gathered before the failure');
    expect(result.stderr).toMatch(/^scout: interrupted$/m);
    // Chromium's process group is sent SIGKILL as scout exits; on a loaded CI machine the kernel took a
    // moment to carry it out (its main process and two renderers were still listed right after the exit).
    await vi.waitFor(() => expect(chromiumsUnder(tmp)).toEqual([]), { timeout: 5_000, interval: 100 });
  });

  // 20 s: under a loaded CI machine the first page alone took most of a 10 s limit.
  it('stops browsing at the time limit and answers from the notes', async () => {
    const run = await research('towers', {
      search: 'search: towers',
      pages: {
        '/research/towers.html': 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: GO_BACK',
        '/research/history.html': { text: 'Note: On history, cathedrals.\nAction: GO_BACK', delayMs: 40_000 },
      },
      conclude: 'Many towers stand in Moscow [1].',
    }, ['--time-limit', '20']);
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.stoppedBy).toBe('time_limit');
    expect(out.answer).toBe('Many towers stand in Moscow [1].');
    const conclude = run.llm.chats().find((r) => promptKind(r) === 'conclude')!;
    expect(user(conclude)).toContain('Browsing stopped early: the time limit was reached');
  }, 60_000);
});
