/**
 * The one form-field model: the fields a page offers (inputs, selects, textareas,
 * checkboxes, radios, buttons), including inside open shadow roots and same-origin
 * iframes, with label, type, name, value and a locator that finds the element again
 * (locateField, as a PageElement for the element operations of elements.ts); plus
 * each field's CDP backendNodeId, the node the tool's snapshot refs are keyed by.
 *
 * Refs are views over these same elements: the research agent is shown a page's
 * fillable fields as f1, f2... (session/form-fill.ts fieldRef: an index into this
 * list), the browser tool names accessibility nodes e1, e2... (tool/refs.ts); both
 * end in the same element operations.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import type { FormTarget } from '../types.js';
import type { PageElement } from './elements.js';

export interface FormField {
  /** input, select, textarea or button (the element's tag). */
  tag: 'input' | 'select' | 'textarea' | 'button';
  /** text, email, checkbox, radio, submit, select-one, ... */
  type: string;
  name: string;
  label: string;
  value: string;
  required: boolean;
  disabled: boolean;
  /** Checkboxes and radios. */
  checked?: boolean;
  /** Selects: the options' visible texts. */
  options?: string[];
  /** The form the field belongs to (its form owner): where a submission sends the values; absent outside a form. */
  form?: FormTarget | undefined;
  /**
   * Finds the element again: CSS selectors from the top document, one per boundary
   * crossed (an iframe element or a shadow host), the last one selecting the field.
   */
  locator: string[];
  /** CDP DOM.BackendNodeId of the element; null if CDP could not describe it. */
  backendNodeId: number | null;
}

type Discovered = Omit<FormField, 'backendNodeId'>;

/** Types the research agent is never offered: buttons and hidden inputs, and file inputs (scout uploads nothing from this machine). */
const NOT_FOR_THE_AGENT = ['hidden', 'submit', 'button', 'reset', 'image', 'file'];

/** A field the research agent may fill. */
export function agentFillable(field: FormField): boolean {
  return !field.disabled && field.tag !== 'button' && !NOT_FOR_THE_AGENT.includes(field.type);
}

/**
 * Labels of the file inputs a form cannot be sent without: a required one, or
 * one that is all its form asks for (fields outside any form count as one form).
 * Such a form is a dead end for scout, and the page says so to the model.
 */
export function neededUploads(fields: readonly FormField[]): string[] {
  const formOf = (f: FormField) => (f.form ? `${f.form.method} ${f.form.action}` : '');
  const needed: string[] = [];
  for (const upload of fields.filter((f) => f.tag === 'input' && f.type === 'file' && !f.disabled)) {
    const others = fields.filter((f) => formOf(f) === formOf(upload) && agentFillable(f));
    if (upload.required || others.length === 0) needed.push(upload.label || upload.name || 'a file');
  }
  return needed;
}

/**
 * Runs in the page: where a form sends its values and how (the submit button's
 * formaction/formmethod first, as scout clicks that button). Attributes are read
 * through Element.prototype: a field named "action" or "getAttribute" shadows the
 * form's own properties.
 */
function formTargetInPage(field: Element): FormTarget | undefined {
  // The form owner (the form attribute included); a property of the field, which no form content can shadow.
  const form = (field as HTMLInputElement).form;
  if (!form) return undefined;
  const doc = field.ownerDocument;
  const attr = (el: Element, name: string): string | null => (Element.prototype.hasAttribute.call(el, name) ? Element.prototype.getAttribute.call(el, name) : null);
  // The form's default button is its first submit control in form.elements, which holds buttons tied to it by form= from outside it too.
  const elementsOf = doc.defaultView ? Object.getOwnPropertyDescriptor(doc.defaultView.HTMLFormElement.prototype, 'elements')?.get : undefined;
  const controls = elementsOf ? (Array.from(elementsOf.call(form) as ArrayLike<Element>) as (Element & { type?: string })[]) : [];
  const submit = controls.find((el) => (el.type === 'submit' && (el.tagName === 'BUTTON' || el.tagName === 'INPUT')) || (el.tagName === 'INPUT' && el.type === 'image')) ?? null;
  const action = (submit ? attr(submit, 'formaction') : null) ?? attr(form, 'action') ?? '';
  const method = ((submit ? attr(submit, 'formmethod') : null) ?? attr(form, 'method') ?? 'get').trim().toLowerCase();
  let absolute: string;
  try {
    absolute = new URL(action || doc.URL, doc.baseURI).href;
  } catch {
    absolute = String(action);
  }
  return { action: absolute, method: method === 'post' || method === 'dialog' ? method : 'get' };
}

