/** emulate: device, color scheme, time zone and locale of a tab, applied in that order and checked in the page. */
import { messageOf } from '../../../errors.js';
import { capture, refuseWhileRecovering } from '../capture.js';
import { DEVICE_EXAMPLES, findDevice } from '../devices.js';
import { applyLocale, knownLocale, knownTimeZone } from '../locale.js';
import type { ToolTab } from '../tool-browser.js';
import { isFailure, pickTab, TAB_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

/** What the page itself reports once the emulation is in place. */
interface Effective {
  dark: boolean;
  timeZone: string;
  locale: string;
  language: string;
  languages: string[];
  width: number;
}

const PROBE = `({
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  locale: Intl.DateTimeFormat().resolvedOptions().locale,
  language: navigator.language,
  languages: [...navigator.languages],
  width: innerWidth,
})`;

async function chromeVersion(tab: ToolTab): Promise<string> {
  return /\/([\d.]+)/.exec(await tab.page.browser().version())?.[1] ?? '0.0.0.0';
}

/** A time zone or locale the page does not show was not applied, whatever Chrome answered. */
function mismatch(effective: Effective, timeZone: string | undefined, locale: string | undefined): string | undefined {
  if (timeZone && effective.timeZone !== timeZone) return `the page still reports the time zone ${effective.timeZone}, not ${timeZone}`;
  if (locale && effective.language !== locale) return `the page still reports the language ${effective.language}, not ${locale}`;
  return undefined;
}

export const emulate = defineAction({
  name: 'emulate',
  description:
    'Emulate, in this order: a device (Playwright\'s names such as "Desktop Chrome" or "Pixel 7", or puppeteer\'s such as "iPhone 15"), ' +
    'colorScheme ("none" clears it), timezoneId (IANA), locale (BCP 47; also navigator.language(s) and Accept-Language). Returns the list applied and what the page now reports.',
  params: {
    device: { type: 'string', description: `device name, e.g. ${DEVICE_EXAMPLES.map((d) => `"${d}"`).join(', ')}` },
    colorScheme: { type: 'string', description: 'prefers-color-scheme; none clears the emulation', choices: ['light', 'dark', 'no-preference', 'none'] },
    timezoneId: { type: 'string', description: 'IANA time zone, e.g. Europe/Berlin' },
    locale: { type: 'string', description: 'BCP 47 locale, e.g. de-DE' },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    if (!input.device && !input.colorScheme && !input.timezoneId && !input.locale) return badInput('emulate needs device, colorScheme, timezoneId or locale');
    const device = input.device ? findDevice(input.device, await chromeVersion(tab)) : undefined;
    if (input.device && !device) return badInput(`unknown device "${input.device}"`, `device names include ${DEVICE_EXAMPLES.join(', ')}`);
    const timeZone = input.timezoneId ? knownTimeZone(input.timezoneId) : undefined;
    if (input.timezoneId && !timeZone) return badInput(`unknown time zone "${input.timezoneId}"`, 'give an IANA name such as Europe/Berlin or America/New_York');
    const locale = input.locale ? knownLocale(input.locale) : undefined;
    if (input.locale && !locale) return badInput(`unknown locale "${input.locale}"`, 'give a BCP 47 locale of a known language, such as de-DE or pt-BR');
    if (device) refuseWhileRecovering(tab);
    const applied: string[] = [];
    let trying = '';
    const step = async (name: string, apply: () => Promise<unknown>) => {
      trying = name;
      await apply();
      applied.push(name);
    };
    try {
      if (device) await step('device', () => capture(tab, 'resize', () => tab.page.emulate(device)));
      if (input.colorScheme) {
        const value = input.colorScheme === 'none' ? '' : input.colorScheme;
        await step('colorScheme', () => tab.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value }]));
      }
      if (timeZone) await step('timezoneId', () => tab.page.emulateTimezone(timeZone));
      if (locale) await step('locale', () => applyLocale(tab, locale));
    } catch (error) {
      return { ...fail(`could not apply ${trying}: ${messageOf(error)}`), applied };
    }
    const effective = await capture(tab, 'emulation check', () => tab.page.evaluate(PROBE) as Promise<Effective>);
    const wrong = mismatch(effective, timeZone, locale);
    if (wrong) return { ...fail(wrong), applied };
    return { ok: true, tab: tab.id, applied, effective };
  },
  render: (result) => {
    const e = result.effective;
    return `${result.tab}: applied ${result.applied.join(', ')}\npage reports: ${e.width}px wide, ${e.dark ? 'dark' : 'light'} scheme, ${e.timeZone}, ${e.locale}, navigator.languages ${e.languages.join(',')}`;
  },
});
