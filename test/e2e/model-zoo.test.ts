/**
 * The model-behaviour zoo: scripted models that answer the way small local
 * models really do, each driving the real CLI through a research run on the
 * fixture web. Beside each behaviour: where it was seen in public transcripts.
 * A behaviour that cannot be grounded must end with exit 4 and its notes shown.
 *
 * With ZOO_REPORT=<file> set, each run appends a line (behaviour, exit code,
 * answer correct, LLM calls) to that file: the before/after table of the notes.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkNumber, promptKind, user, type AgentScript } from '../support/agent-script.js';
import type { LlmRequest, Reply } from '../support/llm-double.js';
import { MARKDOWN, startResearchWorld, type Json, type ResearchWorld, type Run } from '../support/research-world.js';
import { removeTempDirs } from '../support/temp.js';

afterAll(removeTempDirs);

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html', '/research/history.html', '/research/about.html']);
});
afterAll(() => world.close());

const LAKHTA = '/research/lakhta.html';
const at = (path: string) => world.web.at(path);
const QUESTION = 'What is the tallest building in Europe?';

/** The number the conclusion prompt gave the note taken on a page. */
function noteNumber(request: LlmRequest, path: string): number {
  const m = user(request).match(new RegExp(`^\\[(\\d+)\\] \\(${at(path).replace(/[.?]/g, '\\$&')}\\)`, 'm'));
  if (!m) throw new Error(`zoo: no note on ${path} in the conclusion prompt`);
  return Number(m[1]);
}

/** A conclusion citing the Lakhta note, in English or Chinese. */
const concludeLakhta = (request: LlmRequest): Reply => {
  const n = noteNumber(request, LAKHTA);
  return /Chinese/.test(user(request) + request.messages[0]!.content) ? `欧洲最高的建筑是圣彼得堡的拉赫塔中心，高462米 [${n}]。` : `The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [${n}].`;
};

/** Towers -> Lakhta, with the two answers given; the rewrite and the conclusion as a plain model would write them. */
type Answer = Reply | ((request: LlmRequest) => Reply);

function towersThenLakhta(towers: Answer, lakhta: Answer, extra: Partial<AgentScript> = {}): AgentScript {
  const elsewhere = 'Error: nothing about the question here.\nAction: GO_BACK';
  return { search: 'search: tallest building in Europe', pages: { '/research/towers.html': towers, [LAKHTA]: lakhta, '/research/history.html': elsewhere, '/research/about.html': elsewhere }, conclude: concludeLakhta, newsearch: 'REQUEST_EXIT', ...extra };
}

const GOOD_LAKHTA = () => `Note: On ${at(LAKHTA)}, the Lakhta Center is 462 metres tall. "is 462 metres tall, which makes it the tallest building in Europe"\nAction: REQUEST_EXIT`;

async function run(behaviour: string, script: AgentScript, question = QUESTION, extra: string[] = []): Promise<{ run: Run; out: Json }> {
  const result = await world.research(question, script, extra);
  let out: Json = {};
  try {
    out = result.json();
  } catch {
    out = {};
  }
  const report = process.env.ZOO_REPORT;
  if (report) {
    const correct = /462/.test(String(out.answer ?? '')) && (out.sources ?? []).some((s: Json) => String(s.url).endsWith(LAKHTA));
    appendFileSync(report, `${JSON.stringify({ behaviour, exit: result.result.code, correct, language: out.language, calls: result.llm.chats().length })}\n`);
  }
  return { run: result, out };
}

/** The acceptance of every groundable behaviour: exit 0, the fact in the answer, its page among the sources. */
function expectAnswered({ run: r, out }: { run: Run; out: Json }): void {
  expect(r.result.stderr).not.toMatch(/\n\s+at /);
  expect(r.result.code, r.result.stderr).toBe(0);
  expect(out.answer).toMatch(/462/);
  expect(out.sources.map((s: Json) => new URL(s.url).pathname)).toContain(LAKHTA);
}

