/** One line of `scout doctor`: the shape every dependency check returns. */
export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: string;
  hint?: string;
}
