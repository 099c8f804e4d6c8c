/**
 * The SSRF guard: which URLs the browser may request. Only http(s) navigations,
 * and no loopback, private, link-local or cloud-metadata hosts unless the user
 * passed --allow-private-network.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { later } from '../../util/timing.js';

export const ALLOW_PRIVATE_HINT = 'pass --allow-private-network to let scout open loopback and private addresses';

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string; privateAddress: boolean };

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.com']);

function ipv4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 || a === 10 || a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, includes 169.254.169.254 metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast and reserved
  );
}

function ipv6Private(ip: string): boolean {
  const v = ip.toLowerCase().replace(/^\[|\]$/g, '');
  if (v === '::' || v === '::1') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped?.[1]) return ipv4Private(mapped[1]);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v);
  if (hexMapped?.[1] && hexMapped[2]) {
    const hi = parseInt(hexMapped[1], 16);
    const lo = parseInt(hexMapped[2], 16);
    return ipv4Private(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return /^f[cd]/.test(v) || /^fe[89ab]/.test(v) || /^ff/.test(v) || v.startsWith('64:ff9b:');
}

/** True for an IP literal in a loopback, private, link-local, metadata or reserved range. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return ipv4Private(bare);
  if (family === 6) return ipv6Private(bare);
  return false;
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
 * at 127.0.0.1 is refused too. Lookups are cached; a failed lookup is allowed
 * through (Chrome will fail on it anyway).
 */
export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = (host) => lookup(host, { all: true }).then((all) => all.map((a) => a.address));

export class HostResolver {
  private readonly cache = new Map<string, Promise<string[]>>();

  constructor(
    private readonly timeoutMs = 2_000,
    private readonly lookupHost: Lookup = systemLookup,
  ) {}

  addresses(host: string): Promise<string[]> {
    let found = this.cache.get(host);
    if (!found) {
      const resolved = this.lookupHost(host).catch(() => []);
      found = Promise.race([resolved, later<string[]>(this.timeoutMs, [])]);
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
  const privateOne = (await resolver.addresses(host)).find(isPrivateAddress);
  return privateOne ? refusePrivate(verdict.url, `${host} (${privateOne})`) : verdict;
}
