/**
 * Host lookups for the egress proxy and the page guard: the system resolver
 * (getaddrinfo, so /etc/hosts counts), bounded in time. A lookup that fails or
 * takes longer than the bound is a failure: the callers fail closed on it.
 */
import { lookup, Resolver } from 'node:dns/promises';

/** A host name's addresses (IPv4 and IPv6 literals); rejects when the name does not resolve. */
export type Lookup = (host: string) => Promise<string[]>;

/** How long a lookup may take; a slower answer counts as none. */
export const DNS_TIMEOUT_MS = 2_000;

export const systemLookup: Lookup = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

function serverLookup(server: string): Lookup {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  resolver.setServers([server]);
  return async (host) => {
    const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const found = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
    if (found.length === 0) throw new Error(`${host} does not resolve`);
    return found;
  };
}

/**
 * The lookup scout uses: the system resolver.
 *
 * Test-only switch: SCOUT_DNS_SERVER=127.0.0.1:<port> sends every lookup to
 * that DNS server instead (the tests' DNS double, test/support/dns-double.ts),
 * so that end-to-end tests of the real CLI can make names resolve as they need
 * (slow answers, rebinding) without touching the machine's resolver. It is not
 * a user setting and is documented nowhere else.
 */
export function defaultLookup(env: NodeJS.ProcessEnv = process.env): Lookup {
  const server = env.SCOUT_DNS_SERVER;
  return server ? serverLookup(server) : systemLookup;
}

export type Resolution = { ok: true; addresses: string[] } | { ok: false; slow: boolean; reason: string };

/** Look host up once, within timeoutMs. */
export async function resolveWithin(lookupHost: Lookup, host: string, timeoutMs = DNS_TIMEOUT_MS): Promise<Resolution> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<Resolution>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, slow: true, reason: `${host} did not resolve within ${timeoutMs / 1000} s` }), timeoutMs);
  });
  const answered = lookupHost(host).then(
    (addresses): Resolution => (addresses.length > 0 ? { ok: true, addresses } : { ok: false, slow: false, reason: `${host} does not resolve` }),
    (): Resolution => ({ ok: false, slow: false, reason: `${host} does not resolve` }),
  );
  try {
    return await Promise.race([answered, slow]);
  } finally {
    clearTimeout(timer);
  }
}
