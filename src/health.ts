/** One line of `scout doctor`: the shape every dependency check returns. */
export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: string;
  /** How to fix a failure; on an ok line, how to do better (doctor's search line: how to start SearxNG). */
  hint?: string;
}
