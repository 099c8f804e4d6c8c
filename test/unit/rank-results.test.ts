/** Search results ranked against the question before reading: relevant first, the engine's order kept for ties. */
import { describe, expect, it } from 'vitest';
import { Frontier } from '../../src/agent/frontier.js';
import { rankResults } from '../../src/agent/rank-results.js';
import type { SearchResult } from '../../src/search/types.js';

const QUESTION = 'What is the tallest building in Europe?';
const QUERY = 'tallest building in Europe';

const result = (name: string, title: string, snippet: string): SearchResult => ({ url: `https://${name}.example/`, title, snippet });
const names = (results: readonly SearchResult[]) => results.map((r) => new URL(r.url).hostname.split('.')[0]);

const guide = result('guide', 'Opening hours and ferry timetable', 'Plan your day: museums, parks, ferries and theatres, with prices for every season.');
const towers = result('towers', 'European skyscrapers overview', 'Europe has dozens of skyscrapers; the tallest building stands in Saint Petersburg.');
const lakhta = result('lakhta', 'Lakhta Center', 'The Lakhta Center is the tallest building in Europe at 462 metres.');

describe('rankResults', () => {
  it('reads a result whose snippet says nothing about the question after those that match', () => {
    expect(names(rankResults([guide, towers, lakhta], QUESTION, QUERY))).toEqual(['towers', 'lakhta', 'guide']);
  });

  it('keeps the engine order when nothing tells the results apart', () => {
    const same = ['a', 'b', 'c'].map((n, i) => result(n, `Result ${i + 1} for ${QUERY}`, 'snippet'));
    expect(names(rankResults(same, QUESTION, QUERY))).toEqual(['a', 'b', 'c']);
    const none = ['a', 'b', 'c'].map((n) => result(n, 'Unrelated', 'nothing shared'));
    expect(names(rankResults(none, QUESTION, QUERY))).toEqual(['a', 'b', 'c']);
  });

  it('lets the engine order decide between results that match about as well', () => {
    const first = result('first', 'Tallest building in Europe', 'The tallest building in Europe, with photos.');
    const second = result('second', 'Tallest building in Europe', 'The tallest building in Europe, a list.');
    expect(names(rankResults([first, second], QUESTION, QUERY))).toEqual(['first', 'second']);
    expect(names(rankResults([second, first], QUESTION, QUERY))).toEqual(['second', 'first']);
  });

  it('does not let one strong match far down jump every good result near the top', () => {
    const good = ['a', 'b', 'c', 'd'].map((n) => result(n, 'Europe skyscrapers', 'Skyscrapers of Europe by height.'));
    const filler = Array.from({ length: 10 }, (_, i) => result(`f${i}`, 'Weather', 'Rain tomorrow.'));
    const ranked = names(rankResults([...good, ...filler, lakhta], QUESTION, QUERY));
    expect(ranked.slice(0, 5)).toContain('lakhta');
    expect(ranked.indexOf('lakhta')).toBeLessThan(ranked.indexOf('f0'));
  });

  it('matches the question in another script without a shared word', () => {
    const zh = result('zh', '欧洲最高建筑', '拉赫塔中心是欧洲最高的建筑。');
    const other = result('other', '天气预报', '明天有雨。');
    expect(names(rankResults([other, zh], '欧洲最高的建筑是什么？', '欧洲最高建筑'))).toEqual(['zh', 'other']);
  });
});

describe('Frontier.addResults', () => {
  it('queues the results in ranked order, so prefetching (peek) follows it', () => {
    const frontier = new Frontier();
    frontier.addResults(QUERY, [guide, towers, lakhta], QUESTION);
    expect(frontier.peek(3)).toEqual([towers.url, lakhta.url, guide.url]);
    expect(frontier.nextResult()?.url).toBe(towers.url);
  });
});
