/**
 * What to do with the model's answer on one page: keep its note, fill a form,
 * follow a link, show more of the page, stop, or go on with the next search result, and which
 * corrections to show the model next round. Pure: no I/O, no waiting.
 */
import type { FieldValue, PageField } from '../browser/types.js';
import type { OfferedLink } from '../prompts/sections.js';
import { carriesNoteFacts, refuseCrossOrigin, refuseSecrets, type FormContext, type NamedField } from './form-rules.js';
import { groundNote } from './grounding.js';
import { leaksNotes, resolveTarget, sameNote } from './guards.js';
import type { Section } from './outline.js';
import { sectionNamed } from './page-view.js';
import type { NavigationAnswer } from './parse.js';
import type { Note, ResearchEvent } from './types.js';

/** Forms filled in one run at most; a further form answer is treated as its Action line. */
export const MAX_FORMS = 3;
const MAX_NOTE_CHARS = 800;

/** The page the model answered on, as it was shown. */
export interface AnsweredPage {
  url: string;
  title: string;
  /** The page text of the prompt: notes are grounded in it. */
  text: string;
  links: readonly OfferedLink[];
  /** The form fields the page offered; none means a markdown link is never a form fill. */
  fields: readonly PageField[];
  /** Set when the page was condensed: what `more` may ask for, and how many more times. */
  more?: { sections: readonly Section[]; skipped: readonly Section[]; left: number };
}

/** What decide reads of the run: nothing here is changed. */
export interface RunView {
  question: string;
  notes: readonly Note[];
  /** The origin each stored secret belongs to, by name; never the values. */
  secrets: Readonly<Record<string, string>>;
  formsFilled: number;
  frontier: {
    sameAs(a: string, b: string): boolean;
    isVisited(url: string): boolean;
    isOffered(url: string): boolean;
  };
  redact: (text: string) => string;
}

export type Step =
  /** Each field named by its ref (f1, f2...): the field these rules checked is the one filled. */
  | { kind: 'form'; fields: FieldValue[] }
  | { kind: 'navigate'; url: string }
  /** Show the same page again with this section (its number). */
  | { kind: 'more'; section: number }
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
  const fields = checkForm(decision, formFields(answer.fields, page), page, { ...run, notes });
  if (fields.length > 0 && run.formsFilled < MAX_FORMS) {
    decision.events.push({ type: 'action', action: 'form', target: fields.map((f) => f.value.field).join(', ') });
    decision.step = { kind: 'form', fields: fields.map((f) => ({ field: f.field.ref, value: f.value.value })) };
    return decision;
  }
  takeAction(decision, actionOf(answer, page), page, run);
  return decision;
}

/**
 * The correction worth asking the model once more for, on the same page with
 * its links: an answer with nothing to do, or a target that was not offered.
 * undefined when the answer can be acted on.
 */
export function correctionFor(answer: NavigationAnswer, page: AnsweredPage, run: RunView): string | undefined {
  if (formFields(answer.fields, page).length > 0 && run.formsFilled < MAX_FORMS) return undefined;
  const action = actionOf(answer, page);
  if (action.kind === 'none') return NO_ACTION;
  if (action.kind === 'more') return moreOf(action.target, page).correction;
  if (action.kind !== 'navigate') return undefined;
  const url = resolveTarget(action.target, page.links);
  return url && run.frontier.isOffered(url) ? undefined : notOffered(action.target);
}

const NO_ACTION = 'Your previous answer had no Action line; always end with one.';
const NOTHING_MORE = 'This page has no skipped sections to show. Choose a link, GO_BACK or REQUEST_EXIT.';

/** The section a `more` answer asks for, or why it cannot be shown. */
function moreOf(target: string, page: AnsweredPage): { section: Section; correction?: undefined } | { section?: undefined; correction: string } {
  const { more } = page;
  if (!more || more.skipped.length === 0) return { correction: NOTHING_MORE };
  const listed = more.skipped.slice(0, 8).map((s) => `§${s.n} ${s.title}`).join(', ');
  if (more.left <= 0) return { correction: 'You asked for more of this page several times already. Write your Note from what was shown and choose a link, GO_BACK or REQUEST_EXIT.' };
  const section = sectionNamed(more.sections, target);
  if (!section) return { correction: `"${target}" names no section of this page. Write Action: more <number or name> with one of the skipped sections: ${listed}.` };
  const open = more.skipped.some((s) => s.from >= section.from && s.from < section.end);
  if (!open) return { correction: `§${section.n} ${section.title} is already shown in full. The skipped sections are: ${listed}.` };
  return { section };
}
const notOffered = (target: string) => `"${target}" was not offered as a link on the page or in the search results, so it was refused. Navigate only by the numbers of the links shown.`;

