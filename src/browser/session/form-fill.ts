/**
 * Filling and submitting a form for the research agent: fields are named by
 * ref (f1, f2...), label or name; only the checkboxes the model named, or
 * required ones, are ticked; the form is submitted with its own submit control.
 */
import type { ElementHandle, Frame, JSHandle, Page } from 'puppeteer-core';
import type { FormField } from '../page/forms.js';

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
const TRUTHY = /^(yes|true|on|checked|1|x|✓|✔)$/i;
const SETTLE_MS = 800;

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

/** Find an element again from its locator: one selector per document, iframe or shadow root crossed. */
export async function locate(page: Page, locator: readonly string[]): Promise<ElementHandle<Element> | null> {
  let frame: Frame = page.mainFrame();
  let root: ElementHandle<Node> | null = null;
  for (let i = 0; i < locator.length; i++) {
    const selector = locator[i]!;
    const element: ElementHandle<Element> | null = root ? await root.$(selector) : await frame.$(selector);
    if (!element || i === locator.length - 1) return element;
    const inner = await element.contentFrame().catch(() => null);
    if (inner) {
      frame = inner;
      root = null;
      continue;
    }
    const shadow: JSHandle<ShadowRoot | null> = await element.evaluateHandle((el) => el.shadowRoot);
    const shadowRoot: ElementHandle<Node> | null = shadow.asElement();
    if (!shadowRoot) return null;
    root = shadowRoot;
  }
  return null;
}

async function setValue(element: ElementHandle<Element>, field: FormField, value: string): Promise<boolean> {
  if (field.type === 'checkbox' || field.type === 'radio') {
    const want = field.type === 'radio' || TRUTHY.test(value);
    const checked = await element.evaluate((el) => (el as HTMLInputElement).checked);
    if (checked !== want) await element.click();
    return true;
  }
  if (field.tag === 'select') {
    return element.evaluate((el, wanted) => {
      const select = el as HTMLSelectElement;
      const option = Array.from(select.options).find((o) => o.value === wanted || o.text.trim().toLowerCase() === wanted.toLowerCase());
      if (!option) return false;
      select.value = option.value;
      select.dispatchEvent(new Event('input', { bubbles: true }));
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }, value);
  }
  await element.evaluate((el) => {
    (el as HTMLInputElement).value = '';
  });
  await element.type(value, { delay: 0 });
  return true;
}

/** A radio request names the group; the value picks the option by its label or value. */
function radioFor(fields: readonly FormField[], index: number, value: string): number {
  const group = fields[index]!;
  if (group.type !== 'radio') return index;
  const wanted = value.trim().toLowerCase();
  const match = fields.findIndex((f) => f.type === 'radio' && f.name === group.name && (f.value.toLowerCase() === wanted || f.label.toLowerCase() === wanted));
  return match >= 0 ? match : index;
}

async function submitControl(page: Page, fields: readonly FormField[], formOf: ElementHandle<Element> | undefined): Promise<ElementHandle<Element> | null> {
  if (formOf) {
    const own = await formOf.evaluateHandle((el) => {
      const form = (el as HTMLInputElement).form;
      return form?.querySelector('button[type=submit], input[type=submit], button:not([type])') ?? null;
    });
    const element = own.asElement() as ElementHandle<Element> | null;
    if (element) return element;
  }
  const button = fields.find((f) => (f.tag === 'button' || f.type === 'submit') && !f.disabled && SUBMIT_WORDS.test(f.label || f.value));
  return button ? locate(page, button.locator) : null;
}

export async function fillAndSubmit(page: Page, fields: readonly FormField[], requests: readonly FillRequest[], timeoutMs: number): Promise<FillResult> {
  const result: FillResult = { filled: [], failed: [], navigated: false };
  const named = new Set<number>();
  let last: ElementHandle<Element> | undefined;
  for (const request of requests) {
    let index = matchField(fields, request.field);
    if (index >= 0) index = radioFor(fields, index, request.value);
    const field = fields[index];
    const element = field ? await locate(page, field.locator) : null;
    if (!field || !element || !(await setValue(element, field, request.value).catch(() => false))) {
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
    const box = await locate(page, field.locator);
    if (box) {
      await box.click().catch(() => undefined);
      result.filled.push(describe(field));
    }
  }

  const before = page.url();
  const navigation = page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: timeoutMs }).catch(() => null);
  const submit = await submitControl(page, fields, last);
  if (submit) await submit.click().catch(() => undefined);
  else await last.press('Enter').catch(() => undefined);
  await Promise.race([navigation, new Promise((resolve) => setTimeout(resolve, Math.min(timeoutMs, 3_000)))]);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  result.navigated = page.url() !== before;
  return result;
}
