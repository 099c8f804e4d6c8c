/** --secret values: filled into forms, and scrubbed from everything scout writes out. */
import { ScoutError } from '../errors.js';

export function parseSecrets(pairs: readonly string[]): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (!/^[A-Za-z][\w-]*$/.test(name) || eq === pair.length - 1) {
      throw new ScoutError('BAD_OPTION', `invalid value for --secret${name ? ` ${name}` : ''}: expected name=value`, 'for example --secret password=hunter2 (the model sees only the name)');
    }
    secrets[name] = pair.slice(eq + 1);
  }
  return secrets;
}

/** A function that replaces every stored secret value in a text with [secret:name]. */
export function redactor(secrets: Readonly<Record<string, string>>): (text: string) => string {
  const entries = Object.entries(secrets)
    .filter(([, value]) => value.length > 0)
    .sort(([, a], [, b]) => b.length - a.length);
  if (entries.length === 0) return (text) => text;
  return (text) => entries.reduce((out, [name, value]) => out.split(value).join(`[secret:${name}]`), text);
}
