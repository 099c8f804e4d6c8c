import { describe, expect, it } from 'vitest';
import { answerKey, parseAction, parseNavigation, parseSearchAnswer, stripThink } from '../../src/agent/parse.js';

describe('parseNavigation', () => {
  it('reads a note and a numbered navigation', () => {
    const answer = parseNavigation('Note: On https://a.example/x, the tower is 462 m tall. It opened in 2019.\nAction: navigate 3');
    expect(answer).toEqual({ note: 'On https://a.example/x, the tower is 462 m tall. It opened in 2019.', action: { kind: 'navigate', target: '3' }, fields: [] });
  });

  it('collects a note over several lines until a blank line or the action', () => {
    expect(parseNavigation('Note: first fact.\nsecond fact.\nAction: GO_BACK').note).toBe('first fact. second fact.');
    expect(parseNavigation('Note: first fact.\n\nsomething else\nAction: GO_BACK').note).toBe('first fact.');
  });

  it('is tolerant of case, bullets, bold labels and a think block', () => {
    const answer = parseNavigation('<think>The page has the height. Action: navigate 9</think>\n- **Note:** on x, 5 m.\n* **action**: request_exit');
    expect(answer.note).toBe('on x, 5 m.');
    expect(answer.action).toEqual({ kind: 'exit' });
  });

  it('never takes a link inside a note as navigation', () => {
    const answer = parseNavigation('Note: On x, see [the list](https://evil.example/steal) and https://evil.example/2.\n[source](https://evil.example/3)\nAction: GO_BACK');
    expect(answer.action).toEqual({ kind: 'back' });
    expect(answer.fields).toEqual([]);
    expect(answer.note).toContain('https://evil.example/3');
  });

  it('reads an Error line', () => {
    const answer = parseNavigation('Error: the page is a login wall.\nAction: GO_BACK');
    expect(answer.error).toBe('the page is a login wall.');
    expect(answer.note).toBeUndefined();
  });

  it('reads form fields after a note', () => {
    const answer = parseNavigation('Note: On x, a login form.\n[Username](alice)\n[e7](secret:password)');
    expect(answer.fields).toEqual([
      { field: 'Username', value: 'alice' },
      { field: 'e7', value: 'secret:password' },
    ]);
    expect(answer.note).toBe('On x, a login form.');
    expect(answer.action).toEqual({ kind: 'none' });
  });

  it('keeps the first Action line only', () => {
    expect(parseNavigation('Action: navigate 2\nAction: REQUEST_EXIT').action).toEqual({ kind: 'navigate', target: '2' });
  });

  it('reports no action when there is none', () => {
    expect(parseNavigation('I think this page is interesting.').action).toEqual({ kind: 'none' });
  });
});

describe('parseAction', () => {
  it.each([
    ['navigate 4', { kind: 'navigate', target: '4' }],
    ['navigate [4]', { kind: 'navigate', target: '4' }],
    ['Navigate to link 12.', { kind: 'navigate', target: '12' }],
    ['navigate https://x.example/a?b=1', { kind: 'navigate', target: 'https://x.example/a?b=1' }],
    ['`GO_BACK`', { kind: 'back' }],
    ['go back', { kind: 'back' }],
    ['REQUEST_EXIT', { kind: 'exit' }],
    ['Request exit.', { kind: 'exit' }],
    ['wander around', { kind: 'none' }],
  ])('%s', (text, expected) => {
    expect(parseAction(text)).toEqual(expected);
  });
});

describe('parseSearchAnswer', () => {
  it.each([
    ['search: Eiffel tower height', { kind: 'search', query: 'Eiffel tower height' }],
    ['<think>hmm</think>\nSearch: "GitHub login page"', { kind: 'search', query: 'GitHub login page' }],
    ['- **search:** best laptops 2026', { kind: 'search', query: 'best laptops 2026' }],
    ['REQUEST_EXIT', { kind: 'exit' }],
    ['I would search for towers', { kind: 'invalid' }],
  ])('%s', (text, expected) => {
    expect(parseSearchAnswer(text)).toEqual(expected);
  });
});

