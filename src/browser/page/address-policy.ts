/**
 * Which addresses the browser may reach, without DNS: IP literals in every
 * spelling a host can take (decimal, octal and hex IPv4, IPv6 with an IPv4
 * inside: mapped, compatible, NAT64, 6to4), the ranges that name this machine
 * or a private network, and the hosts Chromium calls on its own. Pure: the
 * egress proxy and the page guard both ask it.
 */
import { isIP } from 'node:net';

/** Why an address is refused: the kind of range it lies in. */
export type AddressKind = 'loopback' | 'private' | 'link-local' | 'shared (CGNAT)' | 'unspecified' | 'multicast' | 'reserved' | 'unique local';

interface Range {
  base: number;
  bits: number;
  kind: AddressKind;
}

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const IPV4_REFUSED: readonly Range[] = [
  { base: v4(0, 0, 0, 0), bits: 8, kind: 'unspecified' },
  { base: v4(10, 0, 0, 0), bits: 8, kind: 'private' },
  { base: v4(100, 64, 0, 0), bits: 10, kind: 'shared (CGNAT)' },
  { base: v4(127, 0, 0, 0), bits: 8, kind: 'loopback' },
  // Includes the cloud metadata service at 169.254.169.254.
  { base: v4(169, 254, 0, 0), bits: 16, kind: 'link-local' },
  { base: v4(172, 16, 0, 0), bits: 12, kind: 'private' },
  { base: v4(192, 0, 0, 0), bits: 24, kind: 'reserved' },
  { base: v4(192, 168, 0, 0), bits: 16, kind: 'private' },
  { base: v4(198, 18, 0, 0), bits: 15, kind: 'reserved' },
  { base: v4(224, 0, 0, 0), bits: 4, kind: 'multicast' },
  { base: v4(240, 0, 0, 0), bits: 4, kind: 'reserved' },
];

function inRange(value: number, range: Range): boolean {
  const mask = range.bits === 0 ? 0 : (~0 << (32 - range.bits)) >>> 0;
  return ((value & mask) >>> 0) === range.base;
}

/**
 * An IPv4 literal as inet_aton reads it (and browsers before they normalise):
 * one to four parts, each decimal, octal (leading 0) or hex (0x), the last
 * filling the remaining bytes. "2130706433", "0177.0.0.1" and "0x7f.1" are all
 * 127.0.0.1. Undefined when host is not such a literal.
 */
export function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    const value = /^0x[0-9a-f]*$/i.test(part) ? parseInt(part.slice(2) || '0', 16) : /^0[0-7]*$/.test(part) ? parseInt(part, 8) : /^[1-9][0-9]*$/.test(part) ? Number(part) : NaN;
    if (!Number.isFinite(value)) return undefined;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255) || last >= 2 ** (8 * (4 - values.length))) return undefined;
  return (values.reduce((sum, v, i) => sum + v * 2 ** (8 * (3 - i)), 0) + last) >>> 0;
}

