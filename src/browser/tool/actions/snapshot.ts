/** snapshot: the current tab's accessibility tree with refs. */
import { SNAPSHOT_LIMITS } from '../snapshot.js';
import { isFailure, pickTab, renderSnapshotData, TAB_PARAM, takeSnapshot } from './common.js';
import { defineAction } from './define.js';

export const snapshot = defineAction({
  name: 'snapshot',
  description:
    'The page as an accessibility tree, one `- role "name" [ref=eN]` line per element; refs name elements for act and screenshot. ' +
    'mode "full" (default, 40000 chars) or "efficient" (interactive elements only, depth 6, 8000 chars); query keeps lines containing all its words.',
  params: {
    mode: { type: 'string', description: 'full (default) or efficient', choices: ['full', 'efficient'] },
    query: { type: 'string', description: 'keep only lines containing every word of this (case-insensitive)' },
    maxChars: { type: 'integer', description: 'cut the snapshot at this many characters (default 40000 full, 8000 efficient)', min: 1, max: SNAPSHOT_LIMITS.full.maxChars },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    const mode = input.mode === 'efficient' ? 'efficient' : 'full';
    const data = await takeSnapshot(tab, { mode, ...(input.maxChars ? { maxChars: input.maxChars } : {}), ...(input.query ? { query: input.query } : {}) });
    return { ok: true, ...data, untrusted: ['snapshot', 'title'] };
  },
  render: (result) => renderSnapshotData(result),
});
