import { describe, expect, it } from 'vitest';
import { terminalJson, terminalText } from '../../src/util/terminal-text.js';

const ESC = '\u001b';
/** Any control character but newline and tab, or a bidi override. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminalText', () => {
  it.each([
    ['a window title (OSC, BEL)', `${ESC}]0;pwned${'\u0007'}Title`, 'Title'],
    ['a window title (OSC, ST)', `${ESC}]2;pwned${ESC}\\Title`, 'Title'],
    ['a hyperlink (OSC 8)', `${ESC}]8;;https://evil.test${ESC}\\click${ESC}]8;;${ESC}\\`, 'click'],
    ['clear screen and home (CSI)', `${ESC}[2J${ESC}[HTitle`, 'Title'],
    ['colours and private modes (CSI)', `${ESC}[31;1mred${ESC}[0m ${ESC}[?1049h`, 'red '],
    ['an 8-bit CSI (U+009B)', '\u009b2JTitle', 'Title'],
    ['an 8-bit OSC ended by an 8-bit ST', '\u009d0;pwned\u009cTitle', 'Title'],
    ['a DCS and an APC', `${ESC}Pq#0;2;0;0;0${ESC}\\A${ESC}_app${ESC}\\B`, 'AB'],
    ['a terminal reset and a charset switch', `${ESC}cA${ESC}(0B`, 'AB'],
    ['BEL, backspace, carriage return, DEL, C1', 'a\u0007b\u0008c\rd\u007fe\u0085f', 'abc\ndef'],
    ['an unterminated OSC (its text stays, harmless)', `${ESC}]0;rest`, '0;rest'],
    ['a lone ESC at the end', `end${ESC}`, 'end'],
    ['bidi overrides and isolates', 'moc.\u202eelgoog\u202c \u2067x\u2069', 'moc.elgoog x'],
  ])('strips %s', (_name, input, expected) => {
    const out = terminalText(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(UNSAFE);
  });

  it('keeps newlines, tabs and ordinary text in any script', () => {
    const text = 'Title — Ünïcødé 日本語 עברית\n\tindented\n[1] https://example.org/a?b=c';
    expect(terminalText(text)).toBe(text);
  });

  it('folds newlines and tabs into spaces for a single line', () => {
    expect(terminalText(`a\n\tb${ESC}[2J\r\nc`, { oneLine: true })).toBe('a b c');
  });
});

describe('terminalJson', () => {
  it('escapes every control character and bidi override, and reads back to the same value', () => {
    const value = { title: `${ESC}]0;x\u0007\u009b2J\u202etxt\u007f`, n: 1 };
    const json = terminalJson(value, 2);
    expect(json).not.toMatch(UNSAFE);
    expect(JSON.parse(json)).toEqual(value);
  });
});