/** The 16 bytes of an IPv6 literal (brackets and a zone allowed), or undefined. */
export function parseIpv6(host: string): number[] | undefined {
  const bare = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return undefined;
  let text = bare.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const value = parseIpv4(dotted[1]) ?? 0;
    text = `${text.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((w) => [w >> 8, w & 255]);
}

const bytesToV4 = (b: readonly number[], at: number) => v4(b[at] ?? 0, b[at + 1] ?? 0, b[at + 2] ?? 0, b[at + 3] ?? 0);
const v4Text = (value: number) => [24, 16, 8, 0].map((s) => (value >>> s) & 255).join('.');
const startsWith = (b: readonly number[], prefix: readonly number[]) => prefix.every((p, i) => b[i] === p);

function ipv4Kind(value: number): AddressKind | undefined {
  return IPV4_REFUSED.find((range) => inRange(value, range))?.kind;
}

/** The IPv4 address an IPv6 one carries (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(b: readonly number[]): number | undefined {
  const zeros = (n: number) => b.slice(0, n).every((x) => x === 0);
  if (zeros(10) && b[10] === 0xff && b[11] === 0xff) return bytesToV4(b, 12); // ::ffff:a.b.c.d
  if (startsWith(b, [0, 0x64, 0xff, 0x9b]) && b.slice(4, 12).every((x) => x === 0)) return bytesToV4(b, 12); // 64:ff9b::/96 NAT64
  if (startsWith(b, [0x20, 0x02])) return bytesToV4(b, 2); // 2002::/16 6to4
  return undefined;
}

function ipv6Kind(b: readonly number[]): AddressKind | undefined {
  if (b.every((x) => x === 0)) return 'unspecified';
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return 'loopback';
  const embedded = embeddedIpv4(b);
  if (embedded !== undefined) return ipv4Kind(embedded);
  const [first = 0, second = 0] = b;
  if (first === 0xff) return 'multicast';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local';
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'private'; // fec0::/10 site-local, deprecated
  if ((first & 0xfe) === 0xfc) return 'unique local';
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, 0, 1])) return 'private'; // 64:ff9b:1::/48 local-use NAT64
  if (startsWith(b, [0x20, 0x01, 0, 0])) return 'reserved'; // Teredo hides an IPv4 address
  if (startsWith(b, [0x01, 0, 0, 0, 0, 0, 0, 0])) return 'reserved'; // 100::/64 discard
  if (first === 0) return 'reserved'; // the rest of ::/8, the deprecated ::a.b.c.d form included
  return undefined;
}

/** A host that is an IP literal in any spelling, written the standard way ("127.0.0.1", "::1"); undefined for a name. */
export function ipLiteral(host: string): string | undefined {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const four = parseIpv4(bare);
  if (four !== undefined) return v4Text(four);
  return parseIpv6(bare) ? bare.toLowerCase().replace(/%.*$/, '') : undefined;
}

/** The kind of refused range an address (an IP literal in any spelling) lies in; undefined for a public address or a name. */
export function refusedKind(address: string): AddressKind | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const four = parseIpv4(bare);
  if (four !== undefined) return ipv4Kind(four);
  const six = parseIpv6(bare);
  return six ? ipv6Kind(six) : undefined;
}

/**
 * Hosts Chromium contacts on its own (updates, time, safe browsing, field
 * trials, sign-in) even with background networking switched off. A page may
 * still ask for one of them; the browser may not.
 */
const BROWSER_SERVICE_HOSTS: readonly RegExp[] = [
  /^update\.googleapis\.com$/,
  /^clients\d*\.google\.com$/,
  /^clientservices\.googleapis\.com$/,
  /^(.+\.)?safebrowsing(-cache)?\.google(apis)?\.com$/,
  /^safebrowsing\./,
  /^sb-ssl\.google\.com$/,
  /^optimizationguide-pa\.googleapis\.com$/,
  /^content-autofill\.googleapis\.com$/,
  /^(.+\.)?gvt[12]\.com$/,
  /^accounts\.google\.com$/,
  /^android\.clients\.google\.com$/,
  /^(www\.)?googleapis\.com$/,
  /^edgedl\.me\.gvt1\.com$/,
  /^redirector\.gvt1\.com$/,
  /^dl\.google\.com$/,
  /^chromesyncpasswords-pa\.googleapis\.com$/,
  /^passwordsleakcheck-pa\.googleapis\.com$/,
  /^chromewebstore\.googleapis\.com$/,
  /^(www\.)?gstatic\.com$/,
  /^connectivitycheck\.gstatic\.com$/,
];

/** True for a host Chromium calls by itself (see BROWSER_SERVICE_HOSTS). */
export function isBrowserServiceHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return BROWSER_SERVICE_HOSTS.some((pattern) => pattern.test(h));
}
