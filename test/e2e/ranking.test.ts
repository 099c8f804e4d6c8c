/**
 * Search results are read in the order worth reading: the real CLI, real
 * Chromium, the fixture web, a SearxNG double whose first result is a long
 * visitor guide with a snippet that says nothing about the question, and a
 * scripted model. The relevant result is read first, and the run ends before
 * the guide is ever shown to the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript, currentPage, linkNumber, promptKind } from '../support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble } from '../support/llm-double.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

let web: FixtureWeb;
let searx: SearxngDouble;

beforeAll(async () => {
  web = await startFixtureWeb();
  searx = await startSearxngDouble({
    results: () => [
      { url: web.at('/research/visitor-guide.html'), title: 'Saint Petersburg visitor guide', content: 'Getting around, tickets, opening hours, food and day trips for your first visit.' },
      { url: web.at('/research/towers.html'), title: 'European skyscrapers overview', content: 'Europe has dozens of skyscrapers taller than 200 metres; the tallest building in Europe has its own page.' },
      { url: web.at('/research/about.html'), title: 'About this site', content: 'This fixture site is maintained for tests.' },
    ],
  });
});
afterAll(async () => {
  await Promise.all([web.close(), searx.close()]);
  removeTempDirs();
});

// Replies in the answer grammar of AgenticSeek's navigation prompt, whose examples small local
// models copy ("Error: … does not discuss anything related to the user's query … Action: GO_BACK";
// Fosowl/agenticSeek sources/agents/browser_agent.py, make_navigation_prompt).
const script = agentScript({
  search: 'search: tallest building in Europe',
  pages: {
    '/research/visitor-guide.html': 'Error: The visitor guide does not discuss anything related to the tallest building in Europe.\nAction: GO_BACK',
    '/research/towers.html': (req) => `Note: On ${currentPage(req)}, most European skyscrapers stand in Moscow, London, Frankfurt and Saint Petersburg. "Most of them stand in Moscow, London, Frankfurt and Saint Petersburg"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
    '/research/lakhta.html': (req) => `Note: On ${currentPage(req)}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe. "is 462 metres tall, which makes it the tallest building in Europe"\nAction: REQUEST_EXIT`,
  },
  conclude: 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2].',
});

describe('search results ranked against the question', () => {
  it('reads the relevant result before a first result whose snippet does not match the question', async () => {
    const llm = await startLlmDouble({ script });
    const tmp = tempDir('scout-e2e-');
    const result = await runCli(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', '--json', 'What is the tallest building in Europe?'], { env: { TMPDIR: tmp }, timeoutMs: 120_000 });
    await llm.close();
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);

    // What the model was shown, in order: the prompts are the record of what was read.
    const read = llm.chats().filter((r) => promptKind(r) === 'navigate').map((r) => new URL(currentPage(r)!).pathname);
    expect(read[0]).toBe('/research/towers.html');
    expect(read).toEqual(['/research/towers.html', '/research/lakhta.html']);
    expect(read).not.toContain('/research/visitor-guide.html');
    const out = JSON.parse(result.stdout);
    expect(out.stoppedBy).toBe('answer_found');
    expect(out.answer).toContain('Lakhta Center');
  });
});
