/**
 * A page whose only way forward is a file upload, in a whole research run of
 * the real CLI: the upload is not offered to the model, the page says it needs
 * one, and a model that answers with a local path gets nothing "filled".
 *
 * Models do answer an upload field with a path: browser-use's agent sent
 * "upload_file: path: /../test_data/test.pdf" (https://github.com/browser-use/browser-use/issues/4662),
 * and gemini-2.5-flash tried `fill` on file inputs in 11 of 13 failed tasks
 * (https://github.com/mozilla/pilo/issues/462); scout's own audit saw "[Upload](/etc/hostname)".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../support/agent-script.js';
import { startResearchWorld, type ResearchWorld } from '../support/research-world.js';
import { removeTempDirs } from '../support/temp.js';

afterAll(removeTempDirs);

let world: ResearchWorld;
beforeAll(async () => {
  world = await startResearchWorld(['/research/converter.html']);
  world.web.route('/research/converter.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Unit converter</title><main><h1>Spreadsheet unit converter</h1>
      <p>Upload your spreadsheet to see it converted to metric units.</p>
      <form action="/research/convert" method="post" enctype="multipart/form-data">
        <label>Upload your spreadsheet <input type="file" name="sheet" required></label>
        <button>Convert</button>
      </form></main>`);
  });
  world.web.route('/research/convert', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Converted</title><p>Converted.</p>');
  });
});
afterAll(() => world.close());

describe('research: a page that needs a file upload', () => {
  it('offers no file input, says the form needs an upload, and fills nothing when the model answers with a path', async () => {
    const run = await world.research('Convert my spreadsheet of heights to metres', {
      search: 'search: spreadsheet unit converter',
      pages: { '/research/converter.html': 'Note: On converter, the page converts an uploaded spreadsheet to metric units.\n[Upload your spreadsheet](/etc/hostname)' },
      conclude: 'The converter needs a spreadsheet upload [1].',
    }, ['--max-pages', '1']);
    expect(run.result.stderr).not.toMatch(/\n\s+at /);
    const [prompt] = run.navigations();
    const shown = user(prompt!);
    expect(shown).toContain('[This page asks for a file upload ("Upload your spreadsheet"), which scout does not do: its form cannot be sent from here.]');
    expect(shown).not.toMatch(/^ref f\d+: file /m);
    expect(shown).not.toContain('Form fields on this page');
    const trace = run.trace();
    expect(trace.find((e) => e.type === 'load')).toMatchObject({ uploads: ['Upload your spreadsheet'] });
    expect(trace.filter((e) => e.type === 'form')).toEqual([]);
    expect(world.web.requests.some((r) => r.path === '/research/convert')).toBe(false);
  });
});
