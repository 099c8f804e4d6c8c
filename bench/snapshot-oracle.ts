/**
 * What a snapshot should show, computed apart from either tool: the page's
 * visible controls (with the role and name Chromium gives them) and its first
 * visible h1, read in a plain Chromium of our own; and a snapshot's ref lines
 * matched against them. Used by bench/snapshot-vs-playwright.ts.
 */
import puppeteer, { type Browser } from 'puppeteer-core';

export interface Control {
  role: string;
  name: string;
}

export interface PageTruth {
  controls: Control[];
  /** The first visible h1's text, '' when the page has none. */
  h1: string;
}

/**
 * Visible controls: links, buttons, form fields and elements with a control role, enabled, with a
 * non-zero box, not hidden by CSS and not inside a box of no area that clips its overflow. aria-hidden is removed first (in this copy of the page only):
 * what is on screen counts, and Chromium then names the controls inside such containers. So is
 * content-visibility: auto, under which Chromium leaves off-screen content unrendered and unnamed
 * (a person scrolling there sees it).
 */
const MARK_CONTROLS = `(() => {
  for (const el of document.querySelectorAll('[aria-hidden]')) el.removeAttribute('aria-hidden');
  const style = document.createElement('style');
  style.textContent = '* { content-visibility: visible !important; }';
  (document.head ?? document.documentElement).append(style);
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [contenteditable=""], [contenteditable=true], ' +
    ['button', 'link', 'checkbox', 'radio', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'switch', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'option', 'treeitem'].map((r) => '[role=' + r + ']').join(', ');
  // An ancestor with no area that clips its overflow (a collapsed menu or search drawer) hides what it
  // contains, unless the element is laid out against a containing block outside it (position: absolute
  // or fixed escaping it).
  const clippedAway = (el) => {
    let need = getComputedStyle(el).position;
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      const holds = need === 'absolute' ? s.position !== 'static' || s.transform !== 'none' : need === 'fixed' ? s.transform !== 'none' : true;
      if (!holds) continue;
      const box = a.getBoundingClientRect();
      if ((box.width === 0 || box.height === 0) && s.overflow !== 'visible' && s.overflow !== 'visible visible') return true;
      need = s.position === 'absolute' || s.position === 'fixed' ? s.position : 'static';
    }
    return false;
  };
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true }) && !clippedAway(el);
  };
  let n = 0;
  for (const el of document.querySelectorAll(selector)) {
    if (el.matches(':disabled') || el.closest('[aria-disabled=true]') || !visible(el)) continue;
    el.setAttribute('data-bench-control', String(n++));
  }
  const h1 = [...document.querySelectorAll('h1')].find(visible);
  return (h1?.innerText ?? '').replace(/\\s+/g, ' ').trim();
})()`;

export class Oracle {
  private constructor(private readonly browser: Browser) {}

  static async launch(executablePath: string): Promise<Oracle> {
    const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox'], defaultViewport: { width: 1920, height: 1080 }, protocolTimeout: 60_000 });
    return new Oracle(browser);
  }

  async truth(url: string): Promise<PageTruth> {
    const page = await this.browser.newPage();
    try {
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
      const h1 = (await page.evaluate(MARK_CONTROLS)) as string;
      const cdp = await page.createCDPSession();
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-bench-control]' });
      const controls: Control[] = [];
      for (const nodeId of nodeIds) {
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
        const node = nodes[0];
        controls.push({ role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? '') });
      }
      return { controls, h1 };
    } finally {
      await page.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

const PREFIX = 20;

/** A name compared without spacing (tools differ on where text runs meet), case aside, on its first 40 characters. */
const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase().replace(/…$/, '').slice(0, 40);

/** `- role "name" ... [ref=...]` lines of a snapshot (scout's and Playwright MCP's share this shape). */
export function refLines(snapshot: string): Control[] {
  const out: Control[] = [];
  for (const line of snapshot.split('\n')) {
    if (!/\[ref=[^\]]+\]/.test(line)) continue;
    const m = /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (m) out.push({ role: m[1]!, name: (m[2] ?? '').replace(/\\(.)/g, '$1') });
  }
  return out;
}

/** How many of the controls have a ref line of the same role and name (else the same non-empty name), each line used once. */
export function controlsWithRef(controls: readonly Control[], snapshot: string): number {
  return controls.length - missedControls(controls, snapshot).length;
}

/**
 * The controls without a ref line of their own, each line used once: matched by role and name,
 * else by the same non-empty name (the tools differ on roles), else an unnamed control by role
 * alone (Chromium leaves a link holding only an image unnamed where the tools name it by the image),
 * else by role and the first PREFIX characters of a long name.
 */
export function missedControls(controls: readonly Control[], snapshot: string): Control[] {
  const lines = refLines(snapshot);
  const used = new Set<number>();
  const index = (key: (l: Control) => string) => {
    const map = new Map<string, number[]>();
    lines.forEach((l, i) => map.set(key(l), [...(map.get(key(l)) ?? []), i]));
    return (k: string) => {
      const free = (map.get(k) ?? []).find((i) => !used.has(i));
      if (free === undefined) return false;
      used.add(free);
      return true;
    };
  };
  const passes = [
    { take: index((l) => `${l.role}|${norm(l.name)}`), key: (c: Control) => `${c.role}|${norm(c.name)}` },
    { take: index((l) => norm(l.name)), key: (c: Control) => (norm(c.name) === '' ? undefined : norm(c.name)) },
    { take: index((l) => l.role), key: (c: Control) => (norm(c.name) === '' ? c.role : undefined) },
    // A long name the page changed between the two reads (a counter, a rotating item) still starts the same.
    { take: index((l) => `${l.role}|${norm(l.name).slice(0, PREFIX)}`), key: (c: Control) => (norm(c.name).length >= PREFIX ? `${c.role}|${norm(c.name).slice(0, PREFIX)}` : undefined) },
  ];
  let missed = [...controls];
  for (const pass of passes) {
    missed = missed.filter((c) => {
      const key = pass.key(c);
      return key === undefined || !pass.take(key);
    });
  }
  return missed;
}

/** Whether the h1's text (its first 40 characters, case and spacing aside) appears in the snapshot (spacing aside too). */
export function headingKept(h1: string, snapshot: string): boolean {
  const flat = snapshot.replace(/\\(.)/g, '$1').replace(/\s+/g, '').toLowerCase();
  return flat.includes(norm(h1));
}
