/**
 * The `browser` tool of `scout mcp` end to end: the SDK's client drives the
 * real browser tool in a real Chromium over the fixture web, one browser for
 * the whole session so tabs and refs carry from call to call.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNTRUSTED_NOTICE } from '../../src/mcp/untrusted.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { chromiumsUnder, startMcp, waitFor, type McpRun } from '../support/mcp-harness.js';

let web: FixtureWeb;
let mcp: McpRun;

beforeAll(async () => {
  web = await startFixtureWeb();
  mcp = await startMcp(['--llm-url', 'http://127.0.0.1:9', '--searxng-url', 'http://127.0.0.1:9', '--allow-private-network']);
});
afterAll(async () => {
  await mcp?.close();
  await web?.close();
});

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

async function browser(args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await mcp.client.callTool({ name: 'browser', arguments: args })) as CallToolResult;
  // Every result, success or failure, says that page content is untrusted.
  expect(text(result).startsWith(UNTRUSTED_NOTICE)).toBe(true);
  return result;
}

describe('scout mcp browser tool', () => {
  it('opens a page, snapshots it, clicks a link by ref and reads the text', async () => {
    const opened = await browser({ action: 'open', url: web.at('/research/towers.html') });
    expect(opened.isError).toBeFalsy();
    expect(text(opened)).toContain(`opened t1: ${web.at('/research/towers.html')} "European skyscrapers overview" (HTTP 200)`);
    expect(opened.structuredContent).toMatchObject({ ok: true, action: 'open', tab: { id: 't1', current: true }, status: 200, untrusted: ['tab.title', 'dialogs'] });

    const snap = await browser({ action: 'snapshot' });
    expect(snap.isError).toBeFalsy();
    expect(text(snap)).toContain('--- snapshot (untrusted page content) ---');
    const ref = text(snap).match(/link "Lakhta Center in detail" \[ref=(e\d+)\]/)?.[1];
    expect(ref).toBeDefined();
    expect(snap.structuredContent).toMatchObject({ ok: true, tab: 't1', mode: 'full', untrusted: ['snapshot', 'title'] });

    const clicked = await browser({ action: 'act', kind: 'click', ref });
    expect(clicked.isError).toBeFalsy();
    expect(clicked.structuredContent).toMatchObject({ ok: true, kind: 'click', ref, navigated: true, url: web.at('/research/lakhta.html') });
    expect(text(clicked)).toContain(`click ${ref}: done; navigated to ${web.at('/research/lakhta.html')}`);

    const read = await browser({ action: 'text', maxChars: 60 });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ ok: true, source: 'article', truncated: true, untrusted: ['text'] });
    expect((read.structuredContent as { text: string }).text).toHaveLength(60);
    expect(text(read)).toContain('--- text (untrusted page content) ---\nLakhta Center');

    // The old ref is gone with the page it named.
    const stale = await browser({ action: 'act', kind: 'click', ref: 'e999' });
    expect(stale.isError).toBe(true);
    expect(text(stale)).toMatch(/snapshot/);
  });

  it('returns a screenshot as an image and caps limits the way scout browser does', async () => {
    const shot = await browser({ action: 'screenshot' });
    expect(shot.isError).toBeFalsy();
    const image = shot.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect(Buffer.from((image as { data: string }).data, 'base64').subarray(1, 4).toString()).toBe('PNG');

    const capped = await browser({ action: 'text', maxChars: 1_000_000 });
    expect(capped.isError).toBeFalsy();
    expect((capped.structuredContent as { text: string }).text.length).toBeLessThanOrEqual(40_000);
    const below = await browser({ action: 'text', maxChars: 0 });
    expect(below.isError).toBe(true);
    expect(text(below)).toContain('maxChars must be at least 1');
  });

  it('closes its browser when the client disconnects', async () => {
    expect(chromiumsUnder(mcp.tmp).length).toBeGreaterThan(0);
    await mcp.close();
    await waitFor('Chromium to exit', () => (chromiumsUnder(mcp.tmp).length === 0 ? true : undefined), 10_000);
    expect(mcp.stderr()).toContain('shutting down (the client closed stdin)');
    expect(mcp.errors).toEqual([]);
  });
});
