/** `scout browser snapshot` through the CLI against a persistent browser: budget, query, ref kinds, subtree, links, aria-hidden content. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { runCli } from '../support/run-cli.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web?.close();
});

describe('scout browser snapshot', () => {
  it('keeps whole lines within maxChars with a note of what it left out, matches queries on what elements are, and offers both ref kinds', async () => {
    const env = { XDG_STATE_HOME: tempDir('scout-browser-state-') };
    const cli = (...args: string[]) => runCli(['browser', ...args], { env });
    const json = async (...args: string[]) => JSON.parse((await cli(...args, '--json')).stdout);
    const stateFile = join(env.XDG_STATE_HOME, 'scout', 'browser.json');
    try {
      expect((await cli('start', '--allow-private-network')).code).toBe(0);
      expect((await cli('open', web.at('/tool/snapshot.html'))).code).toBe(0);

      const full = await json('snapshot');
      expect(full.snapshot).toMatch(/- heading "Wool Runners" \[level=1\] \[ref=e\d+\]/);
      expect(full.snapshot).toMatch(/- link "care guide" \[ref=e\d+\] → \/tool\/next\.html$/m);
      expect(full.snapshot).not.toContain('Skip to content');

      expect((await json('snapshot', '--query', 'ref')).matches).toBe(0);
      expect((await json('snapshot', '--query', 'zoom button')).snapshot.trim()).toMatch(/^- button "Zoom" \[ref=e\d+\]$/);

      const aria = await json('snapshot', '--refs', 'aria', '--query', 'play');
      const ref = /\[ref=(ax\d+)\]/.exec(aria.snapshot)?.[1] as string;
      expect((await cli('act', 'click', '--ref', ref)).code).toBe(0);
      expect((await cli('act', 'click', '--ref', ref)).code).toBe(0);
      expect((await cli('text', '--selector', '#out')).stdout).toContain('\nnow Play\n');

      expect((await cli('open', web.at('/tool/long.html'))).code).toBe(0);
      const cut = await json('snapshot', '--max-chars', '600');
      expect(cut.truncated).toBe(true);
      expect(cut.snapshot.length).toBeLessThanOrEqual(600);
      expect(cut.snapshot).toMatch(/\n\[[\d,]+ more lines \([\d,]+ refs\) left out at 600 chars; get them with a query \(query: "words"\), one subtree \(ref: /);
      const list = /- list \[ref=(e\d+)\] \(the rest: /.exec(cut.snapshot)?.[1] as string;
      expect((await json('snapshot', '--ref', list, '--query', 'hundred')).matches).toBe(10);
    } finally {
      if (existsSync(stateFile)) await cli('stop');
    }
  }, 300_000);
});
