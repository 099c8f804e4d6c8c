/** Model-free relevance: the block that answers ranks first, in any script, and words every block has weigh little. */
import { describe, expect, it } from 'vitest';
import { rankBlocks, scoreBlocks } from '../../src/agent/relevance.js';

/** As on a real page, the subject's name is in most blocks: it must not decide the ranking. */
const GUIDE = [
  'Welcome to the Lakeside Museum. The museum is open every day of the year.',
  'The Lakeside Museum was founded in 1921 by the town council to show the history of the lake.',
  'Its collection of boats is the largest in the region; the Lakeside Museum restores two each year.',
  'The café on the ground floor serves lunch from noon. The museum shop sells postcards.',
  'Getting there: the Lakeside Museum is a 10 minute walk from Central Station; bus 42 stops at the door.',
  'Tickets cost 18 euros for adults; children under 12 enter free of charge.',
];

describe('scoreBlocks', () => {
  it('ranks the block that answers the question first', () => {
    expect(rankBlocks('How much is an adult ticket to the Lakeside Museum? museum ticket price', GUIDE)[0]).toBe(5);
    expect(rankBlocks('Which bus goes to the museum?', GUIDE)[0]).toBe(4);
  });

  it('scores a block with no shared term 0, and gives one score per block in order', () => {
    const scores = scoreBlocks('bus station', GUIDE);
    expect(scores).toHaveLength(GUIDE.length);
    expect(scores[0]).toBe(0);
    expect(scores[4]).toBeGreaterThan(0);
  });

  it('lets a word in every block weigh less than a rare one', () => {
    const scores = scoreBlocks('museum postcards', GUIDE);
    expect(rankBlocks('museum postcards', GUIDE)[0]).toBe(3);
    expect(scores[0]).toBeGreaterThan(0);
    expect(scores[0]).toBeLessThan(scores[3]!);
  });

  it('reads numbers however they are grouped', () => {
    const blocks = ['The tower is 462 metres tall.', 'It has 1,516 steps to the top.', 'The tower opened in 2019.'];
    expect(rankBlocks('Is it true that the tower has 1516 steps?', blocks)[0]).toBe(1);
  });

  it('works on CJK text without spaces', () => {
    const blocks = ['博物馆每天开放，全年无休。', '成人门票十八欧元，十二岁以下儿童免费。', '从中央车站步行十分钟即可到达博物馆。'];
    expect(rankBlocks('成人门票多少钱？', blocks)[0]).toBe(1);
    expect(rankBlocks('怎么从车站去博物馆', blocks)[0]).toBe(2);
  });

  it('scores nothing for an empty query or no blocks', () => {
    expect(scoreBlocks('', GUIDE)).toEqual(GUIDE.map(() => 0));
    expect(scoreBlocks('museum', [])).toEqual([]);
  });
});
