/**
 * The `browser` tool of `scout mcp` to the letter of its spec (issue 24): the
 * spec's own example calls with targetId, cancelling an open, act drag and
 * wait, a busy tab, a download. The SDK's client drives the built server in a
 * real Chromium over the fixture web.
 */
import type { ServerResponse } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { startMcp, waitFor, type McpRun } from '../support/mcp-harness.js';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- results are JSON, read loosely

let web: FixtureWeb;
let mcp: McpRun;
/** Responses of /hang, a page whose server never answers; ended at teardown. */
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  web = await startFixtureWeb();
  web.route('/hang', (_req, res) => void hanging.push(res));
  mcp = await startMcp(['--llm-url', 'http://127.0.0.1:9', '--searxng-url', 'http://127.0.0.1:9', '--allow-private-network']);
});
afterAll(async () => {
  await mcp?.close();
  for (const res of hanging) res.destroy();
  await web?.close();
});

const text = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

async function call(args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
  return (await mcp.client.callTool({ name: 'browser', arguments: args }, undefined, { ...(signal ? { signal } : {}), timeout: 120_000 })) as CallToolResult;
}

/** A call that must succeed: its structured result. */
async function ok(args: Record<string, unknown>): Promise<Data> {
  const result = await call(args);
  if (result.isError) throw new Error(`${JSON.stringify(args)} failed: ${text(result)}`);
  return result.structuredContent as Data;
}

const ids = async (): Promise<string[]> => ((await ok({ action: 'tabs' })).tabs as Data[]).map((t) => t.id as string);

