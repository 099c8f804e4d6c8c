/**
 * Condensing a long page for the question: the sentence that answers is kept
 * (on the fixture guide and on real pages of the shared benchmark sets), under
 * its heading path, with skip marks and an outline of what was left out; a
 * quote copied from the view is on the page, and what was skipped is never
 * taken as seen.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { condense, seenText } from '../../src/agent/condense.js';
import { groundNote } from '../../src/agent/grounding.js';
import { outlineOf } from '../../src/agent/outline.js';
import { CONDENSE_TO_TOKENS, readPageState, sectionNamed, show } from '../../src/agent/page-view.js';
import { normaliseForQuote, quoteOnPage } from '../../src/agent/quotes.js';
import { frame, readPage } from '../../src/browser/read/page-text.js';
import type { PageView } from '../../src/browser/types.js';
import { estimateTokens } from '../../src/llm/tokens.js';

const GUIDE_URL = 'http://127.0.0.1/long-page/harbour-museum.html';
const guideHtml = readFileSync(new URL('../fixtures/web/long-page/harbour-museum.html', import.meta.url), 'utf8');

/** The page as round.ts gets it: the reader's Markdown, framed by the real frame(). */
function viewOf(html: string, url: string): PageView {
  const read = readPage(html, url, { maxChars: Number.MAX_SAFE_INTEGER });
  return { title: read.title, links: read.links, fields: [], frame: (max) => frame(read.title, url, read.markdown, max).text };
}

const whole = viewOf(guideHtml, GUIDE_URL).frame(Number.MAX_SAFE_INTEGER);
const guide = outlineOf(whole);
const contains = (text: string, sentence: string) => normaliseForQuote(text).includes(normaliseForQuote(sentence));

const TRAM = 'Tram line 7 from Lindholm Central Station runs every ten minutes and stops at Harbour Square, two minutes from the entrance';
const ANIMALS = 'Animals other than assistance animals are not admitted to the galleries';

describe('outline', () => {
  it('numbers the sections in page order, each with its heading path', () => {
    const getting = guide.sections.find((s) => s.title === 'Getting here')!;
    // The reader leaves out the h1 that repeats the title.
    expect(getting.path.map((l) => guide.lines[l])).toEqual(['## Getting here']);
    const cabin = guide.sections.find((s) => s.title === "The pilot's cabin")!;
    expect(cabin.path.map((l) => guide.lines[l])).toEqual(['## Highlights of the collection', "### The pilot's cabin"]);
    expect(guide.sections.map((s) => s.n)).toEqual(guide.sections.map((_, i) => i + 1));
    // A heading's section reaches over its subsections: `more Highlights` shows them all.
    const highlights = guide.sections.find((s) => s.title === 'Highlights of the collection')!;
    expect(highlights.end).toBeGreaterThan(cabin.from);
  });

  it('cuts a long text without headings into parts named by their first words', () => {
    const text = Array.from({ length: 70 }, (_, i) => `Paragraph ${i + 1} tells part ${i + 1} of a long story without any headings.`).join('\n\n');
    const outline = outlineOf(text);
    expect(outline.sections.length).toBeGreaterThanOrEqual(3);
    expect(outline.sections[1]!.title).toBe('"Paragraph 31 tells part 31 of…"');
  });
});

