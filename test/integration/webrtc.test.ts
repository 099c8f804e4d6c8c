/**
 * WebRTC may not reveal the machine's addresses to a page. A page on loopback
 * opens an RTCPeerConnection with a data channel, makes an offer and gathers
 * ICE candidates, with a STUN server of the test's own on the machine's
 * network address; in Chromium as scout launches it (stealth or not, through
 * the egress proxy) no host candidate (local address, not even an mDNS name)
 * and no server-reflexive one (public address) appear, and no STUN request
 * leaves. The same page in a Chromium without the policy shows both, so the
 * check does see a leak.
 */
import { createSocket, type Socket } from 'node:dgram';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromeArgs, findChrome, isRoot, keepWebRtcBehindProxy } from '../../src/browser/launch/chrome.js';
import { launchBrowser } from '../../src/browser/launch/launch.js';
import { listen, type Listening } from '../support/listen.js';
import { removeTempDirs, tempDir } from '../support/temp.js';

afterAll(removeTempDirs);

/** Every address of this machine, loopback aside: what a page must not learn. */
const MACHINE = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal).map((a) => a.address);
const STUN_HOST = Object.values(networkInterfaces()).flatMap((list) => list ?? []).find((a) => !a.internal && a.family === 'IPv4')?.address ?? '127.0.0.1';

interface Stun {
  port: number;
  requests: string[];
  close(): void;
}

/** A STUN server answering Binding requests (RFC 5389) with the sender's address as XOR-MAPPED-ADDRESS. */
function startStun(host: string): Promise<Stun> {
  const socket: Socket = createSocket('udp4');
  const requests: string[] = [];
  socket.on('message', (message, from) => {
    if (message.length < 20 || message.readUInt16BE(0) !== 0x0001) return;
    requests.push(`${from.address}:${from.port}`);
    const answer = Buffer.alloc(32);
    answer.writeUInt16BE(0x0101, 0);
    answer.writeUInt16BE(12, 2);
    message.copy(answer, 4, 4, 20);
    answer.writeUInt16BE(0x0020, 20);
    answer.writeUInt16BE(8, 22);
    answer.writeUInt16BE(0x0001, 24);
    answer.writeUInt16BE(from.port ^ 0x2112, 26);
    from.address.split('.').forEach((part, i) => answer.writeUInt8(Number(part) ^ [0x21, 0x12, 0xa4, 0x42][i]!, 28 + i));
    socket.send(answer, from.port, from.address);
  });
  return new Promise((resolve) => socket.bind(0, host, () => resolve({ port: socket.address().port, requests, close: () => socket.close() })));
}

const PAGE = `<!doctype html><title>Video call</title><script>
window.gather = async (stun) => {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: stun }] });
  pc.createDataChannel('chat');
  const candidates = [];
  const complete = new Promise((resolve) => {
    pc.onicecandidate = (e) => (e.candidate ? candidates.push(e.candidate.candidate) : resolve());
    setTimeout(resolve, 5000);
  });
  await pc.setLocalDescription(await pc.createOffer());
  await complete;
  const sdp = pc.localDescription.sdp;
  pc.close();
  return { candidates, sdp };
};</script><p>Call</p>`;

let web: Listening;
let stun: Stun;
beforeAll(async () => {
  web = await listen((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  stun = await startStun(STUN_HOST);
});
afterAll(async () => {
  stun?.close();
  await web?.close();
});

async function gather(browser: Browser): Promise<{ candidates: string[]; sdp: string }> {
  const page = await browser.newPage();
  await page.goto(web.url, { waitUntil: 'load' });
  return page.evaluate((url) => (window as unknown as { gather(u: string): Promise<{ candidates: string[]; sdp: string }> }).gather(url), `stun:${STUN_HOST}:${stun.port}`);
}

const revealing = (text: string) => MACHINE.filter((address) => text.includes(address));

describe('WebRTC in the Chromium scout launches', () => {
  for (const stealth of [true, false]) {
    it(`gathers no host or server-reflexive candidate and sends no STUN request (stealth ${stealth ? 'on' : 'off'})`, async () => {
      const launched = await launchBrowser({ headful: false, stealth, allowPrivateNetwork: true });
      try {
        stun.requests.length = 0;
        const { candidates, sdp } = await gather(launched.browser);
        // WebRTC itself still works for the page: an offer with its data channel.
        expect(sdp).toContain('m=application');
        expect(candidates).toEqual([]);
        expect(revealing(sdp)).toEqual([]);
        expect(sdp).not.toMatch(/\.local\b/);
        expect(stun.requests).toEqual([]);
      } finally {
        await launched.close();
      }
    });
  }

  it('the check sees a leak: the same page in a Chromium without the policy shows the machine\'s address', async () => {
    const profile = tempDir('scout-webrtc-control-');
    const browser = await puppeteer.launch({ executablePath: findChrome(undefined), headless: true, userDataDir: profile, args: chromeArgs({ root: isRoot() }) });
    try {
      stun.requests.length = 0;
      const { candidates } = await gather(browser);
      expect(candidates.some((c) => / typ host /.test(c))).toBe(true);
      if (STUN_HOST !== '127.0.0.1') {
        expect(candidates.some((c) => / typ srflx /.test(c) && c.includes(STUN_HOST))).toBe(true);
        expect(stun.requests.length).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
  });

  it('a persistent profile keeps its other preferences when the policy is set', () => {
    const profile = tempDir('scout-webrtc-profile-');
    mkdirSync(join(profile, 'Default'));
    writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ homepage: 'https://example.org/', webrtc: { ip_handling_policy: 'default', multiple_routes_enabled: true } }));
    keepWebRtcBehindProxy(profile);
    expect(JSON.parse(readFileSync(join(profile, 'Default', 'Preferences'), 'utf8'))).toEqual({
      homepage: 'https://example.org/',
      webrtc: { ip_handling_policy: 'disable_non_proxied_udp', multiple_routes_enabled: true },
    });
  });
});
