/** URL helpers for result lists: which URLs are web pages, and when two of them are the same page. */

const TRACKING = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A key under which equal pages collide: scheme and host lower-cased, `www.`,
 * default port, fragment, tracking parameters and a trailing slash dropped,
 * the remaining query parameters sorted. http and https count as the same page.
 */
export function normaliseUrl(value: string): string {
  const url = new URL(value);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const params = [...url.searchParams].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '';
  return `${host}${port}${path}${query}`;
}

/** Keep http(s) results only, the first of each normalised URL, at most `limit`. */
export function refine<T extends { url: string }>(results: Iterable<T>, limit: number): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const result of results) {
    if (kept.length >= limit) break;
    if (!isHttpUrl(result.url)) continue;
    const key = normaliseUrl(result.url);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(result);
  }
  return kept;
}
