/**
 * Collapsed panels a person can open, for the visibility judgement (visibility-script.ts):
 * their text is read though it is not rendered yet. A panel is a collapsed element a
 * visible control opens, found two ways. By reference: a closed <details> with a visible
 * summary, the target of a visible control's aria-controls, of a tab's or toggle's href
 * or data-(bs-)target, a tabpanel labelled by a visible tab (an id used twice is the copy
 * nearest the control). By structure, for panels a script's click handler opens: a
 * collapsed body (display:none, hidden, or shut to no height) just after a short heading
 * a person sees (shown, or inside a panel itself), when another like pair of heading and
 * body sits beside it (an accordion), and one of a container's like panes (its only
 * children, of a class in common), one shown, after a visible row of as many like
 * labelled tabs (a tab set); and a carousel's slide moved out along its row, level with
 * a like slide that is shown (its next control or a swipe brings it in). Hidden text with
 * no such opener stays hidden.
 *
 * Serialised into the page with visibility-script.ts's helpers, so the functions below
 * use only each other and the page's globals; markVisibility is handed the two entry
 * points (a test runner rewrites the names a module imports, so it cannot import them).
 */

/** How the visibility judgement sees an element: its computed style, and whether its box is shown. */
export interface PanelJudge {
  style(el: Element): CSSStyleDeclaration;
  shown(el: Element): boolean;
}

/** Ids a control opens: aria-controls, and a tab's or toggle's href or data-(bs-)target. */
function controlledIds(control: Element): string[] {
  const ids = (control.getAttribute('aria-controls') ?? '').split(/\s+/).filter(Boolean);
  const toggles = control.getAttribute('role') === 'tab' || control.hasAttribute('data-toggle') || control.hasAttribute('data-bs-toggle');
  for (const target of [toggles ? control.getAttribute('href') : null, control.getAttribute('data-target'), control.getAttribute('data-bs-target')]) {
    const id = /^#([\w:.-]+)$/.exec(target ?? '')?.[1];
    if (id) ids.push(id);
  }
  return ids;
}

/** The element with this id nearest to `from` (pages that repeat a component repeat its ids). */
function nearestWithId(byId: Map<string, Element[]>, id: string, from: Element): Element | null {
  const all = byId.get(id) ?? [];
  if (all.length < 2) return all[0] ?? null;
  for (let x: Element | null = from.parentElement; x; x = x.parentElement) {
    const near = all.find((el) => x.contains(el));
    if (near) return near;
  }
  return null;
}

/** Panels found by reference (see the module comment); a control inside a found panel counts as visible too. */
export function referencedPanels(body: HTMLElement, judge: PanelJudge, panels: Set<Element>): void {
  const byId = new Map<string, Element[]>();
  for (const el of body.querySelectorAll('[id]')) byId.set(el.id, [...(byId.get(el.id) ?? []), el]);
  const shown = (el: Element) => judge.shown(el) || panelOf(el.parentElement, panels) !== null;
  const controls = [...body.querySelectorAll('[aria-controls], [role="tab"], [data-toggle], [data-bs-toggle], [data-target], [data-bs-target]')];
  const tabpanels = [...body.querySelectorAll('[role="tabpanel"][aria-labelledby]')];
  for (let pass = 0; pass < 3; pass++) {
    const before = panels.size;
    for (const control of controls) {
      const ids = controlledIds(control);
      if (ids.length === 0 || !shown(control)) continue;
      for (const id of ids) {
        const panel = nearestWithId(byId, id, control);
        if (panel && !panel.contains(control)) panels.add(panel);
      }
    }
    for (const panel of tabpanels) {
      const tabs = (panel.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => nearestWithId(byId, id, panel));
      if (tabs.some((tab) => tab && tab.getAttribute('role') === 'tab' && shown(tab))) panels.add(panel);
    }
    for (const details of body.querySelectorAll('details:not([open])')) {
      const summary = details.querySelector(':scope > summary');
      if (summary && shown(summary)) panels.add(details);
    }
    if (panels.size === before) break;
  }
}

/** The innermost panel holding el (el itself included), or null. */
function panelOf(el: Element | null, panels: ReadonlySet<Element>): Element | null {
  for (let x: Element | null = el; x; x = x.parentElement) if (panels.has(x)) return x;
  return null;
}

/** Not drawn because it is shut: display:none (the hidden attribute), visibility:hidden, or a box closed to no height. */
function collapsed(judge: PanelJudge, el: Element): boolean {
  const s = judge.style(el);
  if (s.display === 'none' || s.visibility === 'hidden') return true;
  return s.overflow !== 'visible' && el.getBoundingClientRect().height < 2;
}

/** Elements of a kind: the same tag, and a class in common (or no class at all). */
function sameKind(a: Element | null, b: Element | null): boolean {
  if (!a || !b || a.localName !== b.localName) return false;
  if (a.classList.length === 0 || b.classList.length === 0) return a.classList.length === b.classList.length;
  for (const name of a.classList) if (b.classList.contains(name)) return true;
  return false;
}

/** Whether a person sees el once the panels holding it are open (an accordion's questions inside a collapsed section). */
type Seen = (el: Element) => boolean;

/** A heading a person clicks to open what follows: seen, with a short text. */
function heading(seen: Seen, el: Element | null): boolean {
  const text = (el?.textContent ?? '').trim();
  return el !== null && text.length > 0 && text.length <= 300 && seen(el);
}

