/**
 * A long page, condensed for the question, through the real CLI: real
 * Chromium, the fixture web, the SearxNG double and a scripted model. The
 * answer sits deep in a section that shares no word with the question, so the
 * condensed view skips it and lists it; the model asks for it with
 * `more <section>`, sees it on the next round without the page being loaded
 * again, and its quote from that section verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPage, user, type AgentScript } from '../support/agent-script.js';
import type { LlmRequest } from '../support/llm-double.js';
import { startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { removeTempDirs } from '../support/temp.js';

const GUIDE = '/long-page/harbour-museum.html';
const ANSWER = 'Animals other than assistance animals are not admitted to the galleries';
const QUESTION = 'Can I bring my dog to the Harbour Museum of Navigation?';

let world: ResearchWorld;

beforeAll(async () => {
  world = await startResearchWorld([GUIDE]);
});
afterAll(async () => {
  await world.close();
  removeTempDirs();
});

const answered = (req: LlmRequest) =>
  `Note: On ${currentPage(req)}, animals other than assistance animals are not admitted to the galleries; they may wait on a lead in a shaded area beside the ticket office. "${ANSWER}"\nAction: REQUEST_EXIT`;

// A model that does not find the answer in what it was shown asks to see more of the page
// (browser-use#191: "Next goal: Scroll down again to see more of the page"), naming the section
// from the outline, with the bold label small models copy from prompts (hello-agents#75, #127 on Qwen3-8B).
const script: AgentScript = {
  search: 'search: Harbour Museum of Navigation dogs allowed',
  pages: {
    [GUIDE]: (req) => (user(req).includes(ANSWER) ? answered(req) : 'Error: The parts of the guide shown do not say whether dogs may come in.\n**Action:** more "House rules"'),
  },
  conclude: 'No. Animals other than assistance animals are not admitted to the galleries of the Harbour Museum of Navigation; they may wait on a lead beside the ticket office [1].',
};

describe('a long page, condensed', () => {
  it('shows a skipped section the model asks for with more, without loading the page again, and its quote verifies', async () => {
    const before = world.web.paths().filter((p) => p === GUIDE).length;
    const run = await world.research(QUESTION, script);
    expect(run.result.stderr).not.toMatch(/\n\s+at /);
    expect(run.result.code).toBe(0);

    const [first, second, ...rest] = run.navigations();
    expect(rest).toEqual([]);
    expect(new URL(currentPage(first!)!).pathname).toBe(GUIDE);
    expect(new URL(currentPage(second!)!).pathname).toBe(GUIDE);
    // Round one: the condensed view, with skip marks and the skipped sections, not the answer.
    expect(user(first!)).not.toContain(ANSWER);
    expect(user(first!)).toMatch(/\[… \d+ lines? skipped …\]/);
    expect(user(first!)).toMatch(/\[Skipped sections \(Action: more <number or name> shows one\): .*§\d+ House rules/);
    // Round two: the section asked for.
    expect(user(second!)).toContain(ANSWER);
    expect(user(second!)).toContain('## House rules');

    expect(world.web.paths().filter((p) => p === GUIDE).length - before).toBe(1);
    const out = run.json();
    expect(out.stoppedBy).toBe('answer_found');
    expect(out.stats.pages).toBe(1);
    expect(out.visited).toHaveLength(1);
    expect(out.notes).toHaveLength(1);
    expect(out.notes[0]).toMatchObject({ verified: true, support: 'verified' });
    expect(out.notes[0].quotes[0]).toContain(ANSWER);
    expect(out.answer).toContain('[1]');
    expect(run.trace().some((e) => e.type === 'action' && e.action === 'more' && /House rules/.test(e.target))).toBe(true);
  });

  it('shows the whole page with --no-condense', async () => {
    const run = await world.research(QUESTION, script, ['--no-condense']);
    expect(run.result.code).toBe(0);
    const [first, ...rest] = run.navigations();
    expect(rest).toEqual([]);
    expect(user(first!)).toContain(ANSWER);
    expect(user(first!)).not.toMatch(/lines? skipped|Skipped sections/);
    expect(run.json().notes[0]).toMatchObject({ verified: true });
  });
});
