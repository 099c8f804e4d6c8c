/**
 * Secrets bound to a site: `--secret name@https://example.org=value` (or a
 * config entry). The model sees only `secret:name` and the site; the value is
 * filled into a form of that site alone, and scrubbed from everything scout
 * records or shows, in the encodings a URL or JSON would give it too.
 */
import { ScoutError } from '../errors.js';
import type { BoundSecret } from './types.js';

const NAME = /^[A-Za-z][\w-]*$/;
const EXAMPLE = 'for example --secret password@https://example.org=hunter2 (the model sees only the name)';

/** The origin (scheme://host[:port]) of an http(s) URL, or undefined when it is none. */
export function secretOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Is this a valid secret name (what the model writes after `secret:`)? */
export function isSecretName(name: string): boolean {
  return NAME.test(name);
}

export function parseSecrets(pairs: readonly string[]): Record<string, BoundSecret> {
  const secrets: Record<string, BoundSecret> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    const at = key.indexOf('@');
    const name = at >= 0 ? key.slice(0, at) : key;
    if (!isSecretName(name) || eq === pair.length - 1) {
      throw new ScoutError('BAD_OPTION', `invalid value for --secret${isSecretName(name) ? ` ${name}` : ''}: expected name@https://site=value`, EXAMPLE);
    }
    if (at < 0) {
      throw new ScoutError('BAD_OPTION', `--secret ${name} names no site: a secret is filled only into forms of the site it belongs to`, `write --secret ${name}@https://example.org=… with the address of the site's login page`);
    }
    const origin = secretOrigin(key.slice(at + 1));
    if (!origin) throw new ScoutError('BAD_OPTION', `invalid site for --secret ${name}: expected an http(s) address such as https://example.org`, EXAMPLE);
    secrets[name] = { origin, value: pair.slice(eq + 1) };
  }
  return secrets;
}

/**
 * The secrets, printed as JSON (`scout config`, --dry-run) with each value as ***:
 * the toJSON is not enumerable, so it is neither a secret nor copied by a spread.
 */
export function maskedInJson(secrets: Record<string, BoundSecret>): Record<string, BoundSecret> {
  const masked = () => Object.fromEntries(Object.entries(secrets).map(([name, s]) => [name, { origin: s.origin, value: '***' }]));
  return Object.defineProperty(secrets, 'toJSON', { value: masked, enumerable: false });
}

/** The forms a value takes in what scout records: as typed, in a URL (path or query) and inside JSON. */
function encodings(value: string): string[] {
  const query = new URLSearchParams({ v: value }).toString().slice(2);
  return [value, encodeURIComponent(value), encodeURI(value), query, JSON.stringify(value).slice(1, -1)];
}

/** A function that replaces every stored secret value in a text, in any of its encodings, with [secret:name]. */
export function redactor(secrets: Readonly<Record<string, BoundSecret>>): (text: string) => string {
  const entries = Object.entries(secrets)
    .filter(([, secret]) => secret.value.length > 0)
    .flatMap(([name, secret]) => [...new Set(encodings(secret.value))].map((form) => [name, form] as const))
    .sort(([, a], [, b]) => b.length - a.length);
  if (entries.length === 0) return (text) => text;
  return (text) => entries.reduce((out, [name, form]) => out.split(form).join(`[secret:${name}]`), text);
}
