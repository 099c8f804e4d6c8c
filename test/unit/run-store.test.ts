/** The kept runs on a real folder: redaction, atomic writes, order, pruning, corrupt files moved aside, unknown ids. */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactor } from '../../src/agent/secrets.js';
import type { ResearchResult } from '../../src/agent/types.js';
import { ScoutError } from '../../src/errors.js';
import { followUpTarget, namedSources } from '../../src/commands/sources.js';
import { inScope, scopedQuery } from '../../src/search/scope.js';
import { MAX_RUNS, RunStore, RUN_ID } from '../../src/state/run-store.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

const SECRET = 'hunter2-Zq9';

function result(question: string, noteText = 'The Lakhta Center is 462 metres tall.'): ResearchResult {
  const note = { url: 'https://example.org/lakhta', title: 'Lakhta', text: noteText, quotes: ['462 metres tall'], verified: true, support: 'verified' as const };
  return {
    question,
    query: 'q',
    language: 'en',
    answer: 'It is 462 metres tall [1].',
    sources: [{ n: 1, url: note.url, title: note.title }],
    citations: [],
    notes: [note],
    visited: [{ url: `https://example.org/login?password=${SECRET}`, status: 200, ms: 5 }],
    stoppedBy: 'answer_found',
    stats: { llmCalls: 3, promptTokens: 10, completionTokens: 5, pages: 1, elapsedMs: 10 },
  };
}

const freshStore = () => new RunStore({ XDG_STATE_HOME: tempDir('scout-runs-') });
const redact = redactor({ password: { origin: 'https://example.org', value: SECRET } });

describe('run store', () => {
  it('keeps a run in a 0600 file under XDG_STATE_HOME/scout/runs with no secret in it, and loads it back', () => {
    const store = freshStore();
    const saved = store.save(result('how tall?', `the page echoed ${SECRET}`), redact);
    expect(saved.id).toMatch(RUN_ID);
    expect(store.dir).toMatch(/scout[/\\]runs$/);
    const file = join(store.dir, `${saved.id}.json`);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('[secret:password]');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(store.dir)).toEqual([`${saved.id}.json`]);
    expect(store.load(saved.id)).toEqual(saved);
  });

  it('lists the newest first, continues the newest, and prunes beyond the limit', () => {
    const store = freshStore();
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < MAX_RUNS + 3; i++) store.save(result(`question ${i}`), redact, undefined, new Date(start + i * 1000));
    expect(store.ids()).toHaveLength(MAX_RUNS);
    expect(store.last().result.question).toBe(`question ${MAX_RUNS + 2}`);
    expect(store.recent(2, () => {}).map((r) => r.result.question)).toEqual([`question ${MAX_RUNS + 2}`, `question ${MAX_RUNS + 1}`]);
    expect(store.ids().some((id) => store.load(id).result.question === 'question 2')).toBe(false);
  });

  it('moves a corrupt file aside instead of overwriting it, and reports it', () => {
    const store = freshStore();
    const good = store.save(result('good'), redact, undefined, new Date(Date.UTC(2026, 0, 1)));
    const bad = store.save(result('bad'), redact, undefined, new Date(Date.UTC(2026, 0, 2)));
    const file = join(store.dir, `${bad.id}.json`);
    writeFileSync(file, '{"id": "half a fi');
    const reported: string[] = [];
    expect(store.recent(10, (m) => reported.push(m)).map((r) => r.id)).toEqual([good.id]);
    expect(reported).toEqual([expect.stringMatching(new RegExp(`run ${bad.id} is corrupt .*kept aside as .*${bad.id}\\.json\\.corrupt`))]);
    expect(existsSync(file)).toBe(false);
    expect(readFileSync(`${file}.corrupt`, 'utf8')).toBe('{"id": "half a fi');
    expect(store.last().id).toBe(good.id);
  });

  it('refuses an unknown id and an empty history with a hint', () => {
    const store = freshStore();
    let unknown: unknown;
    try {
      store.load('20200101-000000-000-abcd');
    } catch (error) {
      unknown = error;
    }
    expect(unknown).toBeInstanceOf(ScoutError);
    expect((unknown as ScoutError).exitCode).toBe(2);
    expect((unknown as ScoutError).hint).toContain('scout history');
    expect(() => store.last()).toThrow(/no earlier run/);
  });
});

describe('follow-up target and named sources', () => {
  it('reads -c "question" as the question, and -c <id> as the run', () => {
    expect(followUpTarget('and how tall is the second one?', [])).toEqual({ target: 'last', words: ['and how tall is the second one?'] });
    expect(followUpTarget('20261203-141502-123-3fa9', ['and', 'then?'])).toEqual({ target: '20261203-141502-123-3fa9', words: ['and', 'then?'] });
    expect(followUpTarget(true, ['why?'])).toEqual({ target: 'last', words: ['why?'] });
    expect(followUpTarget(undefined, ['why?'])).toEqual({ words: ['why?'] });
  });

  it('checks --url and --site values and maps --since', () => {
    expect(namedSources({ url: ['https://example.org/a'], site: ['https://Docs.Example.org/'], since: '1w' })).toEqual({ urls: ['https://example.org/a'], sites: ['docs.example.org'], excludeSites: [], timeRange: 'week' });
    expect(() => namedSources({ url: ['file:///etc/passwd'] })).toThrow(/not an http\(s\) address/);
    expect(() => namedSources({ site: ['exa mple.org'] })).toThrow(/not a host name/);
  });

  it('writes site: terms into the query and keeps results to the sites', () => {
    expect(scopedQuery('tower height', { sites: ['a.org', 'b.org'], excludeSites: ['c.org'] })).toBe('tower height site:a.org OR site:b.org -site:c.org');
    expect(inScope('https://www.a.org/x', { sites: ['a.org'] })).toBe(true);
    expect(inScope('https://nota.org/x', { sites: ['a.org'] })).toBe(false);
    expect(inScope('https://en.c.org/x', { excludeSites: ['c.org'] })).toBe(false);
  });
});
