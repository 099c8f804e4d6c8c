import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, useColor } from '../../src/ui/progress.js';

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
