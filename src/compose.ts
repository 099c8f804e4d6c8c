/**
 * The outside world of a research run, built from the config: the one
 * composition root, shared by the CLI and the MCP server. The browser and the
 * page reader are imported as the run starts, while the model rewrites the question.
 */
import type { ResearchDeps } from './agent/types.js';
import type { Config } from './config.js';
import { createLlm } from './llm/index.js';
import { createSearch } from './search/index.js';
import type { Tracer } from './trace.js';

export function researchDeps(config: Config, trace: Tracer, onWarning: (message: string) => void): ResearchDeps {
  return {
    llm: createLlm(config, { tracer: trace, onWarning }),
    search: createSearch(config, { tracer: trace, onWarning }),
    openBrowser: async () => (await import('./browser/session/research-browser.js')).openResearchBrowser(config, trace),
  };
}
