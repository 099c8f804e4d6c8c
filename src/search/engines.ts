/**
 * The search engines whose public result pages scout reads through the
 * browser, where each one lives, and the list a config names them in.
 */

export const BROWSER_ENGINES = ['duckduckgo', 'mojeek', 'bing', 'brave'] as const;
export type BrowserEngineName = (typeof BROWSER_ENGINES)[number];

export interface BrowserEngine {
  name: BrowserEngineName;
  /** scheme://host[:port] and an optional path prefix, without a trailing slash. */
  url: string;
}

/** DuckDuckGo's HTML endpoint needs no JavaScript; Brave's page is rendered on its server. */
const HOMES: Record<BrowserEngineName, string> = {
  duckduckgo: 'https://html.duckduckgo.com',
  mojeek: 'https://www.mojeek.com',
  bing: 'https://www.bing.com',
  brave: 'https://search.brave.com',
};

export const DEFAULT_BROWSER_ENGINES: readonly BrowserEngine[] = BROWSER_ENGINES.map((name) => ({ name, url: HOMES[name] }));

const isEngine = (name: string): name is BrowserEngineName => (BROWSER_ENGINES as readonly string[]).includes(name);

function baseUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * "duckduckgo,bing" or "mojeek=http://127.0.0.1:8001,brave": the engines to
 * ask, in order, each at the URL given or at its public one. A string is what
 * was expected instead, for the error message.
 */
export function parseEngineList(text: string): BrowserEngine[] | string {
  const expected = `a comma-separated list of ${BROWSER_ENGINES.join(', ')}, each optionally name=http(s)://base-url`;
  const engines: BrowserEngine[] = [];
  for (const item of text.split(',').map((s) => s.trim())) {
    const [name = '', ...rest] = item.split('=');
    const raw = rest.join('=').trim();
    const key = name.trim().toLowerCase();
    if (!isEngine(key) || engines.some((e) => e.name === key)) return expected;
    const url = raw === '' ? HOMES[key] : baseUrl(raw);
    if (!url) return expected;
    engines.push({ name: key, url });
  }
  return engines;
}

/** The address of a query's first result page: what a person's browser asks for. */
export function resultPageUrl(engine: BrowserEngine, query: string): string {
  const q = new URLSearchParams({ q: query });
  switch (engine.name) {
    case 'duckduckgo':
      return `${engine.url}/html/?${q}`;
    case 'brave':
      return `${engine.url}/search?${q}&source=web`;
    default:
      return `${engine.url}/search?${q}`;
  }
}
