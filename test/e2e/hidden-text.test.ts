/** `scout read` end to end prints none of a page's hidden text, and the panels a visible control opens. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';
import { runCli } from '../support/run-cli.js';
import { removeTempDirs } from '../support/temp.js';

afterAll(removeTempDirs);

let web: FixtureWeb;
beforeAll(async () => {
  web = await startFixtureWeb();
});
afterAll(async () => {
  await web.close();
});

describe('scout read of a page that hides text', () => {
  it('prints the visible text and no hidden instruction, link or alt text', async () => {
    const { code, stdout, stderr } = await runCli(['read', web.at('/security/hidden/methods.html'), '--allow-private-network']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const visible of ['VISIBLE-ONE', 'VISIBLE-TWO', 'VISIBLE-THREE', 'VISIBLE-MIXED', `<${web.at('/articles/history.html')}>`]) expect(stdout).toContain(visible);
    expect(stdout).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example|\bH-[A-Z]/);
  });

  it('prints the collapsed panels a visible control opens, and not a hidden panel nothing visible opens', async () => {
    const { code, stdout } = await runCli(['read', web.at('/security/hidden/panels.html'), '--allow-private-network']);
    expect(code).toBe(0);
    for (const panel of ['PANEL-DETAILS:', 'PANEL-ACCORDION:', 'PANEL-COLLAPSE:', 'PANEL-TAB-WINTER:', 'PANEL-TAB-NIGHT:']) expect(stdout).toContain(panel);
    expect(stdout).not.toMatch(/IGNORE PREVIOUS INSTRUCTIONS|evil\.example|H-ORPHAN|H-HIDDEN-CONTROL|H-IN-DETAILS/);
  });
});