describe('condense', () => {
  it('keeps the sentence that answers, under its heading path, in page order, with skips and an outline', () => {
    const { text, skipped } = condense({ outline: guide, query: 'How often does the tram run from Lindholm Central Station to the museum?\ntram Lindholm Central Station Harbour Museum', targetTokens: 1000 });
    expect(contains(text, TRAM)).toBe(true);
    expect(text).toMatch(/## Getting here\n\n[\s\S]*Tram line 7/);
    expect(text.startsWith('[Start of page]\nURL: http://127.0.0.1/long-page/harbour-museum.html\nTitle: Harbour Museum of Navigation: visitor guide\n')).toBe(true);
    expect(text.endsWith('[End of page]')).toBe(true);
    expect(text).toMatch(/\n\[… \d+ lines? skipped …\]\n/);
    expect(text).toMatch(/\n\[Skipped sections \(Action: more <number or name> shows one\): .*§\d+ House rules.*\]\n\[End of page\]$/);
    expect(skipped.map((s) => s.title)).toContain('House rules');
    expect(estimateTokens(text)).toBeLessThanOrEqual(1000);
    expect(estimateTokens(text)).toBeLessThan(estimateTokens(whole) / 2);
    // Page order: every shown line comes later on the page than the one before it.
    const shown = seenText(text).split('\n').filter((l) => l.trim() && l !== '…');
    const at = shown.map((l) => whole.indexOf(l));
    expect(at.every((p) => p >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('shows a section asked for with more, before anything else', () => {
    const rules = sectionNamed(guide.sections, 'House rules')!;
    const question = 'Can I bring my dog to the Harbour Museum?';
    expect(contains(condense({ outline: guide, query: question, targetTokens: 1000 }).text, ANIMALS)).toBe(false);
    const { text, skipped } = condense({ outline: guide, query: question, targetTokens: 1000, expand: [rules.n] });
    expect(contains(text, ANIMALS)).toBe(true);
    expect(skipped.map((s) => s.n)).not.toContain(rules.n);
  });

  it('shows only the lead and the outline of a page that holds nothing for the question', () => {
    // The guide says "dog" nowhere and "ticket" in many places: no block holds two of the search's words.
    const question = 'How much does a dog licence cost in Lindholm?\ndog licence fee';
    const { text, skipped } = condense({ outline: guide, query: question, focus: 'dog licence fee', targetTokens: 1000 });
    expect(text).toMatch(/\[Condensed for the question: 1 of \d+ lines shown\]/);
    expect(skipped.map((s) => s.title)).toEqual(expect.arrayContaining(['Getting here', 'House rules', 'The building']));
    expect(contains(text, TRAM) || contains(text, ANIMALS)).toBe(false);
    expect(estimateTokens(text)).toBeLessThan(300);
    // The same words together in one block make the page on topic again.
    const onTopic = condense({ outline: guide, query: 'tram Lindholm', focus: 'tram Lindholm', targetTokens: 1000 }).text;
    expect(contains(onTopic, TRAM)).toBe(true);
  });

  it('keeps the [page N] mark before each kept block of a PDF text', () => {
    const pages = Array.from({ length: 12 }, (_, p) => `[page ${p + 1}]\n\n${Array.from({ length: 6 }, (_, i) => `Line ${i + 1} of page ${p + 1} is about ${p === 8 && i === 3 ? 'the warranty period, which is 24 months from the date of purchase' : 'installation and cleaning of the device'}.`).join('\n\n')}`).join('\n\n');
    const { text } = condense({ outline: outlineOf(pages), query: 'How long is the warranty period?', targetTokens: 250 });
    expect(text).toMatch(/\[page 9\]\n\n(?:\[… \d+ lines? skipped …\]\n\n)?Line 4 of page 9 is about the warranty period/);
    expect(text).not.toContain('[page 2]');
  });

  it('works on CJK text', () => {
    const topics = ['历史', '建筑', '展览', '餐厅', '商店', '活动', '图书馆', '交通'];
    const body = topics.map((t, i) => `## ${t}\n\n${`这一部分介绍博物馆的${t}，内容很长，包括许多细节和故事。`.repeat(12)}${i === 7 ? '\n\n从中央车站乘坐七路电车，十二分钟即可到达港口广场。' : ''}`).join('\n\n');
    const { text } = condense({ outline: outlineOf(`# 港口航海博物馆\n\n${body}`), query: '怎么从中央车站去博物馆？', targetTokens: 500 });
    expect(text).toContain('从中央车站乘坐七路电车，十二分钟即可到达港口广场。');
    expect(text).toContain('## 交通');
    expect(estimateTokens(text)).toBeLessThanOrEqual(500);
  });
});

describe('grounding on a condensed view', () => {
  const { text } = condense({ outline: guide, query: 'How often does the tram run from Lindholm Central Station?', targetTokens: 1000 });
  const seen = seenText(text);

  it('verifies a quote copied from the view, and that quote is on the whole page', () => {
    const note = `Note: On ${GUIDE_URL}, tram 7 runs every ten minutes. "${TRAM}"`;
    expect(groundNote(note, seen).state).toBe('verified');
    expect(quoteOnPage(TRAM, whole)).toBe(true);
    // Every line of the view that is not scout's own is the page's, word for word.
    for (const line of seen.split('\n').filter((l) => l.trim() && l !== '…')) expect(quoteOnPage(line, whole), line).toBe(true);
  });

  it('does not take a skipped sentence as seen, nor a quote across a skip', () => {
    expect(groundNote(`Note: On ${GUIDE_URL}, dogs stay outside. "${ANIMALS}"`, seen).state).toBe('unverified');
    const lines = seen.split('\n');
    const skip = lines.indexOf('…');
    const before = lines.slice(0, skip).findLast((l) => l.trim())!;
    const after = lines.slice(skip + 1).find((l) => l.trim())!;
    const across = `${before.split(' ').slice(-4).join(' ')} ${after.split(' ').slice(0, 4).join(' ')}`;
    expect(groundNote(`Note: On ${GUIDE_URL}, x. "${across}"`, seen).state).not.toBe('verified');
    expect(seen).not.toMatch(/lines? skipped|Skipped sections|Condensed for the question/);
  });
});

describe('show', () => {
  const budget = { chars: 100_000, tokens: 25_000 };
  it('shows a short page whole, a long one condensed, and with condensation off the page cut to the budget', () => {
    const short = viewOf('<html><head><title>Short</title></head><body><main><p>A short page about the harbour, with one paragraph only.</p></main></body></html>', 'http://127.0.0.1/short');
    expect(show(readPageState('http://127.0.0.1/short', short), { condense: true, query: 'harbour', budget }).text).toBe(short.frame(Number.MAX_SAFE_INTEGER));
    const long = show(readPageState(GUIDE_URL, viewOf(guideHtml, GUIDE_URL)), { condense: true, query: 'tram from Lindholm Central Station', budget });
    expect(long.skipped?.length).toBeGreaterThan(0);
    expect(estimateTokens(long.text)).toBeLessThanOrEqual(CONDENSE_TO_TOKENS);
    const off = show(readPageState(GUIDE_URL, viewOf(guideHtml, GUIDE_URL)), { condense: false, query: 'tram', budget: { chars: 3000, tokens: 750 } });
    expect(off.text).toBe(viewOf(guideHtml, GUIDE_URL).frame(3000));
    expect(off.skipped).toBeUndefined();
  });

  it('condenses to the page budget when that is smaller than the target', () => {
    const shown = show(readPageState(GUIDE_URL, viewOf(guideHtml, GUIDE_URL)), { condense: true, query: 'tram from Lindholm Central Station', budget: { chars: 2400, tokens: 600 } });
    expect(estimateTokens(shown.text)).toBeLessThanOrEqual(600);
    expect(contains(shown.text, TRAM)).toBe(true);
  });
});

describe('sectionNamed', () => {
  it('finds a section by number or name however a small model writes it', () => {
    const n = guide.sections.find((s) => s.title === 'Getting here')!.n;
    for (const name of ['Getting here', 'getting here', `§${n}`, String(n), `section ${n}`, 'Getting', 'the getting here section', 'GETTING HERE:']) {
      expect(sectionNamed(guide.sections, name)?.title, name).toBe('Getting here');
    }
    expect(sectionNamed(guide.sections, 'Rules of the house')?.title).toBe('House rules');
    expect(sectionNamed(guide.sections, 'Parking garage')).toBeUndefined();
    expect(sectionNamed(guide.sections, '999')).toBeUndefined();
  });
});

const WCXB = '/work/shared/data/wcxb/dev';

describe.skipIf(!existsSync(WCXB))('condense on real pages (shared WCXB set)', () => {
  const cases = [
    { id: '2858', question: "What does pop() return if you don't give it an index?\npython list pop without index", sentence: 'If no index is specified, `a.pop()` removes and returns the last item in the list.' },
    { id: '0626', question: 'How many autofocus points does the Nikon D750 have?\nnikon d750 autofocus points', sentence: 'an apt autofocus system that employs up to 51 distinct points' },
    { id: '0685', question: 'Who manages static Pods in Kubernetes?\nkubernetes static pods', sentence: 'are managed directly by the kubelet daemon on a specific node, without the API server observing them' },
  ];
  it.each(cases)('keeps the sentence that answers on page $id', ({ id, question, sentence }) => {
    const truth = JSON.parse(readFileSync(`${WCXB}/ground-truth/${id}.json`, 'utf8')) as { url: string };
    const view = viewOf(readFileSync(`${WCXB}/html/${id}.html`, 'utf8'), truth.url);
    const page = view.frame(Number.MAX_SAFE_INTEGER);
    expect(estimateTokens(page)).toBeGreaterThan(3000);
    const shown = show(readPageState(truth.url, view), { condense: true, query: question, budget: { chars: 200_000, tokens: 50_000 } });
    expect(shown.skipped?.length).toBeGreaterThan(0);
    expect(contains(shown.seen, sentence)).toBe(true);
    expect(estimateTokens(shown.text)).toBeLessThanOrEqual(CONDENSE_TO_TOKENS);
  });
});