/**
 * Runs in the page. Kept free of helpers defined outside it, since only its source
 * text crosses into the browser; formTargetInPage is handed in as its argument.
 */
function discoverInPage(targetOf: typeof formTargetInPage): { fields: Discovered[]; elements: Element[] } {
  const fields: Discovered[] = [];
  const elements: Element[] = [];
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const cssEscape = (s: string) => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/[^\w-]/g, '\\$&'));

  const selectorIn = (el: Element, root: Document | ShadowRoot): string => {
    const tag = el.tagName.toLowerCase();
    if (el.id && root.querySelectorAll(`#${cssEscape(el.id)}`).length === 1) return `#${cssEscape(el.id)}`;
    if (root.querySelectorAll(tag).length === 1) return tag;
    const name = el.getAttribute('name');
    if (name) {
      const byName = `${tag}[name="${name.replace(/"/g, '\\"')}"]`;
      const all = root.querySelectorAll(byName);
      if (all.length === 1) return byName;
      const input = el as HTMLInputElement;
      if (tag === 'input' && (input.type === 'radio' || input.type === 'checkbox')) {
        const byValue = `${byName}[value="${input.value.replace(/"/g, '\\"')}"]`;
        if (root.querySelectorAll(byValue).length === 1) return byValue;
      }
    }
    const parts: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const parent = (node.parentElement ?? node.parentNode) as ParentNode | null;
      const tagName = node.tagName;
      const same = parent ? Array.from(parent.children).filter((c) => c.tagName === tagName) : [node];
      const nth = same.length > 1 ? `:nth-of-type(${same.indexOf(node) + 1})` : '';
      parts.unshift(`${tagName.toLowerCase()}${nth}`);
    }
    return parts.join(' > ');
  };

  const labelOf = (el: Element, root: Document | ShadowRoot): string => {
    const aria = el.getAttribute('aria-label');
    if (aria) return clean(aria);
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = labelledBy.split(/\s+/).map((id) => clean(root.getElementById?.(id)?.textContent ?? (root as Document).querySelector?.(`#${cssEscape(id)}`)?.textContent)).join(' ').trim();
      if (text) return text;
    }
    if (el.id) {
      const label = root.querySelector(`label[for="${el.id.replace(/"/g, '\\"')}"]`);
      if (label) return clean(label.textContent);
    }
    const wrapping = el.closest('label');
    if (wrapping) return clean(wrapping.textContent);
    const tag = el.tagName.toLowerCase();
    const type = (el as HTMLInputElement).type;
    if (tag === 'button') return clean(el.textContent);
    if (tag === 'input' && ['submit', 'button', 'reset'].includes(type)) return clean((el as HTMLInputElement).value);
    return clean(el.getAttribute('placeholder') ?? el.getAttribute('title') ?? '');
  };

  const visit = (root: Document | ShadowRoot, prefix: string[]) => {
    for (const el of Array.from(root.querySelectorAll('input, select, textarea, button'))) {
      const tag = el.tagName.toLowerCase() as Discovered['tag'];
      // Structural, not instanceof: elements of an iframe come from another realm.
      const input = el as Element & {
        type?: string;
        value?: string;
        required?: boolean;
        disabled?: boolean;
        checked?: boolean;
        selectedOptions?: ArrayLike<Element>;
        options?: ArrayLike<Element>;
      };
      const type = tag === 'textarea' ? 'textarea' : (input.type || tag).toLowerCase();
      if (tag === 'input' && type === 'hidden') continue;
      const field: Discovered = {
        tag,
        type,
        name: el.getAttribute('name') ?? '',
        label: labelOf(el, root),
        value: tag === 'select' ? clean(input.selectedOptions?.[0]?.textContent ?? '') : tag === 'button' ? '' : String(input.value ?? ''),
        required: input.required === true,
        disabled: input.disabled === true,
        locator: [...prefix, selectorIn(el, root)],
        form: targetOf(el),
      };
      if (type === 'checkbox' || type === 'radio') field.checked = input.checked;
      if (tag === 'select') field.options = Array.from(input.options ?? []).map((o) => clean(o.textContent));
      fields.push(field);
      elements.push(el);
    }
    for (const host of Array.from(root.querySelectorAll('*'))) {
      if (host.shadowRoot) visit(host.shadowRoot, [...prefix, selectorIn(host, root)]);
      if (host.tagName === 'IFRAME') {
        let doc: Document | null = null;
        try {
          doc = (host as HTMLIFrameElement).contentDocument;
        } catch {
          doc = null;
        }
        if (doc) visit(doc, [...prefix, selectorIn(host, root)]);
      }
    }
  };
  visit(document, []);
  return { fields, elements };
}

