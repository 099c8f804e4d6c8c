/**
 * Prompt size and cache friendliness over a 20-round run, from the requests
 * the scripted model recorded: characters per navigation prompt, split into
 * the notes and everything else (which should stay flat), and the prefix each
 * prompt shares with the previous one (what a server's prompt cache can reuse).
 * Needs a build (dist/).
 *
 *   npm run bench:prompt [-- --rounds 20]
 */
import { currentPage, promptKind } from '../test/support/agent-script.js';
import type { LlmRequest } from '../test/support/llm-double.js';
import { flag, median, printTable, scoutRun, startHarness, HARNESS_PAGES } from './support.js';

const ROUNDS = flag('rounds', 20);

/** ROUNDS distinct search results over the harness pages (query strings tell the repeats apart). */
const pages = Array.from({ length: ROUNDS }, (_, i) => `${HARNESS_PAGES[i % HARNESS_PAGES.length]}?round=${i + 1}`);
const text = (r: LlmRequest) => r.messages.map((m) => `${m.role}\n${m.content}`).join('\n');
const notesChars = (r: LlmRequest) => {
  const body = r.messages.find((m) => m.role === 'user')?.content ?? '';
  return body.match(/Notes so far:[\s\S]*?(?=\n\n(?:Stored values|Attention:|You just filled|Current page:))/)?.[0].length ?? 0;
};
const shared = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

const harness = await startHarness(pages);
try {
  const run = await scoutRun(harness, { pages: ROUNDS, llmDelayMs: 0 });
  if (run.code !== 0) throw new Error(`scout run failed (exit ${run.code}):\n${run.stderr}`);
  const rounds = run.requests.filter((r) => promptKind(r) === 'navigate');
  const rows = rounds.map((r, i) => {
    const all = text(r).length;
    const notes = notesChars(r);
    const prefix = i === 0 ? 0 : shared(text(rounds[i - 1]!), text(r));
    const page = new URL(currentPage(r)!).pathname;
    return { n: i + 1, page, all, notes, rest: all - notes, prefix, share: i === 0 ? NaN : prefix / all };
  });
  console.log(`navigation prompts of one ${ROUNDS}-round scout run (chars of all messages; prefix = chars shared with the previous round's prompt)`);
  printTable(
    ['round', 'page', 'prompt', 'notes', 'prompt - notes', 'shared prefix', 'prefix share'],
    rows.map((r) => [String(r.n), r.page, String(r.all), String(r.notes), String(r.rest), r.n === 1 ? '-' : String(r.prefix), r.n === 1 ? '-' : `${(r.share * 100).toFixed(1)}%`]),
  );
  const rest = rows.map((r) => r.rest);
  const notesGrowth = (rows.at(-1)!.notes - rows[0]!.notes) / Math.max(1, rows.length - 1);
  console.log(`\nprompt - notes: median ${median(rest)} chars, min ${Math.min(...rest)}, max ${Math.max(...rest)} (it varies only with the page)`);
  console.log(`notes grow ${notesGrowth.toFixed(0)} chars per round; prompt round ${ROUNDS} / round 1: x${(rows.at(-1)!.all / rows[0]!.all).toFixed(2)}`);
  const later = rows.slice(1);
  console.log(`shared prefix with the previous round: median ${median(later.map((r) => r.prefix))} chars, ${(median(later.map((r) => r.share)) * 100).toFixed(1)}% of the prompt`);
  // Everything before the new note is stable: the system prompt, the question and every earlier note.
  const covered = later.filter((r) => {
    const prev = rounds[r.n - 2]!;
    const start = text(rounds[r.n - 1]!).indexOf('Notes so far:');
    // Round 1's "(none yet)" gives way to the first note: only the heading carries over.
    const stable = text(prev).includes('Notes so far: (none yet)') ? 'Notes so far:'.length : notesChars(prev);
    return r.prefix >= start + stable - 1;
  });
  const short = later.filter((r) => !covered.includes(r)).map((r) => r.n);
  console.log(`the shared prefix reaches past the system prompt, the question and all earlier notes in ${covered.length}/${later.length} rounds${short.length ? ` (not in round ${short.join(', ')})` : ''}`);
} finally {
  await harness.close();
}

