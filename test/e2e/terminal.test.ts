/**
 * A clean terminal: a hostile page's title, text, links and dialogs, a search
 * result's title and the model's own words carry terminal control sequences
 * (window title, clear screen, 8-bit CSI, BEL, bidi override); none of them
 * reaches stdout or stderr of the real CLI.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN, startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

const ESC = '\u001b';
/** Every attack at once: OSC window title (BEL and ST ended), clear screen, an 8-bit CSI, BEL, a bidi override, DEL, a C1 NEL. */
const ATTACK = `${ESC}]0;pwned-title\u0007${ESC}[2J${ESC}[H\u009b31m${ESC}]8;;https://evil.test${ESC}\\\u0007\u202eevil\u202c\u007f\u0085`;
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const HOSTILE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile ${ATTACK}Tower</title></head>
<body><main><h1>Hostile ${ATTACK}Tower</h1>
<p>The Hostile Tower is 321 metres tall.</p>
<p>Its owner writes ${ATTACK} into every paragraph.</p>
<p><a href="/research/towers.html">More ${ATTACK}towers</a></p>
</main><script>alert(${JSON.stringify(`dialog ${ATTACK}`)})</script></body></html>`;

const NOTE = 'Note: On hostile, the Hostile Tower is 321 metres tall. "The Hostile Tower is 321 metres tall"\nAction: REQUEST_EXIT';

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/terminal/hostile.html']);
  world.web.route('/terminal/hostile.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HOSTILE_PAGE);
  });
});
afterAll(() => world.close());
afterAll(removeTempDirs);

function expectClean(text: string): void {
  const at = text.search(UNSAFE);
  expect(at < 0 ? '' : JSON.stringify(text.slice(Math.max(0, at - 30), at + 30))).toBe('');
}

describe('a clean terminal', () => {
  it('scout read prints the page without its control sequences, on stdout and stderr', async () => {
    const { code, stdout, stderr } = await runCli(['read', world.web.at('/terminal/hostile.html'), '--allow-private-network']);
    expect(code).toBe(0);
    expect(stdout).toContain('Title: Hostile ');
    expect(stdout).toContain('The Hostile Tower is 321 metres tall.');
    expect(stderr).toContain('scout: dismissed a dialog: dialog ');
    expectClean(stdout);
    expectClean(stderr);
  });

  it('a research run prints the answer and Sources (and writes -o) without the page\'s or the model\'s control sequences', async () => {
    const report = join(tempDir('scout-terminal-'), 'report.md');
    const run = await world.research(
      'how tall is the hostile tower',
      { search: 'search: hostile tower', pages: { '/terminal/hostile.html': NOTE }, conclude: `The Hostile Tower is 321 metres tall [1]. ${ATTACK}` },
      [MARKDOWN, '-o', report],
    );
    expect(run.result.code).toBe(0);
    expect(run.result.stdout).toContain('The Hostile Tower is 321 metres tall [1].');
    expect(run.result.stdout).toMatch(/^\[1\] .*Hostile .*Tower — http:\/\/127\.0\.0\.1:\d+\/terminal\/hostile\.html$/m);
    expectClean(run.result.stdout);
    expectClean(run.result.stderr);
    expect(readFileSync(report, 'utf8')).toBe(run.result.stdout);
  });

  it('--json keeps the text but escapes every control character and bidi override', async () => {
    const run = await world.research('how tall is the hostile tower', { search: 'search: hostile tower', pages: { '/terminal/hostile.html': NOTE }, conclude: `Tall [1]. ${ATTACK}` });
    expect(run.result.code).toBe(0);
    expectClean(run.result.stdout);
    expect(run.json().answer).toContain(ATTACK);
  });

  it('scout search prints result titles and URLs without control sequences', async () => {
    const searx = await startSearxngDouble({ results: [{ url: 'https://example.org/a', title: `Result ${ATTACK}one`, content: `snippet ${ATTACK}` }] });
    try {
      const { code, stdout, stderr } = await runCli(['search', '--searxng-url', searx.url, `query ${ATTACK}`]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Result .*one\thttps:\/\/example\.org\/a\n$/);
      expectClean(stdout);
      expectClean(stderr);
    } finally {
      await searx.close();
    }
  });

  it('an error line quoting hostile words is clean too', async () => {
    const { code, stderr } = await runCli(['browser', `open${ATTACK}`]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^scout: /);
    expectClean(stderr);
  });
});
