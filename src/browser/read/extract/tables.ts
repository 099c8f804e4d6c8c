/**
 * Tables used for layout (cells holding paragraphs, lists or other tables) are read as
 * blocks, not as pipe rows; data tables keep their shape for the Markdown converter.
 */
import { descendants, isBlock, type Element } from './dom.js';

const LAYOUT_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);

function isLayoutTable(table: Element): boolean {
  let rows = 0;
  let maxCells = 0;
  for (const el of descendants(table)) {
    if (el.name === 'tr') {
      rows += 1;
      maxCells = Math.max(maxCells, el.children.filter((c) => c.type === 'tag' && (c.name === 'td' || c.name === 'th')).length);
    } else if (isBlock(el) && !LAYOUT_PARTS.has(el.name)) return true;
  }
  return rows === 0 || maxCells <= 1;
}

/** Rename the table's own parts to div, leaving nested tables to their own decision. */
function unwrap(el: Element): void {
  if (LAYOUT_PARTS.has(el.name)) el.name = 'div';
  for (const child of el.children) if (child.type === 'tag' && child.name !== 'table') unwrap(child);
}

export function unwrapLayoutTables(root: Element): void {
  for (const table of descendants(root).filter((el) => el.name === 'table')) {
    if (isLayoutTable(table)) unwrap(table);
  }
}
