import { describe, expect, it } from 'vitest';
import { checkNote, extractQuotes, quoteOnPage } from '../../src/agent/quotes.js';

const page = '[Start of page]\n# Lakhta Center\nThe **Lakhta Center** in Saint Petersburg is 462 metres tall, which makes it the tallest building in Europe.\n拉赫塔中心高462米，是欧洲最高的建筑。\n[End of page]';

describe('quotes', () => {
  it('extracts straight, typographic, guillemet and CJK quotes', () => {
    expect(extractQuotes('On x, it is tall. "is 462 metres tall" and “the tallest building” «in Saint Petersburg» 「欧洲最高的建筑」')).toEqual([
      'is 462 metres tall',
      'the tallest building',
      'in Saint Petersburg',
      '欧洲最高的建筑',
    ]);
    expect(extractQuotes('a "short" word')).toEqual([]);
  });

  it('finds a quote on the page regardless of case, white space, emphasis and edge punctuation', () => {
    expect(quoteOnPage('the lakhta center in  saint petersburg', page)).toBe(true);
    expect(quoteOnPage('is 462 metres tall, which makes it ... tallest building in Europe.', page)).toBe(true);
    expect(quoteOnPage('is 463 metres tall', page)).toBe(false);
  });

  it('verifies a note only when it quotes and every quote is on the page', () => {
    expect(checkNote('On x, 462 m. "is 462 metres tall"', page)).toEqual({ quotes: ['is 462 metres tall'], missing: [], verified: true });
    expect(checkNote('On x, 462 m. "is 462 metres tall" "opened by the Queen in 1999"', page).verified).toBe(false);
    expect(checkNote('On x, 462 m.', page)).toEqual({ quotes: [], missing: [], verified: false });
  });
});
