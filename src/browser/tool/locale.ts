/**
 * `emulate` locale: Intl (Emulation.setLocaleOverride), the Accept-Language
 * header, and navigator.language / navigator.languages, which the stealth
 * evasions pin to en-US. The getters are swapped the way the stealth evasions
 * swap them (a Proxy over the native getter, whose toString still reads
 * native), so a page sees one consistent language everywhere.
 */
import type { ToolTab } from './tool-browser.js';

/** The locale's canonical form, or undefined when it is malformed or names no language this ICU knows. */
export function knownLocale(locale: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim());
    return canonical && Intl.DateTimeFormat.supportedLocalesOf([canonical]).length > 0 ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** The IANA time zone's canonical name (US/Pacific -> America/Los_Angeles), or undefined when unknown. */
export function knownTimeZone(id: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: id.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** de-DE -> [de-DE, de]; de -> [de]. */
export function languagesOf(locale: string): string[] {
  const base = locale.split('-')[0] ?? locale;
  return base === locale ? [locale] : [locale, base];
}

/** Accept-Language as Chrome writes it: de-DE,de;q=0.9. */
export const acceptLanguage = (languages: string[]): string => languages.map((l, i) => (i === 0 ? l : `${l};q=${(1 - i / 10).toFixed(1)}`)).join(',');

const SWAP_LANGUAGES = `(languages) => {
  const proto = Object.getPrototypeOf(navigator);
  const toString = Function.prototype.toString;
  const shown = new Map();
  const swap = (name, value) => {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || !descriptor.get) return;
    const getter = new Proxy(descriptor.get, { apply: () => value });
    shown.set(getter, toString.call(descriptor.get));
    Object.defineProperty(proto, name, { ...descriptor, get: getter });
  };
  swap('language', languages[0]);
  swap('languages', Object.freeze([...languages]));
  Function.prototype.toString = new Proxy(toString, {
    apply: (target, self, args) => (shown.has(self) ? shown.get(self) : Reflect.apply(target, self, args)),
  });
}`;

/** The new-document script each tab has for its locale, replaced when the locale changes again. */
const scripts = new WeakMap<ToolTab, string>();

export async function applyLocale(tab: ToolTab, locale: string): Promise<void> {
  const languages = languagesOf(locale);
  await tab.cdp.send('Emulation.setLocaleOverride', { locale });
  await tab.page.setExtraHTTPHeaders({ 'Accept-Language': acceptLanguage(languages) });
  const previous = scripts.get(tab);
  if (previous) await tab.page.removeScriptToEvaluateOnNewDocument(previous);
  const { identifier } = await tab.page.evaluateOnNewDocument(`(${SWAP_LANGUAGES})(${JSON.stringify(languages)})`);
  scripts.set(tab, identifier);
  await tab.page.evaluate(`(${SWAP_LANGUAGES})(${JSON.stringify(languages)})`);
}
