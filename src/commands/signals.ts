/**
 * Ctrl-C during research: the first stops browsing so the answer can still be
 * written from the notes; the second quits at once. SIGTERM and SIGHUP (the
 * terminal closed) count as a second: the browser is closed, then scout exits.
 */

export interface Interrupts {
  first: AbortSignal;
  second: AbortSignal;
  dispose(): void;
}

/** Grace period after the second Ctrl-C for the browser to close before the process exits anyway. */
const FORCED_EXIT_MS = 1500;

export function watchInterrupts(onFirst: () => void): Interrupts {
  const first = new AbortController();
  const second = new AbortController();
  const quit = () => {
    first.abort();
    second.abort();
    setTimeout(() => process.exit(130), FORCED_EXIT_MS).unref();
  };
  const onSigint = () => {
    if (first.signal.aborted) return quit();
    first.abort();
    onFirst();
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', quit);
  process.on('SIGHUP', quit);
  return {
    first: first.signal,
    second: second.signal,
    dispose() {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', quit);
      process.off('SIGHUP', quit);
    },
  };
}
