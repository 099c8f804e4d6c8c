/** Secrets bound to a site and forms that may not carry the notes away: parsing, redaction and the pure form rules of decide(). */
import { describe, expect, it } from 'vitest';
import { decide, type AnsweredPage, type RunView } from '../../src/agent/decide.js';
import { carriesNoteFacts, type FormContext } from '../../src/agent/form-rules.js';
import { Frontier } from '../../src/agent/frontier.js';
import { parseNavigation } from '../../src/agent/parse.js';
import { maskedInJson, parseSecrets, redactor } from '../../src/agent/secrets.js';
import type { Note } from '../../src/agent/types.js';
import type { PageField } from '../../src/browser/types.js';
import { resolveConfig } from '../../src/config.js';

const SITE = 'https://bank.example';
const QUESTION = 'What is the opening time of the members deck in Saint Petersburg?';
const note = (text: string, url = 'https://towers.example/lakhta'): Note => ({ url, title: 'T', text, quotes: [], verified: true, support: 'verified' });
const NOTES = [note('On https://towers.example/lakhta, the Lakhta Center in Saint Petersburg is 462 metres tall and was completed in 2019.')];

type FormOf = PageField['form'];
const post = (action: string): FormOf => ({ action, method: 'post' });
const get = (action: string): FormOf => ({ action, method: 'get' });

function decideOn(url: string, fields: PageField[], text: string, options: { notes?: Note[]; question?: string } = {}) {
  const page: AnsweredPage = { url, title: 'Page', text: 'A page with a form.', links: [], fields };
  const run: RunView = { question: options.question ?? QUESTION, notes: options.notes ?? NOTES, secrets: { password: SITE }, formsFilled: 0, frontier: new Frontier(), redact: (t) => t };
  return decide(parseNavigation(text), page, run);
}
const field = (ref: string, label: string, form: FormOf, extra: Partial<PageField> = {}): PageField => ({ ref, type: 'text', label, required: false, ...(form ? { form } : {}), ...extra });

describe('parseSecrets', () => {
  it('binds each secret to the origin of its site, the value keeping any = or @', () => {
    expect(parseSecrets(['password@https://bank.example/login=a=b@c', 'pin@http://127.0.0.1:8080=1234'])).toEqual({
      password: { origin: SITE, value: 'a=b@c' },
      pin: { origin: 'http://127.0.0.1:8080', value: '1234' },
    });
  });

  it('refuses a secret without a site, with a hint, and malformed ones; never echoing the value', () => {
    expect(() => parseSecrets(['password=hunter2'])).toThrow(/--secret password names no site/);
    try {
      parseSecrets(['password=hunter2']);
    } catch (error) {
      expect(JSON.stringify(error) + String(error) + (error as { hint?: string }).hint).not.toContain('hunter2');
      expect((error as { hint?: string }).hint).toContain('--secret password@https://example.org=');
    }
    expect(() => parseSecrets(['password@ftp://bank.example=x'])).toThrow(/invalid site/);
    expect(() => parseSecrets(['password@https://bank.example='])).toThrow(/name@https:\/\/site=value/);
    expect(() => parseSecrets(['=x'])).toThrow(/name@https:\/\/site=value/);
  });
});

describe('secrets in the config file', () => {
  it('reads a value, or an environment variable, bound to an origin; prints *** as JSON', () => {
    const config = resolveConfig({
      file: { secrets: { password: { origin: 'https://bank.example/', value: 'hunter2' }, token: { origin: 'https://api.example', env: 'MY_TOKEN' } } },
      env: { MY_TOKEN: 't-0k3n' },
    });
    expect(config.secrets).toEqual({ password: { origin: SITE, value: 'hunter2' }, token: { origin: 'https://api.example', value: 't-0k3n' } });
    const printed = JSON.stringify({ ...config });
    expect(printed).not.toContain('hunter2');
    expect(printed).not.toContain('t-0k3n');
    expect(printed).toContain('"password":{"origin":"https://bank.example","value":"***"}');
  });

  it('refuses a secret without an origin, or with an unset variable, naming neither value', () => {
    expect(() => resolveConfig({ file: { secrets: { password: { value: 'hunter2' } } } })).toThrow(/secret "password" needs "origin"/);
    expect(() => resolveConfig({ file: { secrets: { token: { origin: SITE, env: 'UNSET_VAR' } } }, env: {} })).toThrow(/UNSET_VAR, which is not set/);
    expect(() => resolveConfig({ file: { secrets: 'hunter2' } })).toThrow(/must be an object/);
  });
});

describe('redactor', () => {
  it('scrubs a value as typed, in a URL query or path, and inside JSON', () => {
    const redact = redactor({ password: { origin: SITE, value: 'p@ss w/rd"&1' }, user: { origin: SITE, value: 'alice@example.org' } });
    expect(redact('logged in as alice@example.org with p@ss w/rd"&1')).toBe('logged in as [secret:user] with [secret:password]');
    expect(redact('https://x.example/find?q=p%40ss+w%2Frd%22%261')).toBe('https://x.example/find?q=[secret:password]');
    expect(redact('https://x.example/p%40ss%20w%2Frd%22%261')).toBe('https://x.example/[secret:password]');
    expect(redact(JSON.stringify({ v: 'p@ss w/rd"&1' }))).toBe('{"v":"[secret:password]"}');
  });

  it('keeps maskedInJson values out of JSON only: the object is unchanged for the code', () => {
    const secrets = maskedInJson({ password: { origin: SITE, value: 'hunter2' } });
    expect(secrets.password!.value).toBe('hunter2');
    expect(Object.keys(secrets)).toEqual(['password']);
  });
});

