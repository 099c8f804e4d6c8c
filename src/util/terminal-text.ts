/**
 * Text from the web or a model, made safe to print on a terminal: a page title
 * must not set the window title, clear the screen, or hide a link behind
 * reversed text. Every output path (report, progress, errors, read, search,
 * the browser tool) passes its text through here before stdout or stderr.
 */
/* eslint-disable no-control-regex -- matching control characters is what this module is for */

/** OSC, DCS, SOS, PM and APC: an introducer (7-bit ESC form or 8-bit C1), a payload, then BEL or ST. */
const STRING_SEQUENCE = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)/g;
/** CSI (ESC [ or U+009B): parameter bytes, intermediate bytes, one final byte. */
const CSI_SEQUENCE = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]/g;
/** Any other escape: ESC, intermediate bytes, one final byte (ESC c resets the terminal, ESC ( 0 switches charset). */
const ESC_SEQUENCE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;
/** What is left of the C0 and C1 controls and DEL, tab and newline aside (an unterminated sequence's introducer too). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides and isolates: they reorder what follows them ("moc.elgoog" shown as "google.com"). */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

export interface TerminalTextOptions {
  /** Fold newlines and tabs into spaces, for a progress line, a title or a URL. */
  oneLine?: boolean;
}

/** The text without terminal control sequences, control characters or bidi overrides; newlines and tabs kept unless oneLine. */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  const clean = text
    .replace(STRING_SEQUENCE, '')
    .replace(CSI_SEQUENCE, '')
    .replace(ESC_SEQUENCE, '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(BIDI, '');
  return options.oneLine ? clean.replace(/[\n\t]+/g, ' ') : clean;
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but leaves C1
 * controls (U+009B is a CSI on some terminals), DEL and bidi overrides raw;
 * they are escaped here too, so the value read back is unchanged.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
