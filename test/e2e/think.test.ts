/**
 * Model time through the real CLI: what scout sends a reasoning model on every
 * call of a whole run (rewrite, two page rounds, conclusion): thinking switched
 * off by default, on with --think on, one num_ctx throughout (Ollama reloads the
 * model whenever num_ctx changes), and one warning when the model thinks anyway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../support/llm-double.js';
import { linkNumber, type AgentScript } from '../support/agent-script.js';
import { startResearchWorld, type Json, type Run, type ResearchWorld } from '../support/research-world.js';
import { removeTempDirs } from '../support/temp.js';

afterAll(removeTempDirs);

let world: ResearchWorld;
const GUIDE = '/model-time/visitor-guide.html';

/** A long visitor guide, the kind of page that pushed num_ctx up mid-run before (about 3,000 tokens). */
function visitorGuide(): string {
  const topics = ['Tickets', 'Opening hours', 'Getting there', 'Accessibility', 'Food and drink', 'Guided tours', 'Photography', 'Lost property'];
  const sections = topics.map((topic, t) => {
    const paragraphs = Array.from({ length: 8 }, (_, p) => `<p>${topic}, note ${p + 1}: visitors to the waterfront district should check the notice boards at the main entrance, where the staff post changes to the day's programme, queue times and the ferry timetable (board ${t * 8 + p + 1}).</p>`);
    return `<h2>${topic}</h2>${paragraphs.join('')}`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Visitor guide</title></head><body><main><h1>Visitor guide to the waterfront</h1>${sections.join('')}<p>For the tower itself see <a href="/research/lakhta.html">Lakhta Center</a>.</p></main></body></html>`;
}

beforeAll(async () => {
  world = await startResearchWorld([GUIDE]);
  world.web.route(GUIDE, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(visitorGuide());
  });
});
afterAll(() => world.close());

const THOUGHT = 'Okay, the user wants the height of the Lakhta Center. Let me look at the page first.';

/**
 * A qwen3 build that thinks in its content although thinking was switched off:
 * ollama/ollama-python#576 ("think flag has no effect when using qwen3:8b") and
 * agentscope-ai/agentscope#1099 (Qwen3-14B GGUF on Ollama, think false: "the
 * model still outputs <think> content").
 */
const thinking = (answer: string): Reply => `<think>\n${THOUGHT}\n</think>\n\n${answer}`;

const script = (wrap: (answer: string) => Reply): AgentScript => ({
  search: wrap('search: Lakhta Center height'),
  pages: {
    [GUIDE]: (req) => wrap(`Error: the guide is about visiting the waterfront, not the height of the tower.\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`),
    '/research/lakhta.html': () => wrap(`Note: On ${world.web.at('/research/lakhta.html')}, the Lakhta Center is 462 metres tall. "is 462 metres tall"\nAction: REQUEST_EXIT`),
  },
  conclude: wrap('The Lakhta Center is 462 metres tall [1].'),
});

const QUESTION = 'How tall is the Lakhta Center?';
const numCtxs = (run: Run) => new Set(run.llm.chats().map((c) => (c.body.options as Json).num_ctx));
const WARNING = /qwen3:8b thinks although scout sent think: false/g;

describe('thinking and num_ctx over a whole run', () => {
  it('switches thinking off on every call, keeps one num_ctx, and warns once when the model thinks anyway', async () => {
    const run = await research(thinking, []);
    expect(run.result.code).toBe(0);
    const chats = run.llm.chats();
    expect(chats.length).toBe(4);
    for (const chat of chats) {
      expect(chat.body.think).toBe(false);
      expect(chat.messages.at(-1)!.content.endsWith('\n/no_think')).toBe(true);
    }
    // The default --ctx of 16384, from the rewrite to the conclusion, long page or not.
    expect(numCtxs(run)).toEqual(new Set([16384]));
    expect(run.result.stderr.match(WARNING)).toHaveLength(1);
    expect(run.result.stderr).toContain('`ollama show qwen3:8b`');
    // The thinking stays out of the answer and the notes, and goes to the trace.
    const out = run.json();
    expect(out.answer).toBe('The Lakhta Center is 462 metres tall [1].');
    expect(run.result.stdout).not.toContain('Okay, the user');
    const traced = run.trace().filter((e) => e.type === 'llm');
    expect(traced).toHaveLength(4);
    for (const event of traced) expect(event).toMatchObject({ numCtx: 16384, think: false, thinking: THOUGHT });
  });

  it('says nothing on stderr with --quiet', async () => {
    const run = await research(thinking, ['--quiet']);
    expect(run.result.code).toBe(0);
    expect(run.json().answer).toContain('462 metres');
    expect(run.result.stderr).toBe('');
  });

  it('with --think on, asks for thinking on every call (the model lists the capability), without the soft switch or a warning', async () => {
    const run = await research((answer) => ({ text: answer, thinking: THOUGHT }), ['--think', 'on']);
    expect(run.result.code).toBe(0);
    for (const chat of run.llm.chats()) {
      expect(chat.body.think).toBe(true);
      expect(chat.messages.at(-1)!.content).not.toContain('/no_think');
    }
    expect(run.llm.requests.filter((r) => r.path === '/api/show')).toHaveLength(1);
    expect(numCtxs(run)).toEqual(new Set([16384]));
    expect(run.result.stderr).not.toMatch(/warning|thinks although/);
    expect(run.json().answer).toBe('The Lakhta Center is 462 metres tall [1].');
  });
});

function research(wrap: (answer: string) => Reply, extra: string[]): Promise<Run> {
  return world.research(QUESTION, script(wrap), extra);
}
