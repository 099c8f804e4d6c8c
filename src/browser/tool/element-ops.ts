/**
 * The kinds of `act` (click, type, fill, select, check, press, hover), each
 * one of the shared element operations (page/elements.ts) on a snapshot ref.
 */
import type { KeyInput } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { clickElement, fillText, focusElement, hoverElement, selectOption, setChecked, wantsChecked, type Performed } from '../page/elements.js';
import type { LiveElement } from './element.js';

export const ACT_KINDS = ['click', 'type', 'fill', 'select', 'check', 'press', 'hover'] as const;
export type ActKind = (typeof ACT_KINDS)[number];

async function run(element: LiveElement, kind: ActKind, value: string | undefined): Promise<Performed> {
  switch (kind) {
    case 'click':
      return clickElement(element);
    case 'hover':
      return hoverElement(element);
    case 'type':
      await focusElement(element);
      await element.page.keyboard.type(value as string);
      return { ok: true };
    case 'fill':
      return fillText(element, value as string);
    case 'select':
      return selectOption(element, value as string);
    case 'check':
      return setChecked(element, wantsChecked(value));
    case 'press':
      await focusElement(element);
      await element.page.keyboard.press(value as KeyInput);
      return { ok: true };
  }
}

export async function perform(element: LiveElement, kind: ActKind, value: string | undefined): Promise<Performed> {
  const needsValue = kind === 'type' || kind === 'fill' || kind === 'select' || kind === 'press';
  if (needsValue && value === undefined) return { ok: false, error: `act ${kind} needs a value` };
  try {
    return await run(element, kind, value);
  } catch (error) {
    return { ok: false, error: `${kind} ${element.ref} failed: ${messageOf(error)}` };
  }
}
