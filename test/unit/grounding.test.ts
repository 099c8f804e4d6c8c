/** Grounding notes the way small models write them: exact, paraphrased, reformatted, translated, or unquoted. */
import { describe, expect, it } from 'vitest';
import { alignQuote, groundNote } from '../../src/agent/grounding.js';
import { uncitedClaims } from '../../src/agent/answer-check.js';
import { namesOf, numbersOf, tokenize } from '../../src/agent/text-tokens.js';
import type { Note } from '../../src/agent/types.js';

const PAGE = [
  '# Lakhta Center',
  'The Lakhta Center in Saint Petersburg was completed in 2019. At 462 metres (1,516 ft) it is the tallest building in Europe.',
  'The population of the region was 64.1 million in 2020.',
  'Its spire is visible from the Gulf of Finland.',
].join('\n');

describe('tokens', () => {
  it('reads a number the same however it is grouped, and keeps decimals apart', () => {
    expect(numbersOf(tokenize('1,516 ft and 1516 feet and 1\u202f516'))).toEqual(['1516']);
    expect(numbersOf(tokenize('61.4 vs 64.1'))).toEqual(['61.4', '64.1']);
  });

  it('finds names, not words that open a sentence', () => {
    const text = 'The MacBook Air M3 beats the Dell XPS 13. It is light.';
    expect(namesOf(tokenize(text), text)).toEqual(['macbook', 'air', 'm3', 'dell', 'xps']);
  });
});

describe('groundNote', () => {
  it('verifies a quote that is on the page word for word', () => {
    const g = groundNote('On lakhta, it is 462 m tall. "At 462 metres (1,516 ft) it is the tallest building in Europe"', PAGE);
    expect(g.state).toBe('verified');
    expect(g.quotes[0]).toContain('tallest building in Europe');
  });

  it('supports a quote with one word changed, and keeps the page\'s own words', () => {
    for (const quote of ['At 462 meters (1,516 ft) it is the tallest building in Europe', 'At 462 metres (1516 feet) it is the tallest building in Europe', 'The Lakhta Center in Saint Petersburg is completed in 2019']) {
      const g = groundNote(`Note: the Lakhta Center. "${quote}"`, PAGE);
      expect(g.state, quote).toBe('supported');
      expect(PAGE).toContain(g.quotes[0]!);
    }
  });

  it('does not accept a quote whose number differs from the page', () => {
    const g = groundNote('The region had 61.4 million people. "The population of the region was 61.4 million in 2020"', PAGE);
    expect(g.state).toBe('unverified');
    expect(g.reason).toContain('61.4');
  });

  it('supports a note without quotation marks by its words or by its numbers and names', () => {
    const words = groundNote('On http://x.test/lakhta.html, the Lakhta Center in Saint Petersburg was completed in 2019.', PAGE);
    expect(words.state).toBe('supported');
    expect(words.quotes[0]).toContain('completed in 2019');
    const facts = groundNote('Lakhta Center, Saint Petersburg: 462 m, finished 2019, tallest in Europe', PAGE);
    expect(facts.state).toBe('supported');
    expect(facts.quotes[0]).toContain('462 metres');
  });

  it('checks a quote translated into another language by its numbers and names', () => {
    const g = groundNote('拉赫塔中心高462米。「拉赫塔中心高462米，是欧洲最高的建筑」', PAGE);
    expect(g.state).toBe('supported');
    expect(g.quotes[0]).toContain('462 metres');
    expect(groundNote('拉赫塔中心高470米。「拉赫塔中心高470米」', PAGE).state).toBe('unverified');
  });

  it('leaves a note unverified when the page does not say it', () => {
    expect(groundNote('The Eiffel Tower is in Paris.', PAGE).state).toBe('unverified');
    expect(groundNote('It is tall. "the tower was painted green by Gustave"', PAGE).state).toBe('unverified');
    expect(groundNote('It is very tall and impressive.', PAGE).reason).toContain('names no number');
  });

  it('reads the note\'s own words apart from a quote that repeats them (a quote not on the page leaves them to be checked)', () => {
    const g = groundNote('On http://x.test/a.html, the Lakhta Center is 470 metres tall. "is 470 metres tall"', PAGE);
    expect(g).toMatchObject({ state: 'unverified', reason: 'its number 470 is not on the page' });
  });

  it('does not align a quote to a passage that lacks one of its names', () => {
    expect(alignQuote('At 462 metres it is the tallest building in Asia', PAGE)).toBeUndefined();
  });
});

describe('uncitedClaims', () => {
  const note = (text: string): Note => ({ url: 'http://x.test/', title: 'Lakhta', text, quotes: [], verified: true, support: 'verified' });
  const notes = [note('The Lakhta Center is 462 metres tall.'), note('Cathedrals were once the tallest structures.')];

  it('flags a sentence whose number or name is not in the note it cites', () => {
    const claims = uncitedClaims('The Lakhta Center is 462 m tall [1]. It was designed by Tony Kettle in 2006 [2].', notes, { question: 'tallest building in Europe', checkNames: true });
    expect(claims).toHaveLength(1);
    expect(claims[0]!.cites).toEqual([2]);
    expect(claims[0]!.missing).toEqual(['2006', 'tony', 'kettle']);
  });

  it('checks numbers only outside English, and lets names of the question through', () => {
    expect(uncitedClaims('Das Lakhta Center ist 462 Meter hoch [1].', notes, { question: 'x', checkNames: false })).toEqual([]);
    expect(uncitedClaims('Das Lakhta Center ist 470 Meter hoch [1].', notes, { question: 'x', checkNames: false })[0]!.missing).toEqual(['470']);
    expect(uncitedClaims('In Europe the Lakhta Center is 462 m tall [1].', notes, { question: 'tallest building in Europe', checkNames: true })).toEqual([]);
  });
});
