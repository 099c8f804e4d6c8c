/**
 * act drag: press on one element, move to another in small steps, release.
 * HTML5 drag and drop needs more than mouse events in a headless Chrome, so
 * the drag is intercepted (Input.setInterceptDrags) and its data dropped on
 * the target with drag events; a page that drags by pointer events (sliders,
 * sortable lists) gets the same press, moves and release.
 */
import type { CDPSession, Protocol } from 'puppeteer-core';
import { messageOf } from '../../errors.js';
import { boxOf, type Performed } from '../page/elements.js';
import { waitUntil } from '../../util/timing.js';
import type { LiveElement } from './element.js';

const STEPS = 10;
/** After the moves, how long Chrome may take to say that a native drag began. */
const DRAG_START_MS = 300;

type Point = { x: number; y: number };

function mouse(cdp: CDPSession, type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', at: Point, pressed: boolean): Promise<unknown> {
  return cdp.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', buttons: pressed ? 1 : 0, ...(type === 'mouseMoved' ? {} : { clickCount: 1 }) });
}

function dragEvent(cdp: CDPSession, type: 'dragEnter' | 'dragOver' | 'drop', at: Point, data: Protocol.Input.DragData): Promise<unknown> {
  return cdp.send('Input.dispatchDragEvent', { type, x: at.x, y: at.y, data });
}

async function moveAndDrop(cdp: CDPSession, from: Point, to: Point): Promise<void> {
  let data: Protocol.Input.DragData | undefined;
  const onDrag = (event: Protocol.Input.DragInterceptedEvent) => (data = event.data);
  cdp.on('Input.dragIntercepted', onDrag);
  await cdp.send('Input.setInterceptDrags', { enabled: true });
  try {
    await mouse(cdp, 'mouseMoved', from, false);
    await mouse(cdp, 'mousePressed', from, true);
    for (let i = 1; i <= STEPS; i++) await mouse(cdp, 'mouseMoved', { x: from.x + ((to.x - from.x) * i) / STEPS, y: from.y + ((to.y - from.y) * i) / STEPS }, true);
    await waitUntil(() => data !== undefined, DRAG_START_MS);
    if (data) for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await dragEvent(cdp, type, to, data);
    await mouse(cdp, 'mouseReleased', to, false);
  } finally {
    cdp.off('Input.dragIntercepted', onDrag);
    await cdp.send('Input.setInterceptDrags', { enabled: false }).catch(() => {});
  }
}

/** Drag `from` onto `to` (both refs of the same tab). */
export async function dragElement(from: LiveElement, to: LiveElement): Promise<Performed> {
  // The target scrolled into view first, then the source: both in view when they fit the viewport.
  if (!(await boxOf(to))) return { ok: false, error: `${to.ref} is not visible (no box on the page)` };
  const start = await boxOf(from);
  const end = await boxOf(to, { scroll: false });
  if (!start) return { ok: false, error: `${from.ref} is not visible (no box on the page)` };
  if (!end) return { ok: false, error: `${to.ref} is not visible (no box on the page)` };
  try {
    await moveAndDrop(from.cdp, start, end);
    return { ok: true, detail: `dropped on ${to.ref}` };
  } catch (error) {
    return { ok: false, error: `drag ${from.ref} to ${to.ref} failed: ${messageOf(error)}` };
  }
}
