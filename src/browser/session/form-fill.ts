/**
 * Filling and submitting a form for the research agent: fields are named by
 * ref (f1, f2...: a view over the page's FormField list, page/forms.ts), label
 * or name; only the checkboxes the model named, or required ones, are ticked;
 * the form is submitted with its own submit control. Every change goes through
 * the element operations the browser tool's `act` uses too (page/elements.ts).
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { later, sleep } from '../../util/timing.js';
import { clickElement, elementFrom, fillText, focusElement, selectOption, setChecked, wantsChecked, type PageElement, type Performed } from '../page/elements.js';
import { locateField, type FormField } from '../page/forms.js';

export interface FillRequest {
  field: string;
  value: string;
}

export interface FillResult {
  /** Labels (or names) of the fields filled; never their values. */
  filled: string[];
  failed: string[];
  navigated: boolean;
}

const SUBMIT_WORDS = /\b(log ?in|sign ?in|submit|register|sign ?up|continue|apply|ok|confirm|proceed|accept|done|finish|start|calculate|search|send|go)\b/i;
/** After a submit, how long the page gets to show its answer before it is read. */
const SUBMIT_SETTLE_MS = 800;
/** How long to wait for the navigation a submit starts. */
const SUBMIT_NAVIGATION_MS = 3_000;

export function fieldRef(index: number): string {
  return `f${index + 1}`;
}

function describe(field: FormField): string {
  return field.label || field.name || field.type;
}

/** The field a request names: its ref, else its label or name exactly, else a label that starts with it. */
export function matchField(fields: readonly FormField[], name: string): number {
  const wanted = name.trim().toLowerCase();
  const ref = wanted.match(/^f(\d+)$/);
  if (ref) {
    const index = Number(ref[1]) - 1;
    return index < fields.length ? index : -1;
  }
  const usable = (f: FormField) => !f.disabled && f.tag !== 'button' && f.type !== 'submit' && f.type !== 'hidden';
  const exact = fields.findIndex((f) => usable(f) && (f.label.toLowerCase() === wanted || f.name.toLowerCase() === wanted));
  if (exact >= 0) return exact;
  return fields.findIndex((f) => usable(f) && wanted.length >= 3 && f.label.toLowerCase().startsWith(wanted));
}

/** Set a field to the value the model gave: a radio is picked, a checkbox set as the value says, a select's option picked, text typed. */
async function setValue(element: PageElement, field: FormField, value: string): Promise<Performed> {
  if (field.type === 'radio') return setChecked(element, true);
  if (field.type === 'checkbox') return setChecked(element, wantsChecked(value));
  if (field.tag === 'select') return selectOption(element, value);
  return fillText(element, value);
}

/** A radio request names the group; the value picks the option by its label or value. */
function radioFor(fields: readonly FormField[], index: number, value: string): number {
  const group = fields[index]!;
  if (group.type !== 'radio') return index;
  const wanted = value.trim().toLowerCase();
  const match = fields.findIndex((f) => f.type === 'radio' && f.name === group.name && (f.value.toLowerCase() === wanted || f.label.toLowerCase() === wanted));
  return match >= 0 ? match : index;
}

/** The form's default button: its first submit control in form.elements (buttons tied to it by form= included), as discovery judged it. */
const OWN_SUBMIT = `function () {
  const form = this.form;
  const view = this.ownerDocument.defaultView;
  const elementsOf = form && view ? Object.getOwnPropertyDescriptor(view.HTMLFormElement.prototype, 'elements').get : undefined;
  const controls = elementsOf ? Array.from(elementsOf.call(form)) : [];
  return controls.find((el) => (el.type === 'submit' && (el.tagName === 'BUTTON' || el.tagName === 'INPUT')) || (el.tagName === 'INPUT' && el.type === 'image')) || null;
}`;

async function submitControl(page: Page, cdp: CDPSession, fields: readonly FormField[], last: PageElement): Promise<PageElement | undefined> {
  const own = await elementFrom(last, OWN_SUBMIT, 'the submit button').catch(() => undefined);
  if (own) return own;
  const button = fields.find((f) => (f.tag === 'button' || f.type === 'submit') && !f.disabled && SUBMIT_WORDS.test(f.label || f.value));
  return button ? locateField(page, cdp, button.locator, describe(button)) : undefined;
}

export async function fillAndSubmit(page: Page, fields: readonly FormField[], requests: readonly FillRequest[], timeoutMs: number): Promise<FillResult> {
  const cdp = await page.createCDPSession();
  try {
    return await fillIn(page, cdp, fields, requests, timeoutMs);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

async function fillIn(page: Page, cdp: CDPSession, fields: readonly FormField[], requests: readonly FillRequest[], timeoutMs: number): Promise<FillResult> {
  const result: FillResult = { filled: [], failed: [], navigated: false };
  const named = new Set<number>();
  let last: PageElement | undefined;
  for (const request of requests) {
    let index = matchField(fields, request.field);
    if (index >= 0) index = radioFor(fields, index, request.value);
    const field = fields[index];
    const element = field ? await locateField(page, cdp, field.locator, describe(field)).catch(() => undefined) : undefined;
    const done = field && element ? await setValue(element, field, request.value).catch(() => ({ ok: false as const })) : { ok: false as const };
    if (!field || !element || !done.ok) {
      result.failed.push(request.field);
      continue;
    }
    named.add(index);
    result.filled.push(describe(field));
    last = element;
  }
  if (!last) return result;

  for (const [index, field] of fields.entries()) {
    if (field.type !== 'checkbox' || !field.required || field.checked || named.has(index)) continue;
    const box = await locateField(page, cdp, field.locator, describe(field)).catch(() => undefined);
    if (box) {
      await clickElement(box).catch(() => undefined);
      result.filled.push(describe(field));
    }
  }

  const before = page.url();
  const navigation = page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: timeoutMs }).catch(() => null);
  const submit = await submitControl(page, cdp, fields, last);
  if (submit) await clickElement(submit).catch(() => undefined);
  else await pressEnter(last);
  await Promise.race([navigation, later(Math.min(timeoutMs, SUBMIT_NAVIGATION_MS), null)]);
  await sleep(SUBMIT_SETTLE_MS);
  result.navigated = page.url() !== before;
  return result;
}

/** Enter in the last field filled: how a form without a submit button is sent. */
async function pressEnter(element: PageElement): Promise<void> {
  try {
    await focusElement(element);
    await element.page.keyboard.press('Enter');
  } catch {
    // the page went away
  }
}