/** Field lines that name a field of this page, with that field; a markdown link on a page without a form is not a form fill. */
function formFields(values: readonly FieldValue[], page: AnsweredPage): NamedField[] {
  return values.flatMap((value) => {
    const field = fieldFor(value.field, page.fields);
    return field ? [{ value, field }] : [];
  });
}

/** The field a name means: its ref, else its label exactly, else a label that starts with it. */
function fieldFor(name: string, fields: readonly PageField[]): PageField | undefined {
  const wanted = name.trim().toLowerCase();
  return fields.find((f) => f.ref === wanted) ?? fields.find((f) => f.label.toLowerCase() === wanted) ?? fields.find((f) => wanted.length >= 3 && f.label.toLowerCase().startsWith(wanted));
}

/** The answer's action; with none, a markdown link line to an offered page is taken as the link it names. */
function actionOf(answer: NavigationAnswer, page: AnsweredPage): NavigationAnswer['action'] {
  if (answer.action.kind !== 'none') return answer.action;
  const linked = answer.fields.find((f) => !fieldFor(f.field, page.fields) && /^https?:\/\//i.test(f.value));
  return linked ? { kind: 'navigate', target: linked.value } : answer.action;
}

function keepNote(decision: Decision, answer: NavigationAnswer, page: AnsweredPage, run: RunView): void {
  if (!answer.note) {
    if (answer.error) decision.events.push({ type: 'page_error', url: page.url, text: run.redact(answer.error) });
    return;
  }
  const text = run.redact(answer.note.slice(0, MAX_NOTE_CHARS));
  const earlier = run.notes.find((n) => sameNote(n.text, text));
  if (earlier) {
    decision.events.push({ type: 'warning', message: `the model repeated the note it took on ${earlier.url}; not filed again under ${page.url}` });
    decision.corrections.push(`Your note on ${page.url} repeated an earlier note word for word. Write only what this page adds, or an Error line.`);
    return;
  }
  const grounding = groundNote(text, page.text);
  const note: Note = { url: page.url, title: page.title, text, quotes: grounding.quotes, verified: grounding.state === 'verified', support: grounding.state, ...(grounding.reason ? { reason: grounding.reason } : {}), ...(grounding.page !== undefined ? { page: grounding.page } : {}) };
  decision.note = note;
  decision.events.push({ type: 'note', url: page.url, text, verified: note.verified, support: note.support });
  if (grounding.state !== 'unverified') return;
  if (grounding.missing.length > 0) decision.corrections.push(`Your note on ${page.url} quoted words that are not on the page: ${grounding.missing.map((q) => `"${q}"`).join(', ')}. Copy quotes letter for letter from the page text.`);
  else decision.corrections.push(`Your note on ${page.url} could not be checked against the page (${grounding.reason}), so it is unverified. End every Note with the page's exact words in double quotes.`);
}

/**
 * The form values that may be sent. A secret off its site, or a form to another
 * site with values not from the question, refuses the whole form; values that
 * repeat the notes (this page's note included) or carry their facts are dropped.
 */
function checkForm(decision: Decision, named: readonly NamedField[], page: AnsweredPage, run: RunView): NamedField[] {
  if (named.length === 0) return [];
  const ctx: FormContext = { question: run.question, pageUrl: page.url, pageText: page.text, fields: page.fields, notes: run.notes, secrets: run.secrets };
  const refusal = refuseSecrets(named, ctx) ?? refuseCrossOrigin(named, ctx);
  if (refusal) {
    decision.corrections.push(refusal.correction);
    decision.events.push({ type: 'warning', message: refusal.warning });
    return [];
  }
  const leaking = named.filter((f) => leaksNotes(f.value.value, run.notes) || carriesNoteFacts(f.value.value, ctx));
  if (leaking.length > 0) {
    decision.corrections.push(`Form values that repeat your notes were refused (${leaking.map((f) => f.value.field).join(', ')}): notes are never sent to a site.`);
    decision.events.push({ type: 'warning', message: `refused to send note text into a form on ${page.url}` });
  }
  return named.filter((f) => !leaking.includes(f));
}

function takeAction(decision: Decision, action: NavigationAnswer['action'], page: AnsweredPage, run: RunView): void {
  const { events, corrections } = decision;
  if (action.kind === 'more') {
    const more = moreOf(action.target, page);
    if (more.correction !== undefined) {
      corrections.push(more.correction);
      events.push({ type: 'action', action: 'none' });
      return;
    }
    events.push({ type: 'action', action: 'more', target: `§${more.section.n} ${more.section.title}` });
    decision.step = { kind: 'more', section: more.section.n };
    return;
  }
  if (action.kind === 'exit') {
    events.push({ type: 'action', action: 'exit' });
    decision.step = { kind: 'stop' };
    return;
  }
  if (action.kind !== 'navigate') {
    if (action.kind === 'none') corrections.push(NO_ACTION);
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
    corrections.push(notOffered(action.target));
    events.push({ type: 'warning', message: `refused a target that was not offered: ${run.redact(action.target)}` });
  }
}