const STASH = '__scoutFormFields';

/**
 * CDP object ids belong to one session, so the elements are stashed on the page for the
 * moment it takes a fresh session to fetch them and ask DOM.describeNode for their ids.
 */
async function backendNodeIds(page: Page, count: number): Promise<(number | null)[]> {
  const cdp = await page.createCDPSession();
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression: `globalThis[${JSON.stringify(STASH)}]` });
    if (!result.objectId) return new Array<null>(count).fill(null);
    const { result: props } = await cdp.send('Runtime.getProperties', { objectId: result.objectId, ownProperties: true });
    return await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const objectId = props.find((p) => p.name === String(i))?.value?.objectId;
        if (!objectId) return null;
        try {
          const { node } = await cdp.send('DOM.describeNode', { objectId });
          return node.backendNodeId;
        } catch {
          return null;
        }
      }),
    );
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export async function discoverForms(page: Page): Promise<FormField[]> {
  // Bundlers that keep function names (tsx) call a __name helper the page lacks.
  const source = `(() => { const __name = (f) => f; const found = (${discoverInPage.toString()})(${formTargetInPage.toString()});
    Object.defineProperty(globalThis, ${JSON.stringify(STASH)}, { value: found.elements, configurable: true });
    return found.fields; })()`;
  const fields = (await page.evaluate(source)) as Discovered[];
  try {
    const ids = await backendNodeIds(page, fields.length);
    return fields.map((f, i) => ({ ...f, backendNodeId: ids[i] ?? null }));
  } finally {
    await page.evaluate(`delete globalThis[${JSON.stringify(STASH)}]`).catch(() => undefined);
  }
}

/** In the page: follow a locator (one selector per document, iframe or shadow root crossed) to its element. */
const LOCATE = `function (locator) {
  let root = document;
  for (let i = 0; i < locator.length; i++) {
    const el = root.querySelector(locator[i]);
    if (!el || i === locator.length - 1) return el;
    let inner = null;
    try { inner = el.tagName === 'IFRAME' || el.tagName === 'FRAME' ? el.contentDocument : null; } catch { inner = null; }
    root = inner || el.shadowRoot;
    if (!root) return null;
  }
  return null;
}`;

/** The field's element now, found again from its locator in a CDP session of the page; undefined when it is gone. */
export async function locateField(page: Page, cdp: CDPSession, locator: readonly string[], name: string): Promise<PageElement | undefined> {
  const { result: doc } = await cdp.send('Runtime.evaluate', { expression: 'document' });
  if (!doc.objectId) return undefined;
  const { result } = await cdp.send('Runtime.callFunctionOn', { objectId: doc.objectId, functionDeclaration: LOCATE, arguments: [{ value: locator }], returnByValue: false });
  if (result.subtype !== 'node' || !result.objectId) return undefined;
  return { page, cdp, objectId: result.objectId, name };
}
