/** Small section renderers the prompts are assembled from; each returns '' when it has nothing to say. */

export interface PromptNote {
  url: string;
  text: string;
  /** false: its quotes were not found on the page. */
  verified?: boolean;
}

/** A link the model was offered, by the number it may navigate to. */
export interface OfferedLink {
  n: number;
  url: string;
  text: string;
}

export function section(title: string, body: string): string {
  const trimmed = body.trim();
  return trimmed === '' ? '' : `${title}\n${trimmed}`;
}

/** Join non-empty parts with blank lines. */
export function join(...parts: string[]): string {
  return parts.filter((p) => p.trim() !== '').join('\n\n');
}

export function numberedNotes(notes: readonly PromptNote[]): string {
  return notes.map((note, i) => `[${i + 1}] (${note.url}) ${note.text}${note.verified === false ? ' (unverified)' : ''}`).join('\n');
}

export function notesSection(notes: readonly PromptNote[]): string {
  return notes.length === 0 ? 'Notes so far: (none yet)' : section('Notes so far:', numberedNotes(notes));
}

export function linksSection(links: readonly OfferedLink[]): string {
  if (links.length === 0) return 'Links on this page: (none left to visit)';
  return section('Links on this page (navigate by number):', links.map((l) => `[${l.n}] ${l.text || '(no text)'} <${l.url}>`).join('\n'));
}

export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** Today's date as YYYY-MM-DD, the way the prompts state it. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