describe('decide: a secret goes only to a POST form of its own site', () => {
  const login = [field('f1', 'Username', post(`${SITE}/session`)), field('f2', 'Password', post(`${SITE}/session`), { type: 'password' })];
  const answer = '[Username](alice)\n[Password](secret:password)';

  it('fills the login form of its site that posts to its site', () => {
    expect(decideOn(`${SITE}/login`, login, answer).step).toEqual({ kind: 'form', fields: [{ field: 'f1', value: 'alice' }, { field: 'f2', value: 'secret:password' }] });
  });

  it('refuses the whole form on another site, and tells the model whose secret it is', () => {
    const d = decideOn('https://search.example/', [field('f1', 'Username', get('https://search.example/find')), field('f2', 'Password', get('https://search.example/find'))], `${answer}\nAction: GO_BACK`);
    expect(d.step).toEqual({ kind: 'next' });
    expect(d.corrections).toContain(`secret:password belongs to ${SITE}: it is filled only into a form of that site that sends to it with POST, so this form was not filled.`);
    expect(d.events).toContainEqual({ type: 'warning', message: `refused to fill secret:password into a form on https://search.example/ (GET to https://search.example): it belongs to ${SITE}` });
  });

  it('refuses a GET form of its own site: the value would land in a URL', () => {
    const d = decideOn(`${SITE}/login`, [field('f2', 'Password', get(`${SITE}/session`))], '[Password](secret:password)');
    expect(d.step.kind).not.toBe('form');
  });

  it('refuses a form of its site whose action is on another origin, and a field outside any form', () => {
    expect(decideOn(`${SITE}/login`, [field('f2', 'Password', post('https://evil.example/collect'))], '[Password](secret:password)').step.kind).not.toBe('form');
    expect(decideOn(`${SITE}/login`, [field('f2', 'Password', post('http://bank.example/session'))], '[Password](secret:password)').step.kind).not.toBe('form');
    expect(decideOn(`${SITE}/login`, [field('f2', 'Password', undefined)], '[Password](secret:password)').step.kind).not.toBe('form');
  });

  it('refuses a secret the person never stored instead of typing its name', () => {
    const d = decideOn(`${SITE}/login`, login, '[Password](secret:token)');
    expect(d.step.kind).not.toBe('form');
    expect(d.corrections[0]).toMatch(/no stored value secret:token/);
  });
});

describe('decide: a form to another origin carries only the question or its own options', () => {
  const PAGE = 'https://towers.example/contact';
  const away = post('https://collect.example/submit');
  const fields = [field('f1', 'Summary', away), field('f2', 'Topic', away, { type: 'select-one', options: ['Towers', 'Bridges'] }), field('f3', 'Subscribe', away, { type: 'checkbox' })];

  it('sends words of the question, a select option and a checkbox state', () => {
    const d = decideOn(PAGE, fields, '[Summary](members deck opening time Saint Petersburg)\n[Topic](towers)\n[Subscribe](no)');
    expect(d.step).toEqual({ kind: 'form', fields: [{ field: 'f1', value: 'members deck opening time Saint Petersburg' }, { field: 'f2', value: 'towers' }, { field: 'f3', value: 'no' }] });
  });

  it('refuses a paraphrase of the notes, and the whole form with it', () => {
    const d = decideOn(PAGE, fields, '[Topic](Towers)\n[Summary](tower in St Petersburg reaches 462 m, done 2019)\nAction: REQUEST_EXIT');
    expect(d.step).toEqual({ kind: 'stop' });
    expect(d.corrections[0]).toContain('sends to another site (https://collect.example)');
    expect(d.events).toContainEqual({ type: 'warning', message: `refused to send a form on ${PAGE} to https://collect.example: its values are not taken from the question` });
  });

  it('refuses even one word that is not in the question, and an option the form does not offer', () => {
    expect(decideOn(PAGE, fields, '[Summary](opening time lakhta)').step.kind).not.toBe('form');
    expect(decideOn(PAGE, fields, '[Topic](462 metres)').step.kind).not.toBe('form');
    // Digits of another script or bare symbols have no token to compare: not taken from the question either.
    expect(decideOn(PAGE, fields, '[Summary](४६२)').step.kind).not.toBe('form');
  });

  it('judges a javascript: action as another origin', () => {
    expect(decideOn(PAGE, [field('f1', 'Summary', post('javascript:send()'))], '[Summary](462 metres, 2019)').step.kind).not.toBe('form');
  });
});

describe('decide: same-origin forms keep the note-leak check, paraphrases included', () => {
  const PAGE = 'https://forum.example/post';
  const own = post('https://forum.example/reply');

  it('drops a value carrying two numbers of the notes, or three of their numbers and names', () => {
    const fields = [field('f1', 'Message', own), field('f2', 'Name', own)];
    const d = decideOn(PAGE, fields, '[Message](the tower reaches 462 m, done 2019)\n[Name](alice)');
    expect(d.step).toEqual({ kind: 'form', fields: [{ field: 'f2', value: 'alice' }] });
    expect(d.corrections).toContain('Form values that repeat your notes were refused (Message): notes are never sent to a site.');
    expect(decideOn(PAGE, fields, '[Message](Lakhta Center, 462 high)').step.kind).not.toBe('form');
  });

  it('lets a site search for a name from the notes, and for what the question or the page holds', () => {
    const ctx: FormContext = { question: QUESTION, pageUrl: PAGE, pageText: 'Built in 2019.', fields: [], notes: NOTES, secrets: {} };
    expect(carriesNoteFacts('Lakhta Center', ctx)).toBe(false);
    expect(carriesNoteFacts('Saint Petersburg members deck 2019', ctx)).toBe(false);
    expect(carriesNoteFacts('462 and 2019', { ...ctx, pageText: '' })).toBe(true);
  });
});