describe("the spec's example calls", () => {
  it('requests with targetId/filter/limit/clear, text with selector/maxChars, snapshot with query/maxChars, emulate with device/colorScheme/timezoneId/locale', async () => {
    const probe = (await ok({ action: 'open', url: web.at('/tool/emulate.html') })).tab.id as string;
    const noisy = (await ok({ action: 'open', url: web.at('/tool/logs.html') })).tab.id as string;
    const answered = async () => ((await ok({ action: 'requests', targetId: noisy, filter: 'data.json' })).entries as Data[]).filter((r) => r.status === 200).length;
    await waitFor('the noisy page to fetch', async () => ((await answered()) === 6 ? true : undefined));

    const requests = await ok({ action: 'requests', targetId: noisy, filter: 'data.json', limit: 2, clear: true });
    expect(requests).toMatchObject({ ok: true, tab: noisy, total: 6, returned: 2 });
    expect((requests.entries as Data[]).every((r) => r.tab === noisy && r.status === 200)).toBe(true);
    // clear emptied that tab's entries only.
    expect((await ok({ action: 'requests', targetId: noisy })).total).toBe(0);
    expect((await ok({ action: 'requests', targetId: probe })).total).toBeGreaterThan(0);
    const noisyErrors = (await ok({ action: 'errors', targetId: noisy })).entries as Data[];
    expect(noisyErrors.map((e) => [e.tab, e.message])).toContainEqual([noisy, 'widget failed to load']);
    expect(noisyErrors.every((e) => e.tab === noisy)).toBe(true);
    expect(((await ok({ action: 'errors', targetId: probe })).entries as Data[]).every((e) => e.tab === probe)).toBe(true);

    expect(await ok({ action: 'text', targetId: probe, selector: 'h1', maxChars: 3 })).toMatchObject({ tab: probe, text: 'Pro', truncated: true });
    // tab stays an alias of targetId.
    expect(await ok({ action: 'text', tab: probe, selector: 'h1' })).toMatchObject({ tab: probe, text: 'Probe' });

    const snapshot = await ok({ action: 'snapshot', targetId: probe, query: 'probe', maxChars: 2_000 });
    expect(snapshot).toMatchObject({ tab: probe, matches: 1 });
    expect(snapshot.snapshot).toContain('heading "Probe"');

    const emulated = await ok({ action: 'emulate', targetId: probe, device: 'Pixel 7', colorScheme: 'dark', timezoneId: 'Europe/Berlin', locale: 'de-DE' });
    expect(emulated).toMatchObject({
      tab: probe,
      applied: ['device', 'colorScheme', 'timezoneId', 'locale'],
      effective: { dark: true, timeZone: 'Europe/Berlin', locale: 'de-DE', language: 'de-DE', languages: ['de-DE', 'de'], width: 412 },
    });
  });

  it('refuses an unknown targetId, time zone or locale, and clears the color scheme with "none"', async () => {
    const unknown = await call({ action: 'requests', targetId: 't99' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('no tab t99');
    const zone = await call({ action: 'emulate', timezoneId: 'America/Nowhere' });
    expect(text(zone)).toContain('unknown time zone "America/Nowhere"');
    const locale = await call({ action: 'emulate', locale: 'xx-QQ' });
    expect(text(locale)).toContain('unknown locale "xx-QQ"');
    expect((await ok({ action: 'emulate', colorScheme: 'none', device: 'Desktop Chrome' })).effective).toMatchObject({ dark: false, width: 1280 });
  });
});

describe('cancelling an open', () => {
  it('closes the tab it made at once and leaves the other tabs', async () => {
    const before = await ids();
    const cancel = new AbortController();
    const opening = call({ action: 'open', url: web.at('/hang'), timeoutMs: 120_000 }, cancel.signal).catch((error: unknown) => error);
    await waitFor('the page to be requested', () => (hanging.length > 0 ? true : undefined));
    const during = await ids();
    expect(during.length).toBe(before.length + 1);
    cancel.abort();
    expect(await opening).toBeInstanceOf(Error);
    await waitFor('the cancelled tab to close', async () => ((await ids()).join() === before.join() ? true : undefined));
    // A generous bound as the test's timeout: far below the 120 s navigation timeout, and below the 30 s
    // after which Chrome's protocol timeout ended the old code's navigation (and so its tab) by itself.
  }, 25_000);
});

describe('act drag and wait', () => {
  it('drags a card onto a column and a slider by pointer, and waits for late text, a selector, a ref or a time', async () => {
    await ok({ action: 'open', url: web.at('/tool/board.html?late=1500') });
    const snap = (await ok({ action: 'snapshot' })).snapshot as string;
    const ref = (name: string) => new RegExp(`${name}" \\[ref=(e\\d+)\\]`).exec(snap)?.[1];
    expect(await ok({ action: 'act', kind: 'wait', text: 'Results are ready', timeoutMs: 10_000 })).toMatchObject({ kind: 'wait', navigated: false });
    expect(await ok({ action: 'act', kind: 'wait', selector: '#more', timeoutMs: 1_000 })).toMatchObject({ kind: 'wait' });
    expect(await ok({ action: 'act', kind: 'wait', ref: ref('Volume') })).toMatchObject({ kind: 'wait' });
    expect((await ok({ action: 'act', kind: 'wait', timeMs: 50 })).waitedMs).toBeGreaterThanOrEqual(50);
    const missing = await call({ action: 'act', kind: 'wait', text: 'never on this page', timeoutMs: 300 });
    expect(text(missing)).toContain('waited 300 ms: text "never on this page" did not appear');

    expect(await ok({ action: 'act', kind: 'drag', ref: ref('Write the report'), endRef: ref('Done column') })).toMatchObject({ kind: 'drag', detail: `dropped on ${ref('Done column')}` });
    expect((await ok({ action: 'text', selector: '#out' })).text).toBe('card moved to done');
    await ok({ action: 'act', kind: 'drag', ref: ref('Volume'), endRef: ref('Done column') });
    expect((await ok({ action: 'text', selector: '#out' })).text).toMatch(/^volume [1-9]\d*$/);
    expect(text(await call({ action: 'act', kind: 'drag', ref: ref('Volume') }))).toContain('act drag needs endRef');
  });
});

describe('a download instead of a page', () => {
  it('is reported by open (no tab stays) and by navigate (no snapshot), with no hint about timeoutMs', async () => {
    const before = await ids();
    const opened = await call({ action: 'open', url: web.at('/browser/report.bin') });
    expect(opened.isError).toBeFalsy();
    expect(opened.structuredContent).toMatchObject({ ok: true, download: web.at('/browser/report.bin') });
    expect(text(opened)).toContain('the URL is a file, not a page');
    expect(text(opened)).not.toContain('timeoutMs');
    expect(await ids()).toEqual(before);
    const navigated = await call({ action: 'navigate', url: web.at('/browser/report.bin') });
    expect(navigated.isError).toBeFalsy();
    expect(navigated.structuredContent).toMatchObject({ ok: true, download: web.at('/browser/report.bin') });
    expect((navigated.structuredContent as Data).snapshot).toBeUndefined();
  });
});

describe('a busy tab', () => {
  it('bounds a screenshot, answers "recovering" until it ends, lists tabs meanwhile, and closes', async () => {
    const busy = (await ok({ action: 'open', url: web.at('/browser/busy.html') })).tab.id as string;
    const shot = call({ action: 'screenshot', targetId: busy });
    const listed = await ids();
    expect(listed).toContain(busy);
    expect(listed.length).toBeGreaterThan(1);
    const failed = await shot;
    expect(failed.isError).toBe(true);
    expect(text(failed)).toContain(`the screenshot of ${busy} did not finish within 10 s: the page is busy`);
    expect(text(failed)).not.toMatch(/protocolTimeout/);
    for (const action of ['screenshot', 'snapshot']) expect(text(await call({ action, targetId: busy }))).toContain(`tab ${busy} is recovering`);
    expect(text(await call({ action: 'emulate', targetId: busy, device: 'Pixel 7' }))).toContain(`tab ${busy} is recovering`);
    expect((await ok({ action: 'close', targetId: busy })).closed).toBe(busy);
    expect(await ids()).not.toContain(busy);
    expect((await ok({ action: 'open', url: web.at('/tool/next.html') })).tab.title).toBe('Next page');
  }, 90_000);
});
