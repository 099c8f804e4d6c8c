/**
 * The element operations behind `act`: click, type, fill, select, check, press,
 * hover. Mouse and keyboard go through the page like a person's input; only
 * selecting an option and setting non-text inputs use the DOM directly.
 */
import type { KeyInput } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { boxOf, callOn, focus, type LiveElement } from './element.js';
import type { Tab } from './tool-browser.js';

export const ACT_KINDS = ['click', 'type', 'fill', 'select', 'check', 'press', 'hover'] as const;
export type ActKind = (typeof ACT_KINDS)[number];

/** What the operation did, or why it could not. */
export type Performed = { ok: true; detail?: string } | { ok: false; error: string };

const CLEAR_FOR_TYPING = `function () {
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

const CHECKED = `function () {
  if ('checked' in this && (this.type === 'checkbox' || this.type === 'radio')) return this.checked;
  const aria = this.getAttribute('aria-checked');
  return aria === null ? null : aria === 'true';
}`;

async function click(tab: Tab, element: LiveElement): Promise<Performed> {
  const box = await boxOf(tab, element);
  if (!box) return { ok: false, error: `${element.ref} is not visible (no box on the page)` };
  await tab.page.mouse.click(box.x, box.y);
  return { ok: true };
}

async function check(tab: Tab, element: LiveElement, value: string | undefined): Promise<Performed> {
  const want = value === undefined || !/^(false|no|off|0|uncheck)$/i.test(value);
  const before = await callOn<boolean | null>(tab, element.objectId, CHECKED);
  if (before === null) return { ok: false, error: `${element.ref} is not a checkbox or radio button` };
  if (before !== want) {
    const clicked = await click(tab, element);
    if (!clicked.ok) return clicked;
  }
  const after = await callOn<boolean | null>(tab, element.objectId, CHECKED).catch(() => want);
  if (after !== want) return { ok: false, error: `${element.ref} stayed ${after ? 'checked' : 'unchecked'}` };
  return { ok: true, detail: want ? 'checked' : 'unchecked' };
}

async function fill(tab: Tab, element: LiveElement, value: string): Promise<Performed> {
  const how = await callOn<'type' | 'set' | 'none'>(tab, element.objectId, CLEAR_FOR_TYPING);
  if (how === 'none') return { ok: false, error: `${element.ref} is not a text field` };
  if (how === 'set') await callOn(tab, element.objectId, SET_VALUE, [value]);
  else if (value !== '') await tab.page.keyboard.type(value);
  return { ok: true };
}

export async function perform(tab: Tab, element: LiveElement, kind: ActKind, value: string | undefined): Promise<Performed> {
  const needsValue = kind === 'type' || kind === 'fill' || kind === 'select' || kind === 'press';
  if (needsValue && value === undefined) return { ok: false, error: `act ${kind} needs a value` };
  try {
    switch (kind) {
      case 'click':
        return await click(tab, element);
      case 'hover': {
        const box = await boxOf(tab, element);
        if (!box) return { ok: false, error: `${element.ref} is not visible (no box on the page)` };
        await tab.page.mouse.move(box.x, box.y, { steps: 3 });
        return { ok: true };
      }
      case 'type':
        await focus(tab, element);
        await tab.page.keyboard.type(value as string);
        return { ok: true };
      case 'fill':
        return await fill(tab, element, value as string);
      case 'select': {
        const picked = await callOn<{ error?: string; selected?: string }>(tab, element.objectId, SELECT, [value]);
        return picked.error ? { ok: false, error: `${element.ref} ${picked.error}` } : { ok: true, detail: `selected "${picked.selected}"` };
      }
      case 'check':
        return await check(tab, element, value);
      case 'press':
        await focus(tab, element);
        await tab.page.keyboard.press(value as KeyInput);
        return { ok: true };
    }
  } catch (error) {
    return { ok: false, error: `${kind} ${element.ref} failed: ${messageOf(error)}` };
  }
}