describe('model zoo: notes', () => {
  it('no quotation marks at all (AgenticSeek test fixture tests/test_browser_agent_parsing.py: "Note: This is important...")', async () => {
    const r = await run('note without quotes', towersThenLakhta((req) => `Note: On ${at('/research/towers.html')}, the overview links to the Lakhta Center.\nAction: navigate ${linkNumber(req, LAKHTA)}`, () => `Note: On ${at(LAKHTA)}, the Lakhta Center in Saint Petersburg is 462 metres tall, the tallest building in Europe.\nAction: REQUEST_EXIT`));
    expectAnswered(r);
    const lakhta = r.out.notes.find((n: Json) => n.url.endsWith(LAKHTA));
    expect(lakhta).toMatchObject({ support: 'supported', verified: false });
    // The citation shows the page's own words, not the model's.
    expect(r.out.citations[0].quote).toBe('The Lakhta Center in Saint Petersburg is 462 metres tall');
  });

  it.each([
    ['meters for metres', 'the Lakhta Center in Saint Petersburg is 462 meters tall'],
    ['"was" for "is"', 'The Lakhta Center in Saint Petersburg was 462 metres tall'],
    ['a word dropped and case changed', 'lakhta center in saint petersburg is 462 metres tall which makes it tallest building in europe'],
  ])('a quote with one word changed: %s (PlanExe PR #744, OpenContracts #2189: reworded "quotes")', async (behaviour, quote) => {
    const r = await run(`quote: ${behaviour}`, towersThenLakhta((req) => `Error: only an overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`, () => `Note: On ${at(LAKHTA)}, it is 462 m tall. "${quote}"\nAction: REQUEST_EXIT`));
    expectAnswered(r);
    expect(r.out.notes[0]).toMatchObject({ support: 'supported' });
    expect(r.out.notes[0].quotes[0]).toContain('462 metres tall');
  });

  it('a quote translated into the question\'s language, 「…」 (QwenLM/Qwen#543, ollama#8837: Qwen and DeepSeek answer in Chinese)', async () => {
    const script = towersThenLakhta((req) => `Error：只是概览。\nAction：navigate ${linkNumber(req, LAKHTA)}`, () => `Note：拉赫塔中心位于圣彼得堡，高462米，是欧洲最高的建筑。「拉赫塔中心高462米，是欧洲最高的建筑」\nAction：REQUEST_EXIT`, { search: 'search：欧洲最高建筑' });
    const r = await run('translated quote, full-width colons', script, '欧洲最高的建筑是什么？');
    expectAnswered(r);
    expect(r.out.language).toBe('zh');
    expect(r.out.notes[0].quotes[0]).toContain('462 metres');
  });

  it('a number that differs from the page is not verified: exit 4, the notes shown with the reason', async () => {
    const wrong = towersThenLakhta((req) => `Error: overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`, () => `Note: On ${at(LAKHTA)}, the Lakhta Center is 426 metres tall. "The Lakhta Center in Saint Petersburg is 426 metres tall"\nAction: REQUEST_EXIT`);
    const r = await run('wrong number (426 for 462)', wrong);
    expect(r.run.result.code).toBe(4);
    expect(r.out.notes[0]).toMatchObject({ support: 'unverified' });
    expect(r.out.answer).toBe('');
    expect(r.run.result.stderr).toMatch(/no supported answer: 1 note was found, but none could be checked/);
    const plain = await world.research(QUESTION, wrong, [MARKDOWN]);
    expect(plain.result.code).toBe(4);
    expect(plain.result.stdout).toContain('the Lakhta Center is 426 metres tall');
    expect(plain.result.stdout).toContain(`${at(LAKHTA)}; not checked:`);
  });

  it('the same note on every page is filed once, and not under pages that do not hold it (agenticSeek#146: the same answer round after round)', async () => {
    const same = () => `Note: On ${at(LAKHTA)}, the Lakhta Center is 462 metres tall. "is 462 metres tall"\nAction: GO_BACK`;
    const r = await run('same note and GO_BACK every round', { search: 'search: tallest building in Europe', pages: { '/research/towers.html': same, '/research/history.html': same, '/research/about.html': same }, newsearch: 'REQUEST_EXIT', conclude: 'unused' });
    expect(r.out.notes, JSON.stringify(r.out.notes)).toHaveLength(1);
    expect(r.run.result.stderr).toMatch(/repeated the note it took on/);
    // Written on the overview, which does not say 462: nothing holds, so exit 4 with the note shown, not an answer.
    expect(r.out.notes[0]).toMatchObject({ support: 'unverified', reason: 'its number 462 is not on the page' });
    expect(r.run.result.code).toBe(4);
  });
});

