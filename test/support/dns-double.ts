/**
 * A DNS server of the tests' own, on 127.0.0.1 (UDP, random port): A and AAAA
 * answers per name, an optional delay, and a sequence of answers per name and
 * type for rebinding (the last answer repeats). Unknown names get NXDOMAIN.
 * scout is pointed at it with SCOUT_DNS_SERVER (a test-only switch).
 */
import { createSocket, type RemoteInfo } from 'node:dgram';
import { parseIpv4, parseIpv6 } from '../../src/browser/page/address-policy.js';

export interface DnsEntry {
  /** Answers in turn, per query type; each is a list of addresses (IPv4 and IPv6 mixed). */
  answers: string[][];
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface DnsQuery {
  name: string;
  type: 'A' | 'AAAA' | number;
}

export interface DnsDouble {
  /** 127.0.0.1:<port>, for SCOUT_DNS_SERVER. */
  server: string;
  queries: DnsQuery[];
  set(name: string, entry: DnsEntry | string): void;
  close(): Promise<void>;
}

const A = 1;
const AAAA = 28;

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = start;
  for (let length = message[at] ?? 0; length > 0; length = message[at] ?? 0) {
    labels.push(message.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function record(type: number, address: string): Buffer | undefined {
  const v4 = type === A ? parseIpv4(address) : undefined;
  const data = v4 !== undefined ? Buffer.from([v4 >>> 24, (v4 >>> 16) & 255, (v4 >>> 8) & 255, v4 & 255]) : type === AAAA && address.includes(':') ? Buffer.from(parseIpv6(address) ?? []) : undefined;
  if (!data || data.length === 0) return undefined;
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(0, 6); // TTL 0: nothing may cache it
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

export async function startDnsDouble(names: Record<string, DnsEntry | string> = {}): Promise<DnsDouble> {
  const entries = new Map<string, DnsEntry>();
  const turns = new Map<string, number>();
  const set = (name: string, entry: DnsEntry | string) => entries.set(name.toLowerCase(), typeof entry === 'string' ? { answers: [[entry]] } : entry);
  for (const [name, entry] of Object.entries(names)) set(name, entry);
  const queries: DnsQuery[] = [];
  const socket = createSocket('udp4');

  const answer = (message: Buffer, peer: RemoteInfo) => {
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    queries.push({ name, type: type === A ? 'A' : type === AAAA ? 'AAAA' : type });
    const entry = entries.get(name);
    const key = `${name}/${type}`;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    const addresses = entry ? (entry.answers[Math.min(turn, entry.answers.length - 1)] ?? []) : [];
    const records = addresses.map((a) => record(type, a)).filter((r): r is Buffer => r !== undefined);
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2); // a response, recursion available; NXDOMAIN for unknown names
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(records.length, 6);
    const reply = Buffer.concat([header, message.subarray(12, end + 4), ...records]);
    setTimeout(() => socket.send(reply, peer.port, peer.address), entry?.delayMs ?? 0);
  };
  socket.on('message', (message, peer) => {
    try {
      answer(message, peer);
    } catch {
      // a malformed query: no answer, as a real server might
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries,
    set,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
