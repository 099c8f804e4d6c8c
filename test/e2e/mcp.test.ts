/**
 * `scout mcp` end to end: the built CLI as a child process, driven by the MCP
 * SDK's client over stdio, against the fixture web, the SearxNG double and a
 * scripted model through the real ollama client.
 */
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/browser/tool/browser-tool.js';
import { PARTIAL_ANSWER_LOGGER } from '../../src/mcp/tools/research.js';
import { UNTRUSTED_NOTICE } from '../../src/mcp/untrusted.js';
import { agentScript, linkNumber } from '../support/agent-script.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startLlmDouble, type LlmDouble } from '../support/llm-double.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { chromiumsUnder, schemaNodes, startMcp, waitFor, type McpRun } from '../support/mcp-harness.js';

let web: FixtureWeb;
let searx: SearxngDouble;
let llm: LlmDouble;
let mcp: McpRun;

const PAGES = ['/research/towers.html', '/research/history.html', '/research/about.html'];

beforeAll(async () => {
  web = await startFixtureWeb();
  searx = await startSearxngDouble({ results: (q) => PAGES.map((path, i) => ({ url: web.at(path), title: `Result ${i + 1} for ${q}`, content: `snippet ${i + 1}` })) });
  llm = await startLlmDouble();
  mcp = await startMcp(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network']);
});
afterAll(async () => {
  await mcp?.close();
  await llm?.close();
  await searx?.close();
  await web?.close();
});

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const call = async (name: string, args: Record<string, unknown>) => (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;

describe('scout mcp', () => {
  it('lists research, browser and search with flat input schemas', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['browser', 'research', 'search']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      for (const node of schemaNodes(tool.inputSchema)) for (const key of ['anyOf', 'oneOf', 'allOf', '$ref']) expect(node).not.toHaveProperty(key);
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect(['string', 'integer', 'boolean'], `${tool.name}.${name}`).toContain((property as { type: string }).type);
      }
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema]));
    expect(byName.research).toMatchObject({ required: ['question'], properties: { question: { type: 'string' }, maxPages: { type: 'integer', minimum: 1 }, lang: { type: 'string' } } });
    expect(byName.search).toMatchObject({ required: ['query'], properties: { query: { type: 'string' }, count: { type: 'integer', maximum: 50 } } });
    const browser = byName.browser!;
    expect(browser.required).toEqual(['action']);
    expect(browser.properties!.action).toMatchObject({ type: 'string', enum: ACTIONS.map((a) => a.name) });
    // Every parameter of every action is there, optional at the top level, with the action's choices and limits.
    const params = new Set(ACTIONS.flatMap((a) => Object.entries(a.params).flatMap(([name, spec]) => [name, ...(spec.aliases ?? [])])));
    expect(Object.keys(browser.properties!).sort()).toEqual(['action', ...params].sort());
    expect(browser.properties!.kind).toMatchObject({ enum: ['click', 'type', 'fill', 'select', 'check', 'press', 'hover', 'drag', 'wait'] });
    expect(browser.properties!.maxChars).toMatchObject({ type: 'integer', minimum: 1, maximum: 400_000 }); // snapshot's ceiling; text caps its own at 40,000
    expect((browser.properties!.url as { description: string }).description).toContain('open (required)');
  });

  it('answers bad arguments with MCP tool errors and keeps serving', async () => {
    const missing = await call('research', {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/Input validation error.*question/s);
    const zeroPages = await call('research', { question: 'towers', maxPages: 0 });
    expect(zeroPages.isError).toBe(true);
    expect(text(zeroPages)).toMatch(/maxPages/);
    const wrongType = await call('search', { query: 42 });
    expect(wrongType.isError).toBe(true);

    // The browser tool's own validation, in the same words as `scout browser`.
    const fly = await call('browser', { action: 'fly' });
    expect(fly.isError).toBe(true);
    expect(text(fly)).toContain('unknown browser action "fly"');
    expect(text(fly)).toContain('hint: actions: doctor, status, start');
    expect(text(await call('browser', { action: 'act', kind: 'click' }))).toContain('act needs ref');
    expect(text(await call('browser', { action: 'open', url: web.at('/'), selector: 'main' }))).toContain('open takes no "selector" (it takes url, timeoutMs)');
    expect(text(await call('browser', { action: 'snapshot', mode: 'tiny' }))).toContain('mode must be one of full, efficient');
    const noTab = await call('browser', { action: 'text' });
    expect(noTab).toMatchObject({ isError: true, structuredContent: { ok: false, code: 'BAD_INPUT' } });
    expect(text(noTab)).toContain('no tab is open');

    const unknownTool = await call('nope', {});
    expect(unknownTool.isError).toBe(true);
    expect(text(unknownTool)).toContain('Tool nope not found');

    expect((await mcp.client.listTools()).tools).toHaveLength(3);
    expect(mcp.errors).toEqual([]);
    expect(mcp.stderr()).not.toMatch(/\n\s+at /);
  });

  it('searches with the configured engine', async () => {
    const result = await call('search', { query: 'tall towers', count: 2 });
    expect(result.isError).toBeFalsy();
    expect(text(result).startsWith(UNTRUSTED_NOTICE)).toBe(true);
    expect(text(result)).toContain(`1. Result 1 for tall towers\n   ${web.at('/research/towers.html')}\n   snippet 1`);
    expect(result.structuredContent).toMatchObject({ query: 'tall towers', engine: 'searxng', untrusted: ['results'] });
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(2);
    expect(searx.queries.at(-1)).toMatchObject({ q: 'tall towers', format: 'json' });
  });

  it('runs a research question to an answer with sources, with progress notifications', async () => {
    const conclude = 'The tallest building in Europe is the Lakhta Center in Saint Petersburg, 462 metres tall [2].';
    llm.setScript(
      agentScript({
        search: 'search: tallest building in Europe',
        pages: {
          '/research/towers.html': (req) => `Note: On towers, most European skyscrapers stand in Moscow. "Most of them stand in Moscow, London"\nAction: navigate ${linkNumber(req, '/research/lakhta.html')}`,
          '/research/lakhta.html': 'Note: On lakhta, the Lakhta Center is 462 metres tall, the tallest building in Europe. "is 462 metres tall, which makes it the tallest building in Europe"\nAction: REQUEST_EXIT',
        },
        conclude,
      }),
    );
    const progress: Progress[] = [];
    const result = (await mcp.client.callTool({ name: 'research', arguments: { question: 'What is the tallest building in Europe?', maxPages: 5 } }, undefined, { onprogress: (p) => progress.push(p) })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe(`${conclude}\n\nSources:\n[2] Lakhta Center — ${web.at('/research/lakhta.html')}\n`);
    expect(result.structuredContent).toMatchObject({ stoppedBy: 'answer_found', language: 'en', query: 'tallest building in Europe', stats: { pages: 2 } });
    const messages = progress.map((p) => p.message);
    expect(messages).toContain('rewriting the question into a search query');
    expect(messages.some((m) => /^reading page 1\/5: 127\.0\.0\.1:\d+\/research\/\S+\.html$/.test(m ?? ''))).toBe(true);
    expect(messages).toContain('concluding from 2 notes');
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1));
    // Progress also goes to stderr, never to stdout (the transport saw nothing but MCP messages).
    expect(mcp.stderr()).toMatch(/reading page 2\/5: 127\.0\.0\.1/);
    expect(mcp.errors).toEqual([]);
    expect(chromiumsUnder(mcp.tmp)).toEqual([]);
  });

  it('on cancellation closes the browser and sends the partial answer from the notes', async () => {
    llm.setScript(
      agentScript({
        search: 'search: towers',
        pages: {
          '/research/towers.html': 'Note: On towers, many towers stand in Moscow. "Most of them stand in Moscow"\nAction: GO_BACK',
          '/research/history.html': { text: 'Note: x\nAction: GO_BACK', delayMs: 30_000 },
        },
        conclude: 'Many towers stand in Moscow [1].',
      }),
    );
    const controller = new AbortController();
    let browsing: string[] = [];
    const running = mcp.client.callTool({ name: 'research', arguments: { question: 'towers' } }, undefined, {
      signal: controller.signal,
      onprogress: (p) => {
        if (!controller.signal.aborted && /^reading page 2\//.test(p.message ?? '')) {
          browsing = chromiumsUnder(mcp.tmp);
          controller.abort('the test cancels');
        }
      },
    });
    await expect(running).rejects.toThrow();
    expect(browsing.length).toBeGreaterThan(0);
    const partial = await waitFor('the partial answer', () => mcp.logs.find((l) => l.logger === PARTIAL_ANSWER_LOGGER));
    const data = partial.data as { report: string; result: { stoppedBy: string; notes: unknown[] } };
    expect(data.result.stoppedBy).toBe('interrupted');
    expect(data.result.notes).toHaveLength(1);
    expect(data.report).toBe(`Many towers stand in Moscow [1].\n\nSources:\n[1] European skyscrapers overview — ${web.at('/research/towers.html')}\n`);
    expect(chromiumsUnder(mcp.tmp)).toEqual([]);
    // The server carries on after a cancellation.
    expect((await call('search', { query: 'after' })).isError).toBeFalsy();
  });

  it('reports a dependency that is down as a tool error with a hint, and exits when the client closes the connection', async () => {
    const dead = await startLlmDouble();
    await dead.close();
    const other = await startMcp(['--llm-url', dead.url, '--searxng-url', searx.url]);
    const result = (await other.client.callTool({ name: 'research', arguments: { question: 'towers' } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(dead.url.replace(/^http:\/\//, ''));
    expect(text(result)).toMatch(/\nhint: .*ollama serve/);
    await other.close();
    await waitFor('the shutdown line', () => (other.stderr().includes('shutting down (the client closed stdin)') ? true : undefined), 5_000);
    expect(other.errors).toEqual([]);
  });
});
