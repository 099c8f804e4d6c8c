/** `scout read <url>`: print exactly what the agent would see of a page, a PDF or a text file (a local one too). */
import type { Command } from 'commander';
import { DEFAULT_MAX_CHARS, frame, readPage, type Link } from '../browser/read/page-text.js';
import { browserSessionOptions, openSession } from '../browser/session/reading-session.js';
import type { LoadedDocument, PageLoad } from '../browser/types.js';
import { ALLOW_PRIVATE_HINT, checkUrlResolved, HostResolver } from '../browser/page/url-guard.js';
import type { Config } from '../config.js';
import { ScoutError } from '../errors.js';
import { linksSection } from '../prompts/sections.js';
import { terminalText } from '../util/terminal-text.js';
import { writeJson, type CommandContext } from './io.js';
import { configFor } from './options.js';
import { localFile, readLocal } from './read-local.js';
import { watchInterrupts } from './signals.js';

/** The URL to read: as given, or https:// added to a bare host. */
function targetUrl(raw: string): string {
  const trimmed = raw.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function refusal(reason: string, privateAddress: boolean): ScoutError {
  if (privateAddress) return new ScoutError('BAD_INPUT', reason, ALLOW_PRIVATE_HINT);
  // A name that does not resolve is an address to check, not a refused one (the egress proxy fails closed on it).
  if (/ does not resolve$/.test(reason)) return new ScoutError('NOTHING_FOUND', reason.replace(/^refused /, 'could not read '), 'check the address, or try again later');
  if (/ did not resolve within /.test(reason)) return new ScoutError('BAD_INPUT', reason, 'its name server answers too slowly for the address to be checked safely; try again later');
  return new ScoutError('BAD_INPUT', reason, 'give an http:// or https:// URL');
}

/** Load the page; Ctrl-C stops the load and still closes the browser (exit 130). */
async function loadPage(url: string, config: Config): Promise<PageLoad> {
  const interrupts = watchInterrupts(() => {});
  try {
    const session = await openSession(browserSessionOptions(config));
    try {
      const load = await session.load(url, { signal: interrupts.first });
      if (interrupts.first.aborted) throw new ScoutError('INTERRUPTED', 'interrupted');
      return load;
    } finally {
      await session.close();
    }
  } finally {
    interrupts.dispose();
  }
}

interface Shown {
  title: string;
  markdown: string;
  text: string;
  truncated: boolean;
  links: Link[];
  pageType: string;
  pages?: number;
}

/** The page's main content, or the document's text, as the agent is shown it. */
function shown(load: PageLoad): Shown {
  const doc: LoadedDocument | undefined = load.document;
  if (!doc) {
    const page = readPage(load.html, load.url);
    return { ...page, title: page.title || load.title };
  }
  const { text, truncated } = frame(doc.title, load.url, doc.markdown, DEFAULT_MAX_CHARS);
  return { title: doc.title, markdown: doc.markdown, text, truncated, links: doc.links, pageType: doc.pageType, ...(doc.pages !== undefined ? { pages: doc.pages } : {}) };
}

function print(load: PageLoad, config: Config, context: CommandContext, json: boolean): void {
  const page = shown(load);
  const links = page.links.map((link, i) => ({ n: i + 1, ...link }));
  if (json) {
    writeJson(context.io, {
      url: load.url,
      title: page.title,
      status: load.status,
      markdown: page.markdown,
      links,
      text: page.text,
      truncated: page.truncated,
      pageType: page.pageType,
      ...(page.pages !== undefined ? { pages: page.pages } : {}),
      ms: load.ms,
      ...(load.interstitial ? { interstitial: load.interstitial } : {}),
      dialogs: load.dialogs,
      downloads: load.downloads,
      popups: load.popups,
    });
    return;
  }
  // The page's words, URLs and dialogs reach the terminal without control sequences.
  const warn = (line: string) => context.io.stderr.write(`scout: ${terminalText(line, { oneLine: true })}\n`);
  if (!config.quiet) {
    if (load.status !== null && load.status >= 400) warn(`${load.url} answered HTTP ${load.status}`);
    if (load.interstitial) warn(`the page still shows a browser check ("${load.interstitial}") after waiting`);
    if (load.document?.cut) warn(`${load.document.cut}`);
    for (const message of load.dialogs) warn(`dismissed a dialog: ${message}`);
  }
  context.io.stdout.write(terminalText(`${page.text}\n\n${linksSection(links)}\n`));
}

async function read(rawUrl: string, config: Config, context: CommandContext, json: boolean): Promise<void> {
  const url = targetUrl(rawUrl);
  const verdict = await checkUrlResolved(url, { allowPrivateNetwork: config.allowPrivateNetwork, navigation: true }, new HostResolver());
  if (!verdict.ok) throw refusal(verdict.reason, verdict.privateAddress);
  const load = await loadPage(verdict.url.href, config);
  if (load.refused) throw refusal(load.error ?? `refused ${url}`, load.refused.privateAddress);
  if (load.error) throw new ScoutError('NOTHING_FOUND', `could not read ${url}: ${load.error}`, 'check that the page opens in a browser, or try again later');
  print(load, config, context, json);
}

export async function readAction(context: CommandContext, url: string, _opts: unknown, command: Command): Promise<void> {
  const config = configFor(command, context.io);
  const json = Boolean(command.opts<{ json?: boolean }>().json);
  const file = localFile(url);
  if (file) print(await readLocal(file), config, context, json);
  else await read(url, config, context, json);
}
