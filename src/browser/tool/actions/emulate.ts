/** emulate: device, color scheme, time zone and locale of the current tab, applied in that order. */
import { KnownDevices } from 'puppeteer-core';
import { messageOf } from '../../../errors.js';
import { isFailure, pickTab, TAB_PARAM } from './common.js';
import { badInput, defineAction, fail } from './define.js';

const DEVICES = Object.keys(KnownDevices) as (keyof typeof KnownDevices)[];

function device(name: string): (typeof KnownDevices)[keyof typeof KnownDevices] | undefined {
  const key = DEVICES.find((d) => d.toLowerCase() === name.trim().toLowerCase());
  return key ? KnownDevices[key] : undefined;
}

export const emulate = defineAction({
  name: 'emulate',
  description: 'Emulate, in this order: a device (puppeteer\'s KnownDevices, e.g. "iPhone 13"), colorScheme, timezoneId, locale. Returns the list applied.',
  params: {
    device: { type: 'string', description: 'device name, e.g. "iPhone 13" or "Pixel 5"' },
    colorScheme: { type: 'string', description: 'prefers-color-scheme', choices: ['light', 'dark', 'no-preference'] },
    timezoneId: { type: 'string', description: 'IANA time zone, e.g. Europe/Berlin' },
    locale: { type: 'string', description: 'BCP 47 locale, e.g. de-DE' },
    tab: TAB_PARAM,
  },
  async run(input, { browser }) {
    const tab = pickTab(browser, input.tab);
    if (isFailure(tab)) return tab;
    if (!input.device && !input.colorScheme && !input.timezoneId && !input.locale) return badInput('emulate needs device, colorScheme, timezoneId or locale');
    const found = input.device ? device(input.device) : undefined;
    if (input.device && !found) return badInput(`unknown device "${input.device}"`, `known devices include ${DEVICES.slice(0, 8).join(', ')}, ...`);
    const applied: string[] = [];
    let trying = '';
    const step = async (name: string, apply: () => Promise<unknown>) => {
      trying = name;
      await apply();
      applied.push(name);
    };
    try {
      if (found) await step('device', () => tab.page.emulate(found));
      if (input.colorScheme) await step('colorScheme', () => tab.page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: input.colorScheme as string }]));
      if (input.timezoneId) await step('timezoneId', () => tab.page.emulateTimezone(input.timezoneId));
      if (input.locale) {
        const locale = input.locale;
        await step('locale', async () => {
          await tab.cdp.send('Emulation.setLocaleOverride', { locale });
          await tab.page.setExtraHTTPHeaders({ 'Accept-Language': locale });
        });
      }
    } catch (error) {
      return { ...fail(`could not apply ${trying}: ${messageOf(error)}`), applied };
    }
    return { ok: true, tab: tab.id, applied };
  },
  render: (result) => `${result.tab}: applied ${result.applied.join(', ')}`,
});
