/** screenshot: a PNG of the viewport, the full page, one element by ref, or with ref labels drawn. */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { boxOf, callOn } from '../../page/elements.js';
import { resolveRef } from '../element.js';
import type { ToolTab } from '../tool-browser.js';
import { capture } from '../capture.js';
import { isFailure, pickTab, snapshotOf, TAB_PARAM } from './common.js';
import { badInput, defineAction, fail, type ActionFailure } from './define.js';

const OVERLAY_ID = '__scout_ref_labels';

/** Boxes of the refs visible now, in document coordinates (refs of the efficient snapshot just taken). */
async function labelBoxes(tab: ToolTab): Promise<{ ref: string; x: number; y: number; width: number; height: number }[]> {
  const boxes = [];
  for (const [ref] of tab.refs.entries()) {
    const resolved = await resolveRef(tab, ref);
    if (!resolved.ok) continue;
    const box = await boxOf(resolved.element, { scroll: false }).catch(() => undefined);
    if (box) boxes.push({ ref, ...box.clip });
  }
  return boxes;
}

const DRAW = `function (id, boxes) {
  const layer = document.createElement('div');
  layer.id = id;
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;z-index:2147483647;pointer-events:none';
  for (const b of boxes) {
    const frame = document.createElement('div');
    frame.style.cssText = 'position:absolute;border:2px solid #e11d48;box-sizing:border-box;left:' + b.x + 'px;top:' + b.y + 'px;width:' + b.width + 'px;height:' + b.height + 'px';
    const tag = document.createElement('span');
    tag.textContent = b.ref;
    tag.style.cssText = 'position:absolute;left:-2px;top:-16px;background:#e11d48;color:#fff;font:bold 11px/14px monospace;padding:0 3px';
    frame.appendChild(tag);
    layer.appendChild(frame);
  }
  document.documentElement.appendChild(layer);
}`;

/** Draw the labels if asked, take the picture, take the labels away again. */
async function shoot(tab: ToolTab, path: string, input: { ref?: string; fullPage?: boolean; labels?: boolean }): Promise<{ ok: true; labels: number } | ActionFailure> {
  let clip: { x: number; y: number; width: number; height: number } | undefined;
  if (input.ref) {
    const resolved = await resolveRef(tab, input.ref);
    if (!resolved.ok) return badInput(resolved.error);
    clip = (await boxOf(resolved.element))?.clip;
    if (!clip) return fail(`${input.ref} is not visible (no box on the page)`);
  }
  let labels = 0;
  if (input.labels) {
    await snapshotOf(tab, { mode: 'efficient' });
    const boxes = await labelBoxes(tab);
    labels = boxes.length;
    const { result } = await tab.cdp.send('Runtime.evaluate', { expression: 'document' });
    if (result.objectId) await callOn(tab.cdp, result.objectId, DRAW, [OVERLAY_ID, boxes]);
  }
  try {
    await tab.page.screenshot({ path: path as `${string}.png`, type: 'png', ...(clip ? { clip } : {}), ...(input.fullPage ? { fullPage: true } : {}) });
  } finally {
    if (input.labels) await tab.page.evaluate(`document.getElementById(${JSON.stringify(OVERLAY_ID)})?.remove()`).catch(() => {});
  }
  return { ok: true, labels };
}

export const screenshot = defineAction({
  name: 'screenshot',
  description: 'Save a PNG of the current tab: the viewport, the full page (fullPage), one element (ref), or with every ref drawn as a label (labels).',
  params: {
    ref: { type: 'string', description: 'only this element (a ref from the last snapshot)' },
    fullPage: { type: 'boolean', description: 'the whole scrollable page, not just the viewport' },
    labels: { type: 'boolean', description: 'draw the refs of interactive elements on the picture' },
    path: { type: 'string', description: 'where to write the PNG (default a new file in the temporary directory)' },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    if (input.ref && input.fullPage) return badInput('give ref or fullPage, not both');
    const path = resolve(input.path ?? join(tmpdir(), `scout-${tab.id}-${Date.now()}.png`));
    if (!path.toLowerCase().endsWith('.png')) return badInput(`${path} does not end in .png`);
    const shot = await capture(tab, 'screenshot', () => shoot(tab, path, input));
    if (!shot.ok) return shot;
    return { ok: true, tab: tab.id, path, ...(input.ref ? { ref: input.ref } : {}), fullPage: Boolean(input.fullPage), labels: shot.labels };
  },
  render: (result) => `${result.path}${result.labels ? ` (${result.labels} ref labels)` : ''}`,
});
