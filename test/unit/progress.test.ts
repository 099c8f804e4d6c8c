import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, useColor, type Progress } from '../../src/ui/progress.js';
import { place, renderEvent } from '../../src/ui/render-events.js';

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 80, cursorTo: () => true, clearLine: () => true, moveCursor: () => true }) as unknown as NodeJS.WriteStream & PassThrough;
  let out = '';
  stream.on('data', (d: Buffer) => (out += d.toString()));
  return { stream, out: () => out };
}

describe('progress', () => {
  it('writes timestamped plain lines when stderr is not a terminal', () => {
    const { stream, out } = capture(false);
    const progress = createProgress({ quiet: false, stream, now: () => new Date('2026-12-02T10:11:12Z') });
    progress.step('searching');
    progress.info('16 results');
    progress.warn('slow page');
    expect(out()).toBe('[10:11:12] searching\n[10:11:12] 16 results\n[10:11:12] warning: slow page\n');
  });

  it('writes nothing with --quiet', () => {
    const { stream, out } = capture(true);
    const progress = createProgress({ quiet: true, stream });
    progress.step('searching');
    progress.info('done');
    expect(out()).toBe('');
  });

  it('draws an ora spinner on a terminal and persists finished lines', () => {
    const { stream, out } = capture(true);
    const progress = createProgress({ quiet: false, stream, env: { NO_COLOR: '1' } });
    progress.step('reading page 1/12: example.org');
    progress.info('16 results');
    progress.stop();
    expect(out()).toContain('16 results');
    expect(out()).toContain('✔');
    expect(out()).not.toContain("\u001b[3");
  });

  it('respects NO_COLOR and FORCE_COLOR', () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    expect(useColor({}, tty)).toBe(true);
    expect(useColor({ NO_COLOR: '1' }, tty)).toBe(false);
    expect(useColor({ FORCE_COLOR: '1' }, { isTTY: false } as NodeJS.WriteStream)).toBe(true);
  });
});

describe('research events as progress lines', () => {
  function lines(events: Parameters<typeof renderEvent>[1][]): string[] {
    const out: string[] = [];
    const progress: Progress = { step: (t) => out.push(t), info: (t) => out.push(t), warn: (t) => out.push(`warning: ${t}`), stop() {} };
    const state = { notes: 0 };
    for (const event of events) renderEvent(progress, event, state);
    return out;
  }

  it("name the page's host and path, not only its host", () => {
    expect(
      lines([
        { type: 'page', n: 2, of: 12, url: 'https://example.org/guide/europe?utm_source=x#top' },
        { type: 'note', url: 'https://www.example.org/guide/europe/', text: 'a', verified: true, support: 'verified' },
        { type: 'visited', url: 'http://127.0.0.1:8000/gone.html', status: null, ms: 5, error: 'net::ERR_CONNECTION_REFUSED' },
        { type: 'page_error', url: 'https://example.org/', text: 'nothing' },
      ]),
    ).toEqual([
      'reading page 2/12: example.org/guide/europe',
      'note from www.example.org/guide/europe (1 note)',
      'warning: 127.0.0.1:8000/gone.html: net::ERR_CONNECTION_REFUSED',
      'nothing useful on example.org',
    ]);
  });

  it('shows a readable path, cut short when it is long', () => {
    expect(place('https://de.wikipedia.org/wiki/M%C3%BCnchen')).toBe('de.wikipedia.org/wiki/München');
    const long = place(`https://example.org/${'a'.repeat(200)}`);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
    expect(place('not a url')).toBe('not a url');
  });
});
