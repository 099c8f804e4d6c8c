/** snapshot: the current tab's accessibility tree with refs. */
import { syncRefs } from '../element.js';
import { unknownRef } from '../refs.js';
import { SNAPSHOT_LIMITS, type SnapshotOptions } from '../snapshot.js';
import { SNAPSHOT_MAX_CHARS } from '../snapshot-lines.js';
import { isFailure, pickTab, renderSnapshotData, TAB_PARAM, takeSnapshot } from './common.js';
import { defineAction, fail } from './define.js';

export const snapshot = defineAction({
  name: 'snapshot',
  description:
    'The page as an accessibility tree, one `- role "name" [ref=e5]` line per element (links end with `→ target`); refs name elements for act and screenshot. ' +
    `mode "full" (default, ${SNAPSHOT_LIMITS.full.maxChars} chars) or "efficient" (controls and headings only, ${SNAPSHOT_LIMITS.efficient.maxChars} chars). ` +
    'A snapshot over maxChars ends with a note of what it left out: get that with query (elements whose role, name or text contain all its words) or ref (one element\'s subtree). ' +
    'refs "role" (default: e5, checked against the element\'s role and name) or "aria" (ax5: stable, bound to the element itself).',
  params: {
    mode: { type: 'string', description: 'full (default) or efficient', choices: ['full', 'efficient'] },
    query: { type: 'string', description: 'keep only elements whose role, name or text contain every word of this (case-insensitive)' },
    ref: { type: 'string', description: 'only the subtree of the element with this ref (from an earlier snapshot)' },
    refs: { type: 'string', description: 'role (default: e1, e2, ... checked against role and name) or aria (ax1, ax2, ... bound to the element)', choices: ['role', 'aria'] },
    maxChars: { type: 'integer', description: `budget in characters, whole lines only (default ${SNAPSHOT_LIMITS.full.maxChars} full, ${SNAPSHOT_LIMITS.efficient.maxChars} efficient; at most ${SNAPSHOT_MAX_CHARS})`, min: 1, max: SNAPSHOT_MAX_CHARS },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    if (input.ref) {
      await syncRefs(tab);
      if (!tab.refs.get(input.ref)) return fail(unknownRef(input.ref), 'refs come from the latest snapshot of this page');
    }
    const options: SnapshotOptions = {
      mode: input.mode === 'efficient' ? 'efficient' : 'full',
      ...(input.maxChars ? { maxChars: input.maxChars } : {}),
      ...(input.query ? { query: input.query } : {}),
      ...(input.ref ? { ref: input.ref } : {}),
      ...(input.refs ? { refs: input.refs } : {}),
    };
    const data = await takeSnapshot(tab, options);
    return { ok: true, ...data, untrusted: ['snapshot', 'title'] };
  },
  render: (result) => renderSnapshotData(result),
});