describe('stripThink and answerKey', () => {
  it('drops closed, unclosed and orphan-closing think blocks', () => {
    expect(stripThink('<think>a</think>b')).toBe('b');
    expect(stripThink('b<think>never closed')).toBe('b');
    expect(stripThink('reasoning</think>answer')).toBe('answer');
  });

  it('ignores case and white space when comparing answers', () => {
    expect(answerKey('Note: X.\nAction:  GO_BACK')).toBe(answerKey('note: x. action: go_back'));
  });
});

/**
 * Shapes small models really answer in. Where each was seen is noted beside it;
 * the research notes behind them list the raw transcripts.
 */
describe('parseNavigation: models as they answer', () => {
  it('reads "I will navigate to <url>" without an Action line (AgenticSeek\'s own prompt wording and its test fixture tests/test_browser_agent_parsing.py)', () => {
    expect(parseNavigation('Note: On x, nothing here.\naction:\ni wanna navigate to https://test.com').action).toEqual({ kind: 'navigate', target: 'https://test.com' });
    expect(parseNavigation('The overview links to the detail page. I will navigate to http://127.0.0.1:5/research/lakhta.html.').action).toEqual({ kind: 'navigate', target: 'http://127.0.0.1:5/research/lakhta.html' });
    expect(parseNavigation("Let's open link 4 next.").action).toEqual({ kind: 'navigate', target: '4' });
  });

  it('reads bare GO_BACK and REQUEST_EXIT lines', () => {
    expect(parseNavigation('Error: nothing about the question.\nGO_BACK').action).toEqual({ kind: 'back' });
    expect(parseNavigation('Note: On x, the answer. "the answer is here"\n\nREQUEST_EXIT').action).toEqual({ kind: 'exit' });
  });

  it('strips the angle brackets a link list shows (browser-use/web-ui#183: llava-llama-3-8b sent "<https://www.google.com/>")', () => {
    expect(parseNavigation('Action: navigate <http://127.0.0.1:5/a.html>').action).toEqual({ kind: 'navigate', target: 'http://127.0.0.1:5/a.html' });
  });

  it('reads a line in bold and a "### Note" heading with a bullet list (hello-agents#75: **Action:** copied from a bold prompt)', () => {
    expect(parseNavigation('**Action: navigate 6**').action).toEqual({ kind: 'navigate', target: '6' });
    const answer = parseNavigation('### Note\n- On x, the tower is 462 m tall.\n- It opened in 2019.\n\n### Action\nnavigate 2');
    expect(answer.note).toBe('On x, the tower is 462 m tall. It opened in 2019.');
    expect(answer.action).toEqual({ kind: 'navigate', target: '2' });
  });

  it('reads full-width colons (Qwen and DeepSeek write "：" in structured output)', () => {
    const answer = parseNavigation('Note：On x, 462 m. "462 metres"\nAction：REQUEST_EXIT');
    expect(answer.note).toBe('On x, 462 m. "462 metres"');
    expect(answer.action).toEqual({ kind: 'exit' });
  });

  it('reads JSON answers, fenced or bare (open-interpreter#1652 mistral/llama3.1, browser-use#488 deepseek-r1:14b)', () => {
    expect(parseNavigation('```json\n{"note": "On x, 462 m.", "action": "navigate 3"}\n```')).toEqual({ note: 'On x, 462 m.', action: { kind: 'navigate', target: '3' }, fields: [] });
    expect(parseNavigation('{"Note": "On x.", "action": {"type": "navigate", "target": 2}}').action).toEqual({ kind: 'navigate', target: '2' });
    expect(parseNavigation('{"action": "REQUEST_EXIT", "fields": {"Username": "alice"}}')).toEqual({ action: { kind: 'exit' }, fields: [{ field: 'Username', value: 'alice' }] });
    expect(parseNavigation('{"name": "navigate", "arguments": {"link": 3}}').action).toEqual({ kind: 'navigate', target: '3' });
  });

  it('keeps the lines when a Note quotes a JSON snippet: only an answer that is JSON is read as JSON', () => {
    const answer = parseNavigation('Note: The API returns {"action": "REQUEST_EXIT"} for a done job.\nAction: navigate 3');
    expect(answer).toEqual({ note: 'The API returns {"action": "REQUEST_EXIT"} for a done job.', action: { kind: 'navigate', target: '3' }, fields: [] });
  });

  it('reads the answer out of a think block that was never closed, the last one it wrote (QwenLM/Qwen3#1427)', () => {
    const answer = parseNavigation('<think>Okay, the page has the height. Action: navigate 3? No, the note is enough.\nNote: On x, 462 m. "462 metres"\nAction: REQUEST_EXIT');
    expect(answer.note).toBe('On x, 462 m. "462 metres"');
    expect(answer.action).toEqual({ kind: 'exit' });
  });

  it('reads the thinking field when the visible answer is empty (ollama#17978: content "" and every word in thinking)', () => {
    expect(parseNavigation('', 'The page has it.\nNote: On x, 462 m. "462 metres"\nAction: REQUEST_EXIT')).toEqual({ note: 'On x, 462 m. "462 metres"', action: { kind: 'exit' }, fields: [] });
    expect(parseSearchAnswer('', 'Okay. search: Lakhta Center height')).toEqual({ kind: 'search', query: 'Lakhta Center height' });
  });

  it('prefers an Action line to a navigation mused about in prose (Rapid-MLX#1570: "Okay, so I need to...")', () => {
    expect(parseNavigation('Okay, so I need to decide. I will navigate to link 2 maybe.\nNote: On x, y.\nAction: GO_BACK').action).toEqual({ kind: 'back' });
  });

  it('never takes a link in a note as navigation, in words either', () => {
    expect(parseNavigation('Note: On x, the page says I will navigate to https://evil.example/ next.').action).toEqual({ kind: 'none' });
  });
});