describe('model zoo: actions', () => {
  it.each([
    ['"I will navigate to <full URL>" without an Action line (AgenticSeek\'s prompt example "Action: navigate to http://…" and its test fixture)', () => `Note: On ${at('/research/towers.html')}, the overview has a page on the tallest tower.\nI will navigate to ${at(LAKHTA)} to read it.`],
    ['a URL in the angle brackets of the link list (browser-use/web-ui#183)', () => `Error: only an overview.\nAction: navigate <${at(LAKHTA)}>`],
    ['the whole line in bold (hello-agents#75)', (req: LlmRequest) => `**Error: only an overview.**\n**Action: navigate ${linkNumber(req, LAKHTA)}**`],
    ['"### Note" heading and a bullet list (llama_index#14814: Gemma 2 adds markdown)', (req: LlmRequest) => `### Note\n- On ${at('/research/towers.html')}, skyscrapers stand in Moscow and London.\n- "Most of them stand in Moscow, London"\n\n### Action\nnavigate ${linkNumber(req, LAKHTA)}`],
    ['full-width colons (robot_agent_system PARSER_FIXES.md: DeepSeek writes "："）', (req: LlmRequest) => `Error：only an overview.\nAction：navigate ${linkNumber(req, LAKHTA)}`],
    ['a JSON answer in a fence (open-interpreter#1652, browser-use#488)', (req: LlmRequest) => `\n\n\`\`\`json\n{"error": "only an overview", "action": "navigate ${linkNumber(req, LAKHTA)}"}\n\`\`\``],
    ['a tool call written as JSON text (open-interpreter#1577: qwen2.5-coder)', (req: LlmRequest) => `{"name": "navigate", "arguments": {"link": ${linkNumber(req, LAKHTA)}}}`],
    ['a think block never closed (QwenLM/Qwen3#1427)', (req: LlmRequest) => `<think>Okay, the user wants the tallest building. The overview links to it.\nError: only an overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`],
    ['a lone </think> with no opening tag (DeepSeek-R1#352)', (req: LlmRequest) => `Okay, so I should open link ${linkNumber(req, LAKHTA)}.\n</think>\n\nError: only an overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`],
    ['a markdown link line on a page without a form', () => `Error: only an overview.\n\n[Lakhta Center in detail](${at(LAKHTA)})`],
  ])('%s', async (behaviour, towers) => {
    const r = await run(behaviour, towersThenLakhta(towers, GOOD_LAKHTA));
    expectAnswered(r);
    expect(r.out.visited.map((v: Json) => new URL(v.url).pathname)).toEqual(['/research/towers.html', LAKHTA]);
    expect(r.run.trace().some((e) => e.type === 'action' && e.action === 'form')).toBe(false);
  });

  it('bare REQUEST_EXIT and the rewrite in an unclosed think block (ollama-python#576: qwen3:8b thinks whatever think says)', async () => {
    const r = await run('unclosed think in the rewrite, bare REQUEST_EXIT', towersThenLakhta((req) => `Error: overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`, () => `Note: On ${at(LAKHTA)}, it is 462 metres tall. "is 462 metres tall"\n\nREQUEST_EXIT`, { search: '<think>\nOkay, the user asks about Europe\'s tallest building. search: tallest building in Europe' }));
    expectAnswered(r);
    expect(r.out.query).toBe('tallest building in Europe');
    expect(r.out.stats.llmCalls).toBe(4);
  });

  it('a URL that was not offered is refused and the model is asked once more on the same page (ollama#7058: Llama 3.1 invents URLs)', async () => {
    let asked = 0;
    const towers = (req: LlmRequest) => (++asked === 1 ? 'Error: only an overview.\nAction: navigate https://en.wikipedia.org/wiki/Lakhta_Center' : `Error: only an overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`);
    const r = await run('a URL that was not offered', towersThenLakhta(towers, GOOD_LAKHTA));
    expectAnswered(r);
    const corrected = r.run.navigations()[1]!;
    expect(user(corrected)).toContain('Current page:\n[Start of page]\nURL: ' + at('/research/towers.html'));
    expect(user(corrected)).toContain('was not offered as a link');
    expect(r.out.stats.llmCalls).toBe(5);
  });

  it('the same "navigate 2" every round is asked about once, then not obeyed (browser-use#1632: Qwen3:8b loops until the step limit)', async () => {
    const stuck = () => 'Action: navigate 2';
    const pages = { '/research/towers.html': stuck, '/research/history.html': stuck, '/research/about.html': stuck, [LAKHTA]: stuck };
    const r = await run('the same navigate 2 every round', { search: 'search: tallest building in Europe', pages, newsearch: 'REQUEST_EXIT' });
    expect(r.run.result.code).toBe(4);
    // Link 2 is followed once; after that the same answer is asked about once per page and not obeyed: no wandering through link 2 of page after page.
    const paths: string[] = r.out.visited.map((v: Json) => new URL(v.url).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => !['/research/towers.html', '/research/history.html', '/research/about.html'].includes(p)).length).toBeLessThanOrEqual(1);
    expect(r.run.result.stderr).toMatch(/repeated its previous answer/);
    expect(r.out.stats.llmCalls).toBeLessThanOrEqual(10);
  });

  it('an answer that states what no note holds is flagged (F2 in the notes: llama3 invents its own Observation)', async () => {
    const r = await run('answer beyond the notes', towersThenLakhta((req) => `Error: overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`, GOOD_LAKHTA, { conclude: (req) => `The Lakhta Center is 462 metres tall [${noteNumber(req, LAKHTA)}]. It was designed by Tony Kettle in 2006 [${noteNumber(req, LAKHTA)}].` }));
    expectAnswered(r);
    expect(r.run.result.stderr).toMatch(/states 2006, tony, kettle, which note \[1\] does not hold/);
    expect(r.out.citations[0]).toMatchObject({ n: 1, supported: false });
  });

  it('a mixed-script question is answered in its own language (ollama#4796: llama3 answers Chinese questions in English)', async () => {
    const r = await run('mixed-script question', towersThenLakhta((req) => `Error: overview.\nAction: navigate ${linkNumber(req, LAKHTA)}`, GOOD_LAKHTA), 'Lakhta Center 和 Shard 哪个更高？');
    expectAnswered(r);
    expect(r.out.language).toBe('zh');
    const conclude = r.run.llm.chats().find((req) => promptKind(req) === 'conclude')!;
    expect(conclude.messages.map((m) => m.content).join('\n')).toContain('Chinese');
  });
});
