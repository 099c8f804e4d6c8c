/**
 * What to do with the model's answer on one page: keep its note, fill a form,
 * follow a link, stop, or go on with the next search result, and which
 * corrections to show the model next round. Pure: no I/O, no waiting.
 */
import type { FieldValue } from '../browser/types.js';
import type { OfferedLink } from '../prompts/sections.js';
import { leaksNotes, resolveTarget } from './guards.js';
import type { NavigationAnswer } from './parse.js';
import { checkNote } from './quotes.js';
import type { Note, ResearchEvent } from './types.js';

/** Forms filled in one run at most; a further form answer is treated as its Action line. */
export const MAX_FORMS = 3;
const MAX_NOTE_CHARS = 800;

/** The page the model answered on, as it was shown. */
export interface AnsweredPage {
  url: string;
  title: string;
  /** The page text of the prompt: quotes are checked against it. */
  text: string;
  links: readonly OfferedLink[];
}

/** What decide reads of the run: nothing here is changed. */
export interface RunView {
  notes: readonly Note[];
  formsFilled: number;
  frontier: {
    sameAs(a: string, b: string): boolean;
    isVisited(url: string): boolean;
    isOffered(url: string): boolean;
  };
  redact: (text: string) => string;
}

export type Step =
  | { kind: 'form'; fields: FieldValue[] }
  | { kind: 'navigate'; url: string }
  | { kind: 'stop' }
  /** Read the next search result. */
  | { kind: 'next' };

export interface Decision {
  note?: Note;
  /** To yield, in order, before the step is taken. */
  events: ResearchEvent[];
  /** Warnings for the model's next prompt. */
  corrections: string[];
  step: Step;
}

export function decide(answer: NavigationAnswer, page: AnsweredPage, run: RunView): Decision {
  const decision: Decision = { events: [], corrections: [], step: { kind: 'next' } };
  keepNote(decision, answer, page, run);
  const notes = decision.note ? [...run.notes, decision.note] : run.notes;
  const fields = refuseLeaks(decision, answer.fields, page, notes);
  if (fields.length > 0 && run.formsFilled < MAX_FORMS) {
    decision.events.push({ type: 'action', action: 'form', target: fields.map((f) => f.field).join(', ') });
    decision.step = { kind: 'form', fields };
    return decision;
  }
  takeAction(decision, answer.action, page, run);
  return decision;
}

function keepNote(decision: Decision, answer: NavigationAnswer, page: AnsweredPage, run: RunView): void {
  if (answer.note) {
    const text = run.redact(answer.note.slice(0, MAX_NOTE_CHARS));
    const check = checkNote(text, page.text);
    decision.note = { url: page.url, title: page.title, text, quotes: check.quotes, verified: check.verified };
    decision.events.push({ type: 'note', url: page.url, text, verified: check.verified });
    if (check.quotes.length === 0) decision.corrections.push(`Your note on ${page.url} quoted nothing from the page, so it is unverified. End every Note with the page's exact words in double quotes.`);
    else if (!check.verified) decision.corrections.push(`Your note on ${page.url} quoted words that are not on the page: ${check.missing.map((q) => `"${q}"`).join(', ')}. Copy quotes letter for letter from the page text.`);
  } else if (answer.error) {
    decision.events.push({ type: 'page_error', url: page.url, text: run.redact(answer.error) });
  }
}

/** The form values that may be sent: none that repeats the notes, this page's note included. */
function refuseLeaks(decision: Decision, fields: readonly FieldValue[], page: AnsweredPage, notes: readonly Note[]): FieldValue[] {
  const leaking = fields.filter((f) => leaksNotes(f.value, notes));
  if (leaking.length > 0) {
    decision.corrections.push(`Form values that repeat your notes were refused (${leaking.map((f) => f.field).join(', ')}): notes are never sent to a site.`);
    decision.events.push({ type: 'warning', message: `refused to send note text into a form on ${page.url}` });
  }
  return fields.filter((f) => !leaking.includes(f));
}

function takeAction(decision: Decision, action: NavigationAnswer['action'], page: AnsweredPage, run: RunView): void {
  const { events, corrections } = decision;
  if (action.kind === 'exit') {
    events.push({ type: 'action', action: 'exit' });
    decision.step = { kind: 'stop' };
    return;
  }
  if (action.kind !== 'navigate') {
    if (action.kind === 'none') corrections.push('Your previous answer had no Action line; always end with one.');
    events.push({ type: 'action', action: action.kind });
    return;
  }
  const url = resolveTarget(action.target, page.links);
  if (url && run.frontier.sameAs(url, page.url)) {
    corrections.push('You chose the page you were already on; scout went back to the search results.');
    events.push({ type: 'action', action: 'back' });
  } else if (url && run.frontier.isVisited(url)) {
    corrections.push(`You chose ${url}, which was already visited; scout went back to the search results.`);
    events.push({ type: 'action', action: 'back' });
  } else if (url && run.frontier.isOffered(url)) {
    events.push({ type: 'action', action: 'navigate', target: url });
    decision.step = { kind: 'navigate', url };
  } else {
    corrections.push(`"${action.target}" was not offered as a link on the page or in the search results, so it was refused. Navigate only by the numbers of the links shown.`);
    events.push({ type: 'warning', message: `refused a target that was not offered: ${run.redact(action.target)}` });
  }
}
