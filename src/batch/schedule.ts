/**
 * N at a time: workers take the next question as each finishes, until none is
 * left or the batch is stopped (Ctrl-C: no new question starts).
 */
export async function eachAtATime<T>(items: readonly T[], jobs: number, stop: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stop.aborted && next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
}

/** --jobs: a whole number from 1 up. */
export function parseJobs(value: string): number | undefined {
  return /^\d+$/.test(value.trim()) && Number(value) >= 1 ? Number(value) : undefined;
}
