/**
 * Device names for `emulate`: puppeteer's KnownDevices, and the Playwright names
 * puppeteer lacks (the browser tool's spec speaks Playwright: "Desktop Chrome",
 * "Pixel 7"). The Playwright values are copied from microsoft/playwright
 * packages/isomorphic/deviceDescriptorsSource.json, Chromium devices only.
 * Playwright writes its bundled Chromium's version into each user agent; here
 * the running browser's version goes there, so the user agent never claims an
 * engine the page does not get.
 */
import { KnownDevices, type Device } from 'puppeteer-core';

interface Descriptor {
  /** The user agent with `{version}` where the Chrome version goes. */
  ua: string;
  width: number;
  height: number;
  scale: number;
  mobile: boolean;
}

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{version} Safari/537.36';
const android = (model: string, mobile = ' Mobile') => `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{version}${mobile} Safari/537.36`;

const PLAYWRIGHT: Record<string, Descriptor> = {
  'Desktop Chrome': { ua: WINDOWS_CHROME, width: 1280, height: 720, scale: 1, mobile: false },
  'Desktop Chrome HiDPI': { ua: WINDOWS_CHROME, width: 1280, height: 720, scale: 2, mobile: false },
  'Desktop Edge': { ua: `${WINDOWS_CHROME} Edg/{version}`, width: 1280, height: 720, scale: 1, mobile: false },
  'Desktop Edge HiDPI': { ua: `${WINDOWS_CHROME} Edg/{version}`, width: 1280, height: 720, scale: 2, mobile: false },
  'Pixel 7': { ua: android('Pixel 7'), width: 412, height: 839, scale: 2.625, mobile: true },
  'Pixel 7 landscape': { ua: android('Pixel 7'), width: 863, height: 360, scale: 2.625, mobile: true },
  'Pixel 8': { ua: android('Pixel 8'), width: 412, height: 839, scale: 2.625, mobile: true },
  'Pixel 8 landscape': { ua: android('Pixel 8'), width: 863, height: 360, scale: 2.625, mobile: true },
  'Pixel 9': { ua: android('Pixel 9'), width: 360, height: 732, scale: 3, mobile: true },
  'Pixel 9 landscape': { ua: android('Pixel 9'), width: 756, height: 308, scale: 3, mobile: true },
  'Galaxy S24': { ua: android('SM-S921U'), width: 360, height: 780, scale: 3, mobile: true },
  'Galaxy S24 landscape': { ua: android('SM-S921U'), width: 780, height: 360, scale: 3, mobile: true },
  'Galaxy A55': { ua: android('SM-A556B'), width: 480, height: 1040, scale: 2.25, mobile: true },
  'Galaxy A55 landscape': { ua: android('SM-A556B'), width: 1040, height: 480, scale: 2.25, mobile: true },
  'Galaxy Tab S9': { ua: android('SM-X710', ''), width: 640, height: 1024, scale: 2.5, mobile: true },
  'Galaxy Tab S9 landscape': { ua: android('SM-X710', ''), width: 1024, height: 640, scale: 2.5, mobile: true },
};

const PUPPETEER_NAMES = Object.keys(KnownDevices) as (keyof typeof KnownDevices)[];

export const DEVICE_EXAMPLES = ['Desktop Chrome', 'Pixel 7', 'iPhone 15', 'Galaxy S24', 'iPad Pro 11'];

/** The device of that name (any case), with the running Chrome's version in a Playwright user agent; undefined when unknown. */
export function findDevice(name: string, chromeVersion: string): Device | undefined {
  const wanted = name.trim().toLowerCase();
  const known = PUPPETEER_NAMES.find((d) => d.toLowerCase() === wanted);
  if (known) return KnownDevices[known];
  const entry = Object.entries(PLAYWRIGHT).find(([key]) => key.toLowerCase() === wanted)?.[1];
  if (!entry) return undefined;
  return {
    userAgent: entry.ua.replaceAll('{version}', chromeVersion),
    viewport: { width: entry.width, height: entry.height, deviceScaleFactor: entry.scale, isMobile: entry.mobile, hasTouch: entry.mobile, isLandscape: entry.width > entry.height },
  };
}