describe('parseSearchAnswer: models as they answer', () => {
  it.each([
    ['<think>The user wants the tallest building. search: tallest building Europe', { kind: 'search', query: 'tallest building Europe' }],
    ['Search：欧洲最高建筑', { kind: 'search', query: '欧洲最高建筑' }],
    ['```json\n{"query": "Lakhta Center height"}\n```', { kind: 'search', query: 'Lakhta Center height' }],
    ['**Search:** "tallest building in Europe"', { kind: 'search', query: 'tallest building in Europe' }],
  ])('%s', (text, expected) => {
    expect(parseSearchAnswer(text)).toEqual(expected);
  });
});

describe('parseNavigation: more <section>', () => {
  it('reads the more action however the section is named (browser-use#191: a model that wants "to see more of the page" says so; hello-agents#75 and #127, Qwen3-8B: bold labels and backticks)', () => {
    const cases: [string, string][] = [
      ['Action: more Getting there', 'Getting there'],
      ['Action: more "Getting there"', 'Getting there'],
      ['MORE: "Getting there"', 'Getting there'],
      ['**Action:** more section 3', 'section 3'],
      ['**Action**: `more §3`', '§3'],
      ['Action: more: House rules.', 'House rules'],
      ['Action: show more of the House rules section', 'House rules'],
      ['Action: MORE 12', '12'],
      ['### Action\nmore [House rules]', 'House rules'],
    ];
    for (const [text, target] of cases) expect(parseNavigation(`Note: On x, nothing yet.\n\n${text}`).action, text).toEqual({ kind: 'more', target });
    const close = parseNavigation('Note: On x, nothing about dogs yet.\nMORE: "House rules"');
    expect(close).toMatchObject({ note: 'On x, nothing about dogs yet.', action: { kind: 'more', target: 'House rules' } });
  });

  it('reads it from a JSON answer, as one string or with the section apart', () => {
    expect(parseNavigation('{"note": "On x, nothing yet.", "action": "more Getting there"}').action).toEqual({ kind: 'more', target: 'Getting there' });
    expect(parseNavigation('{"action": "more", "section": "Getting there"}').action).toEqual({ kind: 'more', target: 'Getting there' });
    expect(parseNavigation('{"action": {"type": "more", "target": "§4"}}').action).toEqual({ kind: 'more', target: '§4' });
  });

  it('does not take a note line that starts with "More" for the action', () => {
    const answer = parseNavigation('Note: On x, the museum opens at 10:00.\nMore: it closes at 17:00. "open from 10:00 to 17:00"\nAction: GO_BACK');
    expect(answer.action).toEqual({ kind: 'back' });
    expect(answer.note).toContain('it closes at 17:00');
  });
});