/** A collapsed body just after a visible heading, with another like pair of heading and body beside it (flat, or each in a like wrapper). */
function accordionBody(seen: Seen, body: Element): boolean {
  const head = body.previousElementSibling;
  if (!heading(seen, head)) return false;
  const pair = (h: Element | null | undefined, b: Element | null | undefined) => sameKind(h ?? null, head) && sameKind(b ?? null, body);
  if (pair(body.nextElementSibling, body.nextElementSibling?.nextElementSibling) || pair(head?.previousElementSibling?.previousElementSibling, head?.previousElementSibling)) return true;
  const item = body.parentElement;
  if (!item || item.childElementCount !== 2) return false;
  return [item.previousElementSibling, item.nextElementSibling].some((other) => sameKind(other, item) && other?.childElementCount === 2 && pair(other.firstElementChild, other.lastElementChild));
}

/** A row of n like elements, each shown and labelled, within `row` (its children, or those of one of its first 300 descendants). */
function tabRow(seen: Seen, row: Element, n: number): boolean {
  const isRow = (list: Element) => {
    const first = list.firstElementChild;
    const tabs = [...list.children].filter((tab) => sameKind(tab, first));
    return tabs.length === n && tabs.every((tab) => heading(seen, tab));
  };
  if (isRow(row)) return true;
  const descendants = row.getElementsByTagName('*');
  for (let i = 0, list = descendants[0]; list && i < 300; list = descendants[++i]) if (isRow(list)) return true;
  return false;
}

/**
 * One of a set of like panes (a container holding only them, of a class in common), one
 * of them shown, after a visible row of as many like tabs (within three levels up);
 * memoised per set by its first pane.
 */
function tabPane(judge: PanelJudge, seen: Seen, pane: Element, sets: Map<Element, boolean>): boolean {
  const set = pane.parentElement;
  if (!set || pane.classList.length === 0) return false;
  const panes = [...set.children].filter((el) => !/^(?:script|style|template|link)$/.test(el.localName));
  if (!panes.every((el) => sameKind(el, pane))) return false;
  const first = panes[0] as Element;
  const known = sets.get(first);
  if (known !== undefined) return known;
  let tabbed = false;
  if (panes.length >= 2 && panes.some((el) => !collapsed(judge, el))) {
    for (let from: Element | null = first, level = 0; from && !tabbed && level < 3; level++, from = from.parentElement) {
      for (let row = from.previousElementSibling, k = 0; row && !tabbed && k < 2; row = row.previousElementSibling, k++) tabbed = tabRow(seen, row, panes.length);
    }
  }
  sets.set(first, tabbed);
  return tabbed;
}

/**
 * A carousel's slide moved out of view along its row: one of two to sixty like children
 * (the row's only ones; a longer run is a list), drawn, reaching past the right edge of
 * the screen, level with a like one that is shown and further along (to its right). A
 * card in a row of cards all on screen is no slide, so text hidden inside it stays
 * hidden. The boxes of a row's shown children are measured once per row (null: its
 * children are not all alike).
 */
function slidOut(judge: PanelJudge, slide: Element, rows: Map<Element, DOMRect[] | null>): boolean {
  const row = slide.parentElement;
  if (!row || row.childElementCount < 2 || row.childElementCount > 60) return false;
  let shownBoxes = rows.get(row);
  if (shownBoxes === undefined) {
    const children = [...row.children];
    shownBoxes = children.every((el) => sameKind(el, row.firstElementChild)) ? children.filter((el) => judge.shown(el)).map((el) => el.getBoundingClientRect()) : null;
    rows.set(row, shownBoxes);
  }
  if (!shownBoxes) return false;
  const box = slide.getBoundingClientRect();
  if (box.width < 2 || box.height < 2 || box.right <= innerWidth) return false;
  return shownBoxes.some((seen) => box.left >= seen.right - 1 && Math.min(box.bottom, seen.bottom) - Math.max(box.top, seen.top) >= box.height / 2);
}

/** Structural verdicts already reached: per element, per set of like panes, and the shown boxes per row of like children. */
export interface StructureMemo {
  panels: Map<Element, boolean>;
  sets: Map<Element, boolean>;
  rows: Map<Element, DOMRect[] | null>;
}

/**
 * The innermost panel that holds el (el itself included): a panel found by reference, or
 * a collapsed element that is a panel by structure (which joins `panels`). Innermost, so
 * that an accordion inside a section that opens is judged by its own answers' bodies.
 */
export function panelFor(judge: PanelJudge, el: Element, panels: Set<Element>, memo: StructureMemo): Element | null {
  const seen: Seen = (x) => judge.shown(x) || panelFor(judge, x, panels, memo) !== null;
  for (let x: Element | null = el; x && x !== document.body; x = x.parentElement) {
    if (panels.has(x)) return x;
    let panel = memo.panels.get(x);
    if (panel === undefined) {
      panel = (collapsed(judge, x) && (accordionBody(seen, x) || tabPane(judge, seen, x, memo.sets))) || slidOut(judge, x, memo.rows);
      memo.panels.set(x, panel);
    }
    if (panel) {
      panels.add(x);
      return x;
    }
  }
  return null;
}

export interface PanelFinder {
  referencedPanels: typeof referencedPanels;
  panelFor: typeof panelFor;
}

export const PANEL_HELPERS = [controlledIds, nearestWithId, referencedPanels, panelOf, collapsed, sameKind, heading, accordionBody, tabRow, tabPane, slidOut, panelFor];
