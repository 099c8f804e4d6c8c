/** `scout doctor`: one line per dependency, ok or fail with a hint. */
import { cdpUrlNote, checkChrome } from '../browser/launch/check.js';
import type { Config } from '../config.js';
import { EXIT } from '../errors.js';
import type { HealthCheck } from '../health.js';
import { createLlm } from '../llm/index.js';
import { chooseSearch } from '../search/index.js';
import { SEARXNG_START } from '../search/searxng.js';
import { writeJson, type Io } from './io.js';

/** The engine scout will search with, and why; with auto, settling for the browser says how to start SearxNG. */
async function searchCheck(config: Config): Promise<HealthCheck> {
  try {
    const choice = await chooseSearch(config);
    const check = await choice.provider.check();
    const why = { ...check, detail: `${check.detail} (${choice.why})` };
    return choice.notice ? { ...why, hint: `for SearxNG: \`${SEARXNG_START}\` in scout's folder, or --searxng-url` } : why;
  } catch (error) {
    return { name: `search (${config.search})`, ok: false, detail: (error as Error).message };
  }
}

export async function runDoctor(config: Config, io: Io, json: boolean): Promise<number> {
  const checks = [...(await Promise.all([checkChrome(config.chrome), createLlm(config).check(), searchCheck(config)])), ...cdpUrlNote(config.cdpUrl)];
  if (json) {
    writeJson(io, { ok: checks.every((c) => c.ok), checks });
  } else {
    for (const check of checks) {
      io.stdout.write(`${check.ok ? 'ok  ' : 'fail'}  ${check.name}: ${check.detail}\n`);
      if (check.hint) io.stdout.write(`      hint: ${check.hint}\n`);
    }
  }
  return checks.every((c) => c.ok) ? EXIT.ok : EXIT.unavailable;
}
