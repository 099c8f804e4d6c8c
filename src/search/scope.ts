/**
 * The sites a search is kept to or kept from (--site, --exclude-site), in the
 * query syntax SearxNG, Brave and the browser engines all read (site:x,
 * -site:x), and as a check of a result's address for engines that ignore it.
 */
import type { SearchOptions } from './types.js';

/** example.org, sub.example.org: a host name, with no scheme, port or path. */
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

/** The host name a --site value names, or undefined when it names none; a scheme or a trailing slash is forgiven. */
export function siteName(value: string): string | undefined {
  const host = value.trim().replace(/^https?:\/\//i, '').replace(/\/+$/, '').toLowerCase();
  return HOST.test(host) ? host : undefined;
}

export function scopedQuery(query: string, scope: Pick<SearchOptions, 'sites' | 'excludeSites'>): string {
  const sites = scope.sites ?? [];
  // Brave and most engines read several site: terms as any of them only with OR between them.
  const kept = sites.map((s) => `site:${s}`).join(' OR ');
  const excluded = (scope.excludeSites ?? []).map((s) => `-site:${s}`).join(' ');
  return [query, kept, excluded].filter(Boolean).join(' ');
}

const onSite = (host: string, site: string) => host === site || host.endsWith(`.${site}`);

/** The address is on one of the sites (when any is named) and on none excluded. */
export function inScope(url: string, scope: Pick<SearchOptions, 'sites' | 'excludeSites'>): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const sites = scope.sites ?? [];
  if (sites.length > 0 && !sites.some((s) => onSite(host, s))) return false;
  return !(scope.excludeSites ?? []).some((s) => onSite(host, s));
}
