/**
 * The browser tool in real Chromium on the fixture web, for the integration
 * tests of its actions: one tool and one fixture web per test file, and the
 * helpers the tests read results with.
 */
import { afterAll, beforeAll } from 'vitest';
import { NO_HUMAN } from '../../src/browser/page/human.js';
import { BrowserTool, type ToolResult } from '../../src/browser/tool/browser-tool.js';
import { startFixtureWeb, type FixtureWeb } from './fixture-web.js';
import { waitFor } from './mcp-harness.js';

export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- results are JSON, read loosely
export type ToolFailure = Extract<ToolResult, { ok: false }> & Data;

export interface ToolHarness {
  /** Set in beforeAll. */
  web: FixtureWeb;
  tool: BrowserTool;
  /** Run an action that must succeed and return its result. */
  ok(action: string, params?: Record<string, unknown>): Promise<Data>;
  /** Run an action that must fail and return its failure. */
  failure(action: string, params?: Record<string, unknown>): Promise<ToolFailure>;
  /** The text of #out on the current page (the form fixture writes what happened there). */
  outText(): Promise<string>;
  /** Open the form fixture in a new tab. */
  openForm(): Promise<Data>;
}

/** Start a fixture web and a browser tool (no human pacing, short waits) for this file; both close after it. */
export function useToolBrowser(): ToolHarness {
  const harness = {
    async ok(action: string, params: Record<string, unknown> = {}) {
      const result = await harness.tool.run(action, params);
      if (!result.ok) throw new Error(`${action} failed: ${result.error}`);
      return result as Data;
    },
    async failure(action: string, params: Record<string, unknown> = {}) {
      const result = await harness.tool.run(action, params);
      if (result.ok) throw new Error(`${action} unexpectedly succeeded: ${JSON.stringify(result)}`);
      return result as ToolFailure;
    },
    outText: async () => (await harness.ok('text', { selector: '#out' })).text as string,
    // open returns once the page committed (500 ms grace here); the form's iframe may load later on a busy machine.
    openForm: async () => {
      const opened = await harness.ok('open', { url: harness.web.at('/tool/form.html') });
      await waitFor("the form's iframe", async () => ((await harness.ok('snapshot', { query: 'Inner button' })).matches > 0 ? true : undefined), 10_000);
      return opened;
    },
  } as ToolHarness;
  beforeAll(async () => {
    harness.web = await startFixtureWeb();
    harness.tool = new BrowserTool({ launch: { headful: false, stealth: true }, allowPrivateNetwork: true, human: NO_HUMAN, interstitialWaitMs: 0, commitGraceMs: 500 });
  });
  afterAll(async () => {
    await harness.tool?.close();
    await harness.web?.close();
  });
  return harness;
}

/** The ref on the snapshot line that contains `needle`. */
export function refOf(snapshot: string, needle: string): string {
  const line = snapshot.split('\n').find((l) => l.includes(needle));
  const ref = line && /\[ref=(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ref for ${needle} in:\n${snapshot}`);
  return ref;
}
