/**
 * PDFs end to end: the built CLI and real Chromium on a loopback site whose
 * PDFs the same Chromium printed at test time. `scout read` of a PDF's URL and
 * of a local file; a bad PDF; and a research run whose answer is only on page 2
 * of a PDF linked from the page the search found.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentScript, linkNumber, type AgentScript } from '../support/agent-script.js';
import { startLlmDouble } from '../support/llm-double.js';
import { FACT, startPdfWeb, type PdfWeb } from '../support/pdf-web.js';
import { runCli } from '../support/run-cli.js';
import { startSearxngDouble, type SearxngDouble } from '../support/searxng-double.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

let web: PdfWeb;
let searx: SearxngDouble;
beforeAll(async () => {
  web = await startPdfWeb();
  searx = await startSearxngDouble({ results: () => [{ url: web.at('/reports.html'), title: 'Harbour reports', content: 'yearly reports of the harbour' }] });
}, 60_000);
afterAll(async () => {
  await searx?.close();
  await web?.close();
});

describe('scout read on a PDF', () => {
  it('prints the text with a marker before each page, the fact on page 2', async () => {
    const { code, stdout, stderr } = await runCli(['read', web.at('/report.pdf'), '--allow-private-network']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\[Start of page\]\nURL: \S+\/report\.pdf\nTitle: Harbour Authority Annual Report 2023\n\n\[page 1\]\n/);
    expect(stdout).toMatch(/\[page 2\]\n(?:.*\n)*?.*In 2023 the port handled 4,711,000 tonnes of cargo/);
  }, 90_000);

  it('speaks JSON with --json: pageType "pdf" and the page count', async () => {
    const { code, stdout } = await runCli(['read', web.at('/report.pdf'), '--allow-private-network', '--json']);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ url: web.at('/report.pdf'), status: 200, pageType: 'pdf', pages: 2, title: 'Harbour Authority Annual Report 2023', truncated: false });
    expect(String(out.markdown).replace(/\s+/g, ' ')).toContain(FACT);
  }, 90_000);

  it('reads a local PDF without a browser', async () => {
    const dir = tempDir('scout-pdf-');
    writeFileSync(join(dir, 'report.pdf'), web.pdfs.report);
    copyFileSync(join(dir, 'report.pdf'), join(dir, 'copy.pdf'));
    const { code, stdout, stderr } = await runCli(['read', './report.pdf', '--json'], { cwd: dir });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ pageType: 'pdf', pages: 2, title: 'Harbour Authority Annual Report 2023' });
    const plain = await runCli(['read', join(dir, 'copy.pdf')]);
    expect(plain.stdout).toContain('[page 2]');
  }, 90_000);

  it('says in one line why a bad PDF cannot be read, exit 4', async () => {
    const { code, stdout, stderr } = await runCli(['read', web.at('/bad/encrypted.pdf'), '--allow-private-network']);
    expect(code).toBe(4);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(`scout: could not read ${web.at('/bad/encrypted.pdf')}: the PDF is encrypted with a password`);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});

/**
 * The model's replies follow the answer grammar as small local models write it
 * for AgenticSeek's browser agent ("Note: ... Action: navigate N", an Error line
 * on a page that only points elsewhere): https://github.com/Fosowl/agenticSeek
 * (sources/agents/browser_agent.py, and /tmp/zoo-notes.md F11, F13).
 */
const toTheReport: AgentScript = {
  search: 'search: harbour annual report 2023 cargo tonnes',
  pages: {
    '/reports.html': (req) => `Error: this page only lists the yearly reports; the cargo figures are in the annual report.\nAction: navigate ${linkNumber(req, '/report.pdf')}`,
    '/report.pdf': () => `Note: On ${web.at('/report.pdf')}, in 2023 the port handled 4,711,000 tonnes of cargo, a record. "In 2023 the port handled 4,711,000 tonnes of cargo, a record."\nAction: REQUEST_EXIT`,
  },
  conclude: 'In 2023 the port handled 4,711,000 tonnes of cargo, a record for the harbour [1].',
};

describe('research with the answer only in a PDF', () => {
  it('follows the PDF link, answers from page 2 and cites the PDF with its page', async () => {
    const llm = await startLlmDouble({ script: agentScript(toTheReport) });
    try {
      const tmp = tempDir('scout-pdf-run-');
      const result = await runCli(['--llm-url', llm.url, '--searxng-url', searx.url, '--allow-private-network', '--json', 'How many tonnes of cargo did the harbour handle in 2023?'], { env: { TMPDIR: tmp }, timeoutMs: 180_000 });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(0);
      const out = JSON.parse(result.stdout) as { answer: string; sources: unknown[]; notes: { url: string; support: string }[]; stoppedBy: string };
      expect(out.stoppedBy).toBe('answer_found');
      expect(out.notes).toEqual([expect.objectContaining({ url: web.at('/report.pdf'), support: 'verified' })]);
      expect(out.sources).toEqual([{ n: 1, url: web.at('/report.pdf'), title: 'Harbour Authority Annual Report 2023' }]);
      expect(out.answer).toBe('In 2023 the port handled 4,711,000 tonnes of cargo, a record for the harbour [1, p. 2].');
    } finally {
      await llm.close();
    }
  }, 200_000);
});
