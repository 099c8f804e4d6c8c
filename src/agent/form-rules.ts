/**
 * What a form fill may send, and where: a stored secret only to a POST form of
 * its own site, a form to another site only words of the question or the
 * form's own options, and never the notes, copied or paraphrased. Pure.
 */
import type { FieldValue, PageField } from '../browser/types.js';
import { secretOrigin } from './secrets.js';
import { namesOf, numbersOf, tokenize } from './text-tokens.js';
import type { Note } from './types.js';

/** A value the model gave, with the page field it names. */
export interface NamedField {
  value: FieldValue;
  field: PageField;
}

/** What the rules read of the page and the run. */
export interface FormContext {
  question: string;
  pageUrl: string;
  /** The page text the model was shown. */
  pageText: string;
  fields: readonly PageField[];
  notes: readonly Note[];
  /** The origin each stored secret belongs to, by name (never the values). */
  secrets: Readonly<Record<string, string>>;
}

/** Why a whole form was refused: a correction for the model, a warning for the person. */
export interface Refusal {
  correction: string;
  warning: string;
}

const SECRET_REF = /^secret:(\S+)$/;
const CHECKBOX_WORDS = new Set(['', 'on', 'off', 'yes', 'no', 'true', 'false', 'checked', 'unchecked', 'x', '1', '0']);

/** The origin a field's form sends to; a field outside any form goes with the page. */
function actionOrigin(field: PageField, pageUrl: string): string {
  return secretOrigin(field.form?.action ?? pageUrl) ?? 'null';
}

/**
 * A secret is filled only on its own site, into a form whose action is on that
 * site and whose method is POST (a GET form would put the value in a URL).
 */
export function refuseSecrets(named: readonly NamedField[], ctx: FormContext): Refusal | undefined {
  const pageOrigin = secretOrigin(ctx.pageUrl);
  for (const { value, field } of named) {
    const name = value.value.trim().match(SECRET_REF)?.[1];
    if (name === undefined) continue;
    const origin = ctx.secrets[name];
    if (origin === undefined) {
      return { correction: `There is no stored value secret:${name}, so the form was not filled. Use only the stored values listed.`, warning: `refused a form on ${ctx.pageUrl}: the model asked for an unknown stored value secret:${name}` };
    }
    const form = field.form;
    if (pageOrigin !== origin || !form || secretOrigin(form.action) !== origin || form.method !== 'post') {
      return {
        correction: `secret:${name} belongs to ${origin}: it is filled only into a form of that site that sends to it with POST, so this form was not filled.`,
        warning: `refused to fill secret:${name} into a form on ${ctx.pageUrl}${form ? ` (${form.method.toUpperCase()} to ${secretOrigin(form.action) ?? form.action})` : ''}: it belongs to ${origin}`,
      };
    }
  }
  return undefined;
}

const norms = (text: string) => new Set(tokenize(text).map((t) => t.norm));

/** Is this value one the form itself offers for the field: a select's option, a radio of the same form, a checkbox state? */
function fromOptions(value: string, field: PageField, fields: readonly PageField[]): boolean {
  const wanted = value.trim().toLowerCase();
  if (field.type === 'checkbox' || field.type === 'radio') {
    if (CHECKBOX_WORDS.has(wanted)) return true;
  }
  if (field.options?.some((o) => o.trim().toLowerCase() === wanted)) return true;
  if (field.type !== 'radio') return false;
  return fields.some((f) => f.type === 'radio' && f.form?.action === field.form?.action && f.label.trim().toLowerCase() === wanted);
}

/**
 * A form that sends to another origin than the page's is filled only when every
 * value is words of the question or one of the form's own options: anything
 * else the model typed came from its notes or the page, and would leave the site.
 */
export function refuseCrossOrigin(named: readonly NamedField[], ctx: FormContext): Refusal | undefined {
  const pageOrigin = secretOrigin(ctx.pageUrl) ?? 'null';
  const question = norms(ctx.question);
  for (const { value, field } of named) {
    const target = actionOrigin(field, ctx.pageUrl);
    if (target === pageOrigin) continue;
    const words = [...norms(value.value)];
    // A value with no word or number to compare (other scripts' digits, symbols) is not "from the question".
    const fromQuestion = words.length > 0 && words.every((t) => question.has(t));
    if (fromQuestion || fromOptions(value.value, field, ctx.fields)) continue;
    return {
      correction: `The form on ${ctx.pageUrl} sends to another site (${target}): such a form is filled only with words of the question or the form's own options, so it was not filled. Never send your notes to a site.`,
      warning: `refused to send a form on ${ctx.pageUrl} to ${target}: its values are not taken from the question`,
    };
  }
  return undefined;
}

/** A paraphrase carrying this many of the notes' numbers, or numbers and names together, is the notes leaving. */
const NOTE_NUMBERS = 2;
const NOTE_FACTS = 3;

/**
 * Does a form value carry the notes' facts in other words? Numbers and names
 * of the notes count unless the question or this page holds them too.
 */
export function carriesNoteFacts(value: string, ctx: FormContext): boolean {
  const known = norms(`${ctx.question}\n${ctx.pageText}\n${ctx.fields.map((f) => `${f.label} ${(f.options ?? []).join(' ')}`).join('\n')}`);
  const numbers = new Set<string>();
  const names = new Set<string>();
  for (const note of ctx.notes) {
    const tokens = tokenize(note.text);
    for (const n of numbersOf(tokens)) if (!known.has(n)) numbers.add(n);
    for (const n of namesOf(tokens, note.text)) if (!known.has(n)) names.add(n);
  }
  const carried = [...norms(value)];
  const carriedNumbers = carried.filter((t) => numbers.has(t)).length;
  const carriedNames = carried.filter((t) => names.has(t)).length;
  return carriedNumbers >= NOTE_NUMBERS || carriedNumbers + carriedNames >= NOTE_FACTS;
}
