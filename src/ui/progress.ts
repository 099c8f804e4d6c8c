/**
 * Progress on stderr: an ora spinner when stderr is a terminal, plain
 * timestamped lines otherwise, nothing at all with --quiet. stdout is never touched.
 */
import ora, { type Ora } from 'ora';
import { terminalText } from '../util/terminal-text.js';

export interface Progress {
  /** A new step is under way ("searching", "reading page 2/12: example.com"). */
  step(text: string): void;
  /** A finished fact worth a line of its own ("16 results"). */
  info(text: string): void;
  warn(text: string): void;
  /** Stop any spinner so that other output (a streamed answer) can follow. */
  stop(): void;
}

export interface ProgressOptions {
  quiet: boolean;
  stream?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  /** Override terminal detection (tests). */
  tty?: boolean;
  now?: () => Date;
}

const silent: Progress = { step() {}, info() {}, warn() {}, stop() {} };

export function useColor(env: NodeJS.ProcessEnv, stream: NodeJS.WriteStream): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

function timestamp(date: Date): string {
  return date.toISOString().slice(11, 19);
}

function linesProgress(stream: NodeJS.WritableStream, now: () => Date): Progress {
  const write = (prefix: string, text: string) => stream.write(`[${timestamp(now())}] ${prefix}${text}\n`);
  return {
    step: (text) => write('', text),
    info: (text) => write('', text),
    warn: (text) => write('warning: ', text),
    stop() {},
  };
}

function spinnerProgress(stream: NodeJS.WriteStream, color: boolean): Progress {
  let spinner: Ora | undefined;
  const spin = (): Ora => {
    spinner ??= ora({ stream, color: color ? 'cyan' : false, isEnabled: true, discardStdin: false });
    return spinner;
  };
  return {
    step(text) {
      const s = spin();
      s.text = text;
      if (!s.isSpinning) s.start();
    },
    info(text) {
      spin().stopAndPersist({ symbol: color ? '\u001b[32m✔\u001b[39m' : '✔', text });
    },
    warn(text) {
      spin().stopAndPersist({ symbol: color ? '\u001b[33m⚠\u001b[39m' : '⚠', text });
    },
    stop() {
      spinner?.stop();
    },
  };
}

/** Progress texts carry page titles, URLs and model words: each is one line without control sequences. */
function cleaned(progress: Progress): Progress {
  const line = (text: string) => terminalText(text, { oneLine: true });
  return {
    step: (text) => progress.step(line(text)),
    info: (text) => progress.info(line(text)),
    warn: (text) => progress.warn(line(text)),
    stop: () => progress.stop(),
  };
}

export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet) return silent;
  const stream = options.stream ?? process.stderr;
  const tty = options.tty ?? Boolean(stream.isTTY);
  if (!tty) return cleaned(linesProgress(stream, options.now ?? (() => new Date())));
  return cleaned(spinnerProgress(stream, useColor(options.env ?? process.env, stream)));
}
