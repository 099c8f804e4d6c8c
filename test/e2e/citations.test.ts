/** Citations a reader can check: verified quotes, note-number citations, honest "not found", cut prompts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptKind, user } from '../support/agent-script.js';
import { startResearchWorld, type ResearchWorld } from '../support/research-world.js';

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/research/towers.html', '/research/history.html', '/research/lakhta.html']);
});
afterAll(() => world.close());

const TOWERS = 'Note: On towers, most skyscrapers stand in Moscow and London. "Most of them stand in Moscow, London"\nAction: GO_BACK';
const HISTORY = 'Note: On history, cathedrals were once the tallest structures. "the tallest structures in Europe were cathedrals"\nAction: GO_BACK';
const LAKHTA = 'Note: On lakhta, the Lakhta Center is 462 metres tall. "is 462 metres tall"\nAction: REQUEST_EXIT';

describe('citations', () => {
  it('keeps a citation of a note that exists, with its quote', async () => {
    const run = await world.research('tallest building in Europe', {
      search: 'search: tallest building in Europe',
      pages: { '/research/towers.html': TOWERS, '/research/history.html': HISTORY, '/research/lakhta.html': LAKHTA },
      conclude: 'The Lakhta Center is the tallest, at 462 metres [3].',
    });
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.citations).toEqual([{ n: 3, url: world.web.at('/research/lakhta.html'), quote: 'is 462 metres tall', verified: true, support: 'verified', supported: true }]);
    expect(out.sources.map((s: { n: number }) => s.n)).toEqual([3]);
    expect(out.notes.every((n: { verified: boolean }) => n.verified)).toBe(true);
  });

  it('removes a citation of a note that does not exist, and leaves it out of Sources', async () => {
    const run = await world.research('tallest building in Europe', {
      search: 'search: tallest building in Europe',
      pages: { '/research/towers.html': TOWERS, '/research/history.html': HISTORY, '/research/lakhta.html': LAKHTA },
      conclude: 'The Lakhta Center is 462 metres tall [3]. It has a rooftop garden [7].',
    });
    expect(run.result.code).toBe(0);
    const out = run.json();
    expect(out.answer).toBe('The Lakhta Center is 462 metres tall [3]. It has a rooftop garden.');
    expect(out.sources.map((s: { n: number }) => s.n)).toEqual([3]);
    expect(run.result.stderr).toContain('the answer cited [7], which name no note; removed');
    expect(run.trace().some((e) => e.type === 'warning' && String(e.message).includes('[7]'))).toBe(true);
  });

  it('marks a note whose quote is not on the page unverified, and tells the model once', async () => {
    const run = await world.research('tallest building in Europe', {
      search: 'search: tallest building in Europe',
      pages: {
        '/research/towers.html': 'Note: On towers, the tallest tower is 500 m. "the tallest tower in Europe is 500 metres"\nAction: GO_BACK',
        '/research/history.html': HISTORY,
        '/research/lakhta.html': LAKHTA,
      },
      conclude: 'The Lakhta Center is 462 metres tall [3].',
    });
    expect(run.result.code).toBe(0);
    const notes = run.json().notes;
    // The quote is not on the page, and neither is its number: no page words back the note.
    expect(notes[0]).toMatchObject({ verified: false, support: 'unverified', quotes: [], reason: 'its number 500 is not on the page' });
    expect(notes[1]).toMatchObject({ verified: true });
    const told = run.navigations().filter((r) => user(r).includes('quoted words that are not on the page'));
    expect(told).toHaveLength(1);
    expect(user(told[0]!)).toContain('Current page:\n[Start of page]\nURL: ' + world.web.at('/research/history.html'));
    const conclude = run.llm.chats().find((r) => promptKind(r) === 'conclude')!;
    expect(user(conclude)).toMatch(/\[1\] .* \(unverified\)/);
  });

  it('says plainly that nothing supported was found, lists the pages, and exits 4', async () => {
    const run = await world.research('who won the 1900 chess olympiad', {
      search: 'search: chess olympiad 1900',
      newsearch: 'search: chess olympiad 1900 winner',
      pages: {
        '/research/towers.html': 'Note: On towers, a chess olympiad was won by Mr. X.\nAction: GO_BACK',
        '/research/history.html': 'Error: about buildings.\nAction: GO_BACK',
        '/research/lakhta.html': 'Error: about buildings.\nAction: GO_BACK',
      },
      conclude: 'Mr. X won [1].',
    }, ['--max-pages', '3']);
    expect(run.result.code).toBe(4);
    const out = run.json();
    expect(out.answer).toBe('');
    expect(out.citations).toEqual([]);
    expect(out.visited).toHaveLength(3);
    expect(run.llm.chats().some((r) => promptKind(r) === 'conclude')).toBe(false);
  });

  it('warns with the fix when the server counted far fewer prompt tokens than were sent', async () => {
    const run = await world.research('tallest building in Europe', {
      search: 'search: tallest building in Europe',
      pages: { '/research/towers.html': { text: LAKHTA.replace('lakhta', 'towers').replace('"is 462 metres tall"', '"Europe has dozens of skyscrapers"'), promptTokens: 40 } },
      conclude: 'Europe has dozens of skyscrapers [1].',
    });
    expect(run.result.code).toBe(0);
    expect(run.result.stderr).toMatch(/counted 40 prompt tokens of about \d+ sent: it cut the prompt.*--ctx/);
    expect(run.trace().some((e) => e.type === 'llm' && e.promptCut?.countedTokens === 40)).toBe(true);
  });
});
