/**
 * Trace events: what happened during a run, one JSON line each with --trace.
 * Modules report through a Tracer they are given; they never write files themselves.
 */
export interface TraceEvent {
  /** e.g. "llm", "search", "page", "note", "action", "error", "warning" */
  type: string;
  [field: string]: unknown;
}

export type Tracer = (event: TraceEvent) => void;

export const noTrace: Tracer = () => {};
