/**
 * Verbatim quotes in notes, and their check against the text the model was
 * shown: a note is verified only when every quote of it is really on the page.
 */

const QUOTED = /"([^"]{8,}?)"|“([^”]{8,}?)”|«([^»]{8,}?)»|「([^」]{4,}?)」/g;

/** The quoted passages of a note, in order. */
export function extractQuotes(note: string): string[] {
  const quotes: string[] = [];
  for (const m of note.matchAll(QUOTED)) {
    const quote = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (quote) quotes.push(quote);
  }
  return quotes;
}

/** The note with its quoted passages taken out (their quotation marks too): what it says in its own words. */
export function withoutQuotes(note: string): string {
  return note.replace(QUOTED, ' ');
}

/** Case, white space, typographic quotes, markdown emphasis and edge punctuation do not count. */
export function normaliseForQuote(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[*_`#>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.,;:!?'"()-]+|[\s.,;:!?'"()-]+$/g, '');
}

/** The quote's parts around an ellipsis each have to appear on the page. */
export function quoteOnPage(quote: string, pageText: string): boolean {
  const page = normaliseForQuote(pageText);
  const parts = quote.split(/\.\.\.|…|\[\.\.\.\]/).map(normaliseForQuote).filter((p) => p.length > 0);
  return parts.length > 0 && parts.every((part) => page.includes(part));
}

export interface QuoteCheck {
  quotes: string[];
  missing: string[];
  verified: boolean;
}

export function checkNote(note: string, pageText: string): QuoteCheck {
  const quotes = extractQuotes(note);
  const missing = quotes.filter((q) => !quoteOnPage(q, pageText));
  return { quotes, missing, verified: quotes.length > 0 && missing.length === 0 };
}
