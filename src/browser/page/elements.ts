/**
 * The one layer of element operations, used by both the research agent's
 * form filling (session/form-fill.ts) and the browser tool's `act`
 * (tool/element-ops.ts): set a text value, pick a select option by value or
 * label, set checked, click, focus. An element is a CDP remote object in a
 * session of its page; mouse and keyboard go through the page like a person's
 * input, and only picking an option and setting non-text inputs use the DOM.
 */
import type { CDPSession, Page } from 'puppeteer-core';

/** An element of a page, as the operations below see it. */
export interface PageElement {
  page: Page;
  /** The CDP session objectId belongs to. */
  cdp: CDPSession;
  objectId: string;
  /** How messages name it: a snapshot ref (e5), a field ref (f2) or a label. */
  name: string;
}

/** What an operation did, or why it could not. */
export type Performed = { ok: true; detail?: string } | { ok: false; error: string };

/** Values that mean "unchecked": anything else (or no value) means checked. */
const UNCHECKED = /^(false|no|off|0|uncheck(ed)?|unticked|☐)$/i;

/** The one reading of a value given for a checkbox or radio button: checked unless it says no. */
export function wantsChecked(value: string | undefined): boolean {
  return value === undefined || !UNCHECKED.test(value.trim());
}

/** Call a function (source text, `this` is the element) and return its JSON-able result. */
export async function callOn<T>(cdp: CDPSession, objectId: string, functionDeclaration: string, args: unknown[] = []): Promise<T> {
  const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

/** The element a function (source text, `this` is the element) returns, in the same session; undefined for null or a non-element. */
export async function elementFrom(element: PageElement, functionDeclaration: string, name: string): Promise<PageElement | undefined> {
  const { result } = await element.cdp.send('Runtime.callFunctionOn', { objectId: element.objectId, functionDeclaration, returnByValue: false });
  if (result.subtype !== 'node' || !result.objectId) return undefined;
  return { page: element.page, cdp: element.cdp, objectId: result.objectId, name };
}

export interface Box {
  /** Centre, in viewport coordinates of the top window. */
  x: number;
  y: number;
  /** The element's first box, in document coordinates of the top window (for screenshots). */
  clip: { x: number; y: number; width: number; height: number };
}

/**
 * Where the element is. Client rects are relative to the element's own frame,
 * so same-origin frame offsets are added on the way up.
 */
const BOX = `function () {
  const rect = [...this.getClientRects()].find((r) => r.width >= 1 && r.height >= 1);
  if (!rect) return null;
  let x = rect.left, y = rect.top;
  let win = this.ownerDocument.defaultView;
  while (win && win.frameElement) {
    const owner = win.frameElement;
    const outer = owner.getBoundingClientRect();
    const style = win.parent.getComputedStyle(owner);
    x += outer.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
    y += outer.top + parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth);
    win = win.parent;
  }
  return { x, y, width: rect.width, height: rect.height, scrollX: win ? win.scrollX : 0, scrollY: win ? win.scrollY : 0 };
}`;

/** Where the element is on screen, after scrolling it into view (unless scroll is false); undefined when it has no box. */
export async function boxOf(element: PageElement, options: { scroll: boolean } = { scroll: true }): Promise<Box | undefined> {
  if (options.scroll) await element.cdp.send('DOM.scrollIntoViewIfNeeded', { objectId: element.objectId }).catch(() => {});
  const rect = await callOn<{ x: number; y: number; width: number; height: number; scrollX: number; scrollY: number } | null>(element.cdp, element.objectId, BOX);
  if (!rect) return undefined;
  return {
    x: rect.x + rect.width / 2,
    y: rect.y + rect.height / 2,
    clip: { x: rect.x + rect.scrollX, y: rect.y + rect.scrollY, width: rect.width, height: rect.height },
  };
}

export async function focusElement(element: PageElement): Promise<void> {
  await element.cdp.send('DOM.focus', { objectId: element.objectId });
}

const notVisible = (element: PageElement): Performed => ({ ok: false, error: `${element.name} is not visible (no box on the page)` });

/** A person's click at the element's centre, once it is scrolled into view. */
export async function clickElement(element: PageElement): Promise<Performed> {
  const box = await boxOf(element);
  if (!box) return notVisible(element);
  await element.page.mouse.click(box.x, box.y);
  return { ok: true };
}

export async function hoverElement(element: PageElement): Promise<Performed> {
  const box = await boxOf(element);
  if (!box) return notVisible(element);
  await element.page.mouse.move(box.x, box.y, { steps: 3 });
  return { ok: true };
}

const CLEAR_FOR_TYPING = `function () {
  if (this.tagName === 'INPUT' && this.type === 'file') return 'file';
  if (this.isContentEditable) { this.focus(); this.ownerDocument.execCommand('selectAll'); this.ownerDocument.execCommand('delete'); return 'type'; }
  if (!('value' in this)) return 'none';
  const textual = this.tagName === 'TEXTAREA' || ['text', 'search', 'email', 'url', 'tel', 'password', 'number'].includes(this.type);
  if (!textual) return 'set';
  this.focus();
  this.value = '';
  this.dispatchEvent(new Event('input', { bubbles: true }));
  return 'type';
}`;

const SET_VALUE = `function (value) {
  this.value = value;
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
}`;

/** Replace the element's text: typed like a person into a text field, set directly on other inputs (date, range, color...). */
export async function fillText(element: PageElement, value: string): Promise<Performed> {
  const how = await callOn<'type' | 'set' | 'none' | 'file'>(element.cdp, element.objectId, CLEAR_FOR_TYPING);
  if (how === 'none') return { ok: false, error: `${element.name} is not a text field` };
  // Setting a path as text attaches nothing; scout uploads no file from this machine.
  if (how === 'file') return { ok: false, error: `${element.name} is a file upload, and scout does not upload files` };
  if (how === 'set') await callOn(element.cdp, element.objectId, SET_VALUE, [value]);
  else if (value !== '') await element.page.keyboard.type(value);
  return { ok: true };
}

const SELECT = `function (wanted) {
  if (this.tagName !== 'SELECT') return { error: 'is not a select list' };
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const options = Array.from(this.options);
  const hit = options.find((o) => o.value === wanted) || options.find((o) => norm(o.textContent) === norm(wanted));
  if (!hit) return { error: 'has no option "' + wanted + '" (options: ' + options.map((o) => (o.textContent || '').trim()).join(', ') + ')' };
  this.value = hit.value;
  hit.selected = true;
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: (hit.textContent || '').trim() };
}`;

/** Pick a select list's option by its value, else by its label (case and spacing aside). */
export async function selectOption(element: PageElement, wanted: string): Promise<Performed> {
  const picked = await callOn<{ error?: string; selected?: string }>(element.cdp, element.objectId, SELECT, [wanted]);
  return picked.error ? { ok: false, error: `${element.name} ${picked.error}` } : { ok: true, detail: `selected "${picked.selected}"` };
}

const CHECKED = `function () {
  if ('checked' in this && (this.type === 'checkbox' || this.type === 'radio')) return this.checked;
  const aria = this.getAttribute('aria-checked');
  return aria === null ? null : aria === 'true';
}`;

/** Tick or untick a checkbox (or pick a radio button) with a click when it is not as wanted; checks that it took. */
export async function setChecked(element: PageElement, want: boolean): Promise<Performed> {
  const before = await callOn<boolean | null>(element.cdp, element.objectId, CHECKED);
  if (before === null) return { ok: false, error: `${element.name} is not a checkbox or radio button` };
  if (before !== want) {
    const clicked = await clickElement(element);
    if (!clicked.ok) return clicked;
  }
  const after = await callOn<boolean | null>(element.cdp, element.objectId, CHECKED).catch(() => want);
  if (after !== want) return { ok: false, error: `${element.name} stayed ${after ? 'checked' : 'unchecked'}` };
  return { ok: true, detail: want ? 'checked' : 'unchecked' };
}
