import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromeArgs, findChrome, isRoot } from '../../src/browser/launch/chrome.js';
import { fillText } from '../../src/browser/page/elements.js';
import { agentFillable, discoverForms, locateField, neededUploads, type FormField } from '../../src/browser/page/forms.js';
import { startFixtureWeb, type FixtureWeb } from '../support/fixture-web.js';

let web: FixtureWeb;
let browser: Browser;
let page: Page;
let userDataDir: string;
let fields: FormField[];

beforeAll(async () => {
  web = await startFixtureWeb();
  userDataDir = await mkdtemp(join(tmpdir(), 'scout-forms-'));
  browser = await puppeteer.launch({
    executablePath: findChrome(undefined),
    headless: true,
    userDataDir,
    args: chromeArgs({ root: isRoot() }),
  });
  page = await browser.newPage();
  await page.goto(web.at('/reading/forms.html'), { waitUntil: 'load' });
  fields = await discoverForms(page);
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await rm(userDataDir, { recursive: true, force: true });
});

function field(name: string): FormField {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name} in ${fields.map((f) => f.name).join(', ')}`);
  return found;
}

/** Follow a locator the way a caller would: query, then step into the shadow root or frame. */
async function resolveName(locator: string[]): Promise<string | null> {
  return page.evaluate((parts: string[]) => {
    let root: Document | ShadowRoot = document;
    for (let i = 0; i < parts.length; i++) {
      const el: Element | null = root.querySelector(parts[i] as string);
      if (!el) return null;
      if (i === parts.length - 1) return el.getAttribute('name') ?? el.textContent ?? '';
      const next: Document | ShadowRoot | null = el.shadowRoot ?? (el as HTMLIFrameElement).contentDocument ?? null;
      if (!next) return null;
      root = next;
    }
    return null;
  }, locator);
}

describe('discoverForms in real Chromium', () => {
  it('finds light-DOM fields with label, type, value and required', () => {
    expect(field('q')).toMatchObject({ tag: 'input', type: 'search', label: 'Title or author', value: 'Dune', required: true });
    expect(field('available')).toMatchObject({ type: 'checkbox', checked: true, label: 'Only available copies' });
    expect(fields.filter((f) => f.name === 'format').map((f) => [f.label, f.checked])).toEqual([
      ['Book', true],
      ['Audiobook', false],
    ]);
    expect(field('branch')).toMatchObject({ tag: 'select', type: 'select-one', value: 'Central', options: ['Any branch', 'Central', 'North'] });
    expect(field('notes')).toMatchObject({ tag: 'textarea', label: 'Notes for the librarian', value: 'Large print please' });
    expect(fields.find((f) => f.tag === 'button' && f.label === 'Search')).toBeDefined();
  });

  it('skips hidden inputs', () => {
    expect(fields.some((f) => f.name === 'csrf')).toBe(false);
  });

  it('finds fields inside an open shadow root', () => {
    const email = field('email');
    expect(email).toMatchObject({ type: 'email', label: 'Your e-mail', required: true });
    expect(email.locator).toEqual(['newsletter-box', '#email']);
    expect(fields.find((f) => f.label === 'Subscribe')?.locator[0]).toBe('newsletter-box');
  });

  it('finds fields inside a same-origin iframe', () => {
    expect(field('card')).toMatchObject({ type: 'text', label: 'Card number' });
    expect(field('pin')).toMatchObject({ type: 'password', label: 'PIN', required: true });
    expect(field('pin').locator).toEqual(['#login', '#pin']);
  });

  it('takes where a form sends from its default button, also one tied to it by form= from outside it', async () => {
    web.route('/forms/outside-button', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<form id="login" method="post" action="/login"><label>Password <input name="pass" type="password"></label></form>' +
        '<button form="login" formaction="https://other.example/collect" formmethod="get">Log in</button>');
    });
    const other = await browser.newPage();
    try {
      await other.goto(web.at('/forms/outside-button'), { waitUntil: 'load' });
      const pass = (await discoverForms(other)).find((f) => f.name === 'pass');
      expect(pass?.form).toEqual({ action: 'https://other.example/collect', method: 'get' });
    } finally {
      await other.close();
    }
  });

  it('gives every field a locator that finds it again and a distinct backendNodeId', async () => {
    for (const f of fields.filter((x) => x.name)) expect(await resolveName(f.locator)).toBe(f.name);
    const ids = fields.map((f) => f.backendNodeId);
    expect(ids.every((id) => typeof id === 'number' && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('file inputs in real Chromium', () => {
  it('are never offered to the agent; a form that needs one is named; a fill with a path attaches nothing and says so', async () => {
    web.route('/forms/uploads', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<form action="/convert" method="post"><label>Upload your spreadsheet <input type="file" name="sheet"></label><button>Convert</button></form>' +
          '<form action="/apply" method="post"><label>Name <input name="who"></label><label>CV <input type="file" name="cv" required></label><button>Apply</button></form>' +
          '<form action="/contact" method="post"><label>Message <textarea name="msg"></textarea></label><label>Attachment <input type="file" name="extra"></label><button>Send</button></form>',
      );
    });
    const other = await browser.newPage();
    const cdp = await other.createCDPSession();
    try {
      await other.goto(web.at('/forms/uploads'), { waitUntil: 'load' });
      const found = await discoverForms(other);
      expect(found.filter(agentFillable).map((f) => f.name)).toEqual(['who', 'msg']);
      // The converter's upload is all its form asks for, the CV is required; the attachment is optional beside a message.
      expect(neededUploads(found)).toEqual(['Upload your spreadsheet', 'CV']);
      const sheet = found.find((f) => f.name === 'sheet')!;
      const element = await locateField(other, cdp, sheet.locator, 'f1');
      expect(await fillText(element!, '/etc/hostname')).toEqual({ ok: false, error: 'f1 is a file upload, and scout does not upload files' });
      expect(await other.$eval('input[name=sheet]', (el) => (el as HTMLInputElement).files?.length)).toBe(0);
    } finally {
      await cdp.detach();
      await other.close();
    }
  });
});
