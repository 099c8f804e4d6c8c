/**
 * The SSRF guard: which URLs the browser may request. Only http(s) navigations,
 * and no loopback, private, link-local or cloud-metadata hosts unless the user
 * passed --allow-private-network. It gives early, readable refusals; the
 * egress proxy (launch/egress-proxy.ts) enforces the same address policy on
 * every request of a launched browser, with its own single lookup per request.
 */
import { isIP } from 'node:net';
import { refusedKind } from './address-policy.js';
import { defaultLookup, DNS_TIMEOUT_MS, resolveWithin, type Lookup, type Resolution } from './dns.js';

export type { Lookup } from './dns.js';

export const ALLOW_PRIVATE_HINT = 'pass --allow-private-network to let scout open loopback and private addresses';

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string; privateAddress: boolean };

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.com']);

/** True for an IP literal (in any spelling) in a loopback, private, link-local, metadata or reserved range. */
export function isPrivateAddress(ip: string): boolean {
  return refusedKind(ip) !== undefined;
}

/** A host name that names this machine or a private network without DNS. */
function privateHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal') || METADATA_HOSTS.has(h);
}

function refusePrivate(url: URL, what: string): UrlVerdict {
  return { ok: false, privateAddress: true, reason: `refused ${url.href}: ${what} is a loopback or private address` };
}

/**
 * Check a URL without DNS: scheme, and a host that is a private literal or name.
 * `navigation` refuses every scheme but http(s); subresources may also use data:/blob:.
 */
export function checkUrl(raw: string, options: { allowPrivateNetwork: boolean; navigation: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, privateAddress: false, reason: `not a valid URL: ${raw}` };
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!web) {
    const inert = !options.navigation && (url.protocol === 'data:' || url.protocol === 'blob:');
    return inert ? { ok: true, url } : { ok: false, privateAddress: false, reason: `refused ${url.protocol} URL: only http and https pages can be opened` };
  }
  if (options.allowPrivateNetwork) return { ok: true, url };
  if (isPrivateAddress(url.hostname) || privateHostName(url.hostname)) return refusePrivate(url, url.hostname);
  return { ok: true, url };
}

/**
 * Resolves host names for the guard, so that a public-looking name pointing
 * at 127.0.0.1 is refused too. Lookups are cached. A lookup slower than
 * timeoutMs is refused (a slow answer is how a name outwaits a guard); one
 * that fails is let through, for the egress proxy or Chrome to report.
 */
export class HostResolver {
  private readonly cache = new Map<string, Promise<Resolution>>();

  constructor(
    private readonly timeoutMs = DNS_TIMEOUT_MS,
    private readonly lookupHost: Lookup = defaultLookup(),
  ) {}

  resolve(host: string): Promise<Resolution> {
    let found = this.cache.get(host);
    if (!found) {
      found = resolveWithin(this.lookupHost, host, this.timeoutMs);
      this.cache.set(host, found);
    }
    return found;
  }
}

/** checkUrl, then DNS: refuse a host name that resolves to a private address. */
export async function checkUrlResolved(
  raw: string,
  options: { allowPrivateNetwork: boolean; navigation: boolean },
  resolver: HostResolver,
): Promise<UrlVerdict> {
  const verdict = checkUrl(raw, options);
  if (!verdict.ok || options.allowPrivateNetwork || !/^https?:$/.test(verdict.url.protocol)) return verdict;
  const host = verdict.url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, ''))) return verdict;
  const resolution = await resolver.resolve(host);
  if (!resolution.ok) return resolution.slow ? { ok: false, privateAddress: false, reason: `refused ${verdict.url.href}: ${resolution.reason}` } : verdict;
  const privateOne = resolution.addresses.find(isPrivateAddress);
  return privateOne ? refusePrivate(verdict.url, `${host} (${privateOne})`) : verdict;
}
