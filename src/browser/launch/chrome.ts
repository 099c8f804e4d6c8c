/** Finding a Chrome or Chromium executable and the flags scout always launches it with. */
import { accessSync, constants, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { ScoutError } from '../../errors.js';

const COMMON_PATHS: Record<string, readonly string[]> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/opt/google/chrome/chrome',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
  ],
};

export function installHint(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'install Chrome: `brew install --cask google-chrome`, or pass --chrome <path>';
  if (platform === 'win32') return 'install Chrome: `winget install Google.Chrome`, or pass --chrome <path>';
  return 'install Chromium: `sudo apt-get install -y chromium` (Debian/Ubuntu) or `sudo dnf install chromium` (Fedora), or pass --chrome <path> / set CHROME_PATH';
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/** A Chrome on $PATH (Nix, Homebrew on Linux, a custom prefix), for when no common path has one. */
function onPath(platform: NodeJS.Platform): string | undefined {
  if (platform === 'win32') return undefined;
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of dirs) {
    for (const name of PATH_NAMES) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The Chrome to launch: the explicit path (--chrome, CHROME_PATH or
 * PUPPETEER_EXECUTABLE_PATH, already merged into config), the first common
 * path, or the first Chrome on $PATH.
 */
export function findChrome(explicit: string | undefined, platform: NodeJS.Platform = process.platform): string {
  if (explicit) {
    if (isExecutable(explicit)) return explicit;
    throw new ScoutError('CHROME_NOT_FOUND', `no Chrome executable at ${explicit}`, installHint(platform));
  }
  const found = (COMMON_PATHS[platform] ?? []).find(isExecutable) ?? onPath(platform);
  if (found) return found;
  throw new ScoutError('CHROME_NOT_FOUND', 'no Chrome or Chromium found', installHint(platform));
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Flags for every launch. The background-networking ones keep Chromium quiet on
 * closed networks. With `proxy` (the egress proxy's URL) every request goes
 * through it, loopback included (`<-loopback>` removes Chromium's implicit
 * bypass); those flags come last, so that no extra flag overrides them. WebRTC
 * is kept behind the proxy by the profile (keepWebRtcBehindProxy).
 */
export function chromeArgs(options: { root: boolean; extra?: readonly string[]; proxy?: string }): string[] {
  return [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-blink-features=AutomationControlled',
    '--window-size=1920,1080',
    '--autoplay-policy=user-gesture-required',
    ...(options.root ? ['--no-sandbox'] : []),
    ...(options.extra ?? []),
    ...(options.proxy ? [`--proxy-server=${options.proxy}`, '--proxy-bypass-list=<-loopback>'] : []),
  ];
}

/** The preference Chrome's own WebRTC privacy setting writes (see keepWebRtcBehindProxy). */
export const WEBRTC_PREFERENCES = { webrtc: { ip_handling_policy: 'disable_non_proxied_udp' } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A page may not learn the machine's local or public addresses through WebRTC:
 * the profile gets the preference Chrome's own privacy setting writes,
 * webrtc.ip_handling_policy = disable_non_proxied_udp. RTCPeerConnection stays
 * (sites that use it keep working), but it sends no UDP around the proxy, so it
 * gathers no host candidate (local address, not even as an mDNS name) and asks
 * no STUN server for a server-reflexive one (public address). The switch
 * --force-webrtc-ip-handling-policy had no effect on Chromium 156; this does.
 * The profile's other preferences are kept. (With stealth, its user-preferences
 * plugin rewrites the file at launch; launch.ts hands it the same preference.)
 */
export function keepWebRtcBehindProxy(userDataDir: string): void {
  const file = join(userDataDir, 'Default', 'Preferences');
  let prefs: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isObject(parsed)) prefs = parsed;
  } catch {
    // a new profile, or preferences Chromium could not read either
  }
  prefs.webrtc = { ...(isObject(prefs.webrtc) ? prefs.webrtc : {}), ...WEBRTC_PREFERENCES.webrtc };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(prefs));
}
