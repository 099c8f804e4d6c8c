/** Rendering accessibility trees as snapshot lines, and the ref registry behind them. */
import { describe, expect, it } from 'vitest';
import type { AxNode } from '../../src/browser/tool/ax-tree.js';
import { RefRegistry } from '../../src/browser/tool/refs.js';
import { renderSnapshot, shortUrl } from '../../src/browser/tool/snapshot.js';

let nextId = 100;
function n(role: string, name = '', children: AxNode[] = [], extra: Partial<AxNode> = {}): AxNode {
  return { role, name, ignored: false, value: '', properties: {}, backendNodeId: nextId++, children, ...extra };
}
const text = (t: string) => n('StaticText', t, [n('InlineTextBox', t)]);
const link = (name: string, url: string) => n('link', name, [text(name)], { url });

function page(): AxNode {
  return n(
    'RootWebArea',
    'Shop',
    [
      n('banner', '', [n('navigation', 'Site', [link('Home', 'https://shop.test/'), link('Cart', 'https://shop.test/cart?x=1'), link('Ferries', 'https://ferries.test/')])]),
      n('generic', '', [
        n('main', '', [
          n('heading', 'Towers', [text('Towers')], { properties: { level: 1 } }),
          n('paragraph', '', [text('Models of famous towers.')]),
          n('none', '', [n('textbox', 'Email', [], { value: 'ada@example.org' })], { ignored: true }),
          n('checkbox', 'Gift wrap', [], { properties: { checked: 'true' } }),
          n('button', 'Sold out', [text('Sold out')], { properties: { disabled: true } }),
          n('combobox', 'City', [n('MenuListPopup', '', [n('option', 'Paris', [], { properties: { selected: true } }), n('option', 'Berlin')])], { value: 'Paris' }),
        ]),
      ]),
    ],
    { url: 'https://shop.test/towers' },
  );
}

const FULL = [
  '- banner [ref=e1]',
  '  - navigation "Site" [ref=e2]',
  '    - link "Home" [ref=e3] → /',
  '    - link "Cart" [ref=e4] → /cart?x=1',
  '    - link "Ferries" [ref=e5] → https://ferries.test/',
  '- main [ref=e6]',
  '  - heading "Towers" [level=1] [ref=e7]',
  '  - paragraph: Models of famous towers.',
  '  - textbox "Email" [ref=e8]: ada@example.org',
  '  - checkbox "Gift wrap" [checked] [ref=e9]',
  '  - button "Sold out" [disabled]',
  '  - combobox "City" [ref=e10]: Paris',
  '    - option "Paris" [selected]',
  '    - option "Berlin"',
];

describe('renderSnapshot', () => {
  it('renders Playwright-style lines with refs on controls, sections and named content, and links with their target', () => {
    const refs = new RefRegistry();
    refs.sync('doc-1');
    const snap = renderSnapshot(page(), refs, { mode: 'full' });
    expect(snap.text).toBe(FULL.join('\n'));
    expect(snap).toMatchObject({ refs: 10, truncated: false, sourceTruncated: false, leftOut: 0 });
    expect(snap.matches).toBeUndefined();
  });

  it('efficient mode keeps controls and headings, however deep', () => {
    let deep = n('link', 'Level 12', [], { url: 'https://shop.test/12' });
    for (let level = 11; level >= 1; level--) deep = n('generic', '', [n('list', '', [n('listitem', '', [deep])])]);
    const root = n('RootWebArea', '', [...page().children, deep], { url: 'https://shop.test/' });
    const snap = renderSnapshot(root, new RefRegistry(), { mode: 'efficient' });
    expect(snap.text.split('\n')).toEqual([
      '- link "Home" [ref=e1] → /',
      '- link "Cart" [ref=e2] → /cart?x=1',
      '- link "Ferries" [ref=e3] → https://ferries.test/',
      '- heading "Towers" [level=1] [ref=e4]',
      '- textbox "Email" [ref=e5]: ada@example.org',
      '- checkbox "Gift wrap" [checked] [ref=e6]',
      '- button "Sold out" [disabled]',
      '- combobox "City" [ref=e7]: Paris',
      '  - option "Paris" [selected]',
      '  - option "Berlin"',
      '- link "Level 12" [ref=e8] → /12',
    ]);
    expect(snap.sourceTruncated).toBe(false);
  });

  it('joins runs of text and inline formatting into one line (a code sample is not one line per token)', () => {
    const code = n('code', '', ['const', ' ', 'x', ' = ', '1', ';'].map((t) => n('generic', '', [text(t)])));
    const root = n('RootWebArea', '', [
      n('paragraph', '', [text('On the '), n('strong', '', [text('Help')]), text('menu, click '), n('emphasis', '', [text('Loft')]), text('.')]),
      n('paragraph', '', [text('Run '), link('this', 'https://x.test/a'), text(' now.')]),
      n('generic', '', [code]),
    ]);
    expect(renderSnapshot(root, new RefRegistry(), { mode: 'full' }).text.split('\n')).toEqual([
      '- paragraph: On the Help menu, click Loft.',
      '- paragraph',
      '  - text: Run',
      '  - link "this" [ref=e1] → https://x.test/a',
      '  - text: now.',
      '- text: const x = 1;',
    ]);
  });

  it('leaves out zero-size elements, and shows what was read from the DOM (aria-hidden content) with refs', () => {
    const refs = new RefRegistry();
    const root = n('RootWebArea', '', [
      n('link', 'Skip to content', [], { zeroSize: true }),
      n('heading', 'Wool Runners', [], { properties: { level: 1 }, dom: true }),
    ]);
    expect(renderSnapshot(root, refs, { mode: 'full' }).text).toBe('- heading "Wool Runners" [level=1] [ref=e1]');
    expect(refs.get('e1')).toMatchObject({ role: 'heading', name: 'Wool Runners', dom: true });
  });

  it('query matches what an element is (role, name, text, target), never the ref markup, and counts the matches', () => {
    const snap = renderSnapshot(page(), new RefRegistry(), { mode: 'full', query: 'LINK  c' });
    expect(snap.text).toBe('    - link "Cart" [ref=e4] → /cart?x=1');
    expect(snap).toMatchObject({ matches: 1, refs: 1 });
    for (const markup of ['ref', 'ref=e4', 'e4', '[', '- ']) expect(renderSnapshot(page(), new RefRegistry(), { mode: 'full', query: markup }).matches).toBe(0);
    expect(renderSnapshot(page(), new RefRegistry(), { mode: 'full', query: 'ferries.test' }).text).toBe('    - link "Ferries" [ref=e5] → https://ferries.test/');
    expect(renderSnapshot(page(), new RefRegistry(), { mode: 'full', query: 'famous' }).text).toBe('  - paragraph: Models of famous towers.');
  });

  it('never cuts inside a line or a ref tag, whatever maxChars, and says what it left out', () => {
    const whole = FULL.join('\n');
    const compact = FULL.map((l) => l.replace(/ → \S+$/, ''));
    for (let maxChars = 1; maxChars <= whole.length + 1; maxChars++) {
      const snap = renderSnapshot(page(), new RefRegistry(), { mode: 'full', maxChars });
      expect(snap.text.length).toBeLessThanOrEqual(maxChars);
      if (snap.text === whole) continue;
      const lines = snap.text.split('\n').filter(Boolean);
      const noteAt = lines.findIndex((l) => l.startsWith('['));
      const shown = noteAt < 0 ? lines : lines.slice(0, noteAt);
      // Each line shown is whole (its link target aside), in the page's order.
      let at = 0;
      for (const line of shown) {
        while (at < FULL.length && line !== FULL[at] && line !== compact[at]) at++;
        expect(at).toBeLessThan(FULL.length);
        at++;
      }
      if (snap.text) expect(lines[noteAt]).toMatch(/^\[(to fit \d+ chars, left out: |\d+ more lines? )/);
      expect(snap.leftOut).toBe(FULL.length - shown.length);
    }
  });

  it('gives controls the first claim on the budget: link targets, then text, go before any ref line, and the note says so', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => n('paragraph', '', [text(`Paragraph ${i} of a long article about towers and their keepers.`)]));
    const links = Array.from({ length: 30 }, (_, i) => link(`Tower ${i}`, `https://shop.test/towers/${i}/a-long-path-to-the-tower-page`));
    const root = n('RootWebArea', 'Shop', [n('main', '', [n('heading', 'Towers', [text('Towers')], { properties: { level: 1 } }), ...paragraphs, n('navigation', 'More', links)])], { url: 'https://shop.test/' });
    const whole = renderSnapshot(root, new RefRegistry(), { mode: 'full' });
    const refLines = whole.text.split('\n').filter((l) => l.includes('[ref='));
    const budget = refLines.join('\n').length + 400;
    expect(whole.text.length).toBeGreaterThan(budget);
    const snap = renderSnapshot(root, new RefRegistry(), { mode: 'full', maxChars: budget });
    expect(snap.text.length).toBeLessThanOrEqual(budget);
    expect(snap.text.split('\n').filter((l) => l.includes('[ref='))).toEqual(refLines.map((l) => l.replace(/ → \S+$/, '')));
    const dropped = Number(/; the last (\d+) lines of text \(`text` gives the page's text, ref one section's lines\)\]$/.exec(snap.text)?.[1]);
    expect(snap.text).toMatch(/\[to fit [\d,]+ chars, left out: link targets and the end of names over 60 characters \(a query or ref shows them\); the last/);
    expect(snap).toMatchObject({ truncated: true, leftOut: dropped, refs: refLines.length });
    // As few lines of text as make room, from the end: the first paragraphs stay.
    expect(dropped).toBeGreaterThan(0);
    expect(dropped).toBeLessThan(40);
    expect(snap.text).toContain('- paragraph: Paragraph 0 of');
    expect(snap.text).not.toContain('- paragraph: Paragraph 39 of');
    // Link targets alone make room in efficient mode; a query keeps its matching text.
    const targets = renderSnapshot(root, new RefRegistry(), { mode: 'efficient' }).text.split('\n');
    const efficient = renderSnapshot(root, new RefRegistry(), { mode: 'efficient', maxChars: targets.join('\n').length - 200 });
    expect(efficient.text.split('\n').slice(0, -1)).toEqual(targets.map((l) => l.replace(/ → \S+$/, '')));
    expect(efficient.text).toContain('left out: link targets');
    expect(renderSnapshot(root, new RefRegistry(), { mode: 'full', query: 'paragraph', maxChars: 2000 }).text).toContain('- paragraph: Paragraph 0 of');
  });

  it('names the main heading first in the note when it is among the lines left out', () => {
    const menu = Array.from({ length: 60 }, (_, i) => n('button', `Menu entry ${i}`, [text(`Menu entry ${i}`)]));
    const root = n('RootWebArea', 'Shop', [n('navigation', 'Menu', menu), n('main', '', [n('heading', 'Men\'s Wool Runner', [text('Men\'s Wool Runner')], { properties: { level: 1 } }), n('button', 'Add to cart', [text('Add to cart')])])]);
    const snap = renderSnapshot(root, new RefRegistry(), { mode: 'efficient', maxChars: 1200 });
    expect(snap.truncated).toBe(true);
    expect(snap.text).toMatch(/left out at 1,200 chars; get them with a query \(query: "words"\), one subtree \(ref: one of these\), or a larger maxChars \(up to 400,000\):\n {2}- heading "Men's Wool Runner" \[level=1\] \[ref=e\d+\] \(the main heading\)\n/);
  });

  it('names the sections left out with their refs, and a ref gives one section\'s subtree', () => {
    const refs = new RefRegistry();
    const tree = page();
    tree.children[1]!.children[0]!.children.push(...Array.from({ length: 20 }, (_, i) => n('button', `Tower ${i}`, [text(`Tower ${i}`)])));
    const snap = renderSnapshot(tree, refs, { mode: 'full', maxChars: 650 });
    expect(snap.text).toContain('left out at 650 chars; get them with a query (query: "words"), one subtree (ref: one of these), or a larger maxChars (up to 400,000):');
    expect(snap.text).toContain('  - main [ref=e6] (');
    const sub = renderSnapshot(tree, refs, { mode: 'full', ref: 'e6' });
    expect(sub.text.split('\n').slice(0, 9)).toEqual(FULL.slice(5));
    expect(renderSnapshot(tree, refs, { mode: 'full', ref: 'e99' }).text).toBe('');
  });

  it('keeps the ref of every section its note names whole, however long the section\'s name', () => {
    const name = 'Opening hours and tickets of every tower in the old town, 2026';
    const towers = Array.from({ length: 30 }, (_, i) => link(`Tower ${i}`, `https://t.test/${i}`));
    const root = n('RootWebArea', 'Towers', [n('button', 'Menu', [text('Menu')]), n('heading', name, towers, { properties: { level: 2 } })]);
    const snap = renderSnapshot(root, new RefRegistry(), { mode: 'efficient', maxChars: 600 });
    expect(snap.truncated).toBe(true);
    expect(snap.text).toMatch(new RegExp(`\\n {2}- heading "${name.slice(0, 20)}[^\\n]*\\[ref=e\\d+\\] \\(the rest: \\d+ lines\\)`));
  });

  it('offers a larger maxChars only below its ceiling of 400,000', () => {
    const links = Array.from({ length: 12_000 }, (_, i) => link(`Tower number ${i} of the old town`, `https://t.test/${i}`));
    const root = n('RootWebArea', 'Towers', [n('navigation', 'All towers', links)]);
    const below = renderSnapshot(root, new RefRegistry(), { mode: 'efficient' });
    expect(below.text).toMatch(/or a larger maxChars \(up to 400,000\)/);
    const at = renderSnapshot(root, new RefRegistry(), { mode: 'efficient', maxChars: 400_000 });
    expect(at.truncated).toBe(true);
    expect(at.text.length).toBeLessThanOrEqual(400_000);
    expect(at.text).toMatch(/left out at 400,000 chars; get them with a query \(query: "words"\)/);
    expect(at.text).not.toContain('larger maxChars');
  });

  it('says so when the tree goes deeper than it prints, never cutting silently', () => {
    let deep = n('button', 'Bottom', [text('Bottom')]);
    for (let i = 0; i < 70; i++) deep = n('region', `Level ${i}`, [deep]);
    const snap = renderSnapshot(n('RootWebArea', 'Deep', [deep]), new RefRegistry(), { mode: 'full' });
    expect(snap.sourceTruncated).toBe(true);
    expect(snap.text).not.toContain('Bottom');
    expect(snap.text).toMatch(/\n\[the page's tree goes on past 4,000,000 characters or 64 levels, not read here: one subtree \(ref\) reaches it\]$/);
  });

  it('refs "aria" names elements ax1, ax2..., apart from the role refs', () => {
    const tree = page();
    const refs = new RefRegistry();
    refs.sync('doc-1');
    renderSnapshot(tree, refs, { mode: 'efficient' });
    const aria = renderSnapshot(tree, refs, { mode: 'efficient', refs: 'aria' });
    expect(aria.text).toContain('- link "Home" [ref=ax1] → /');
    expect(refs.get('ax1')).toMatchObject({ kind: 'aria', name: 'Home' });
    expect(refs.get('e1')).toMatchObject({ name: 'Home' });
  });

  it('gives an element the same ref in a later snapshot of the same document', () => {
    const tree = page();
    const refs = new RefRegistry();
    refs.sync('doc-1');
    renderSnapshot(tree, refs, { mode: 'efficient' });
    const full = renderSnapshot(tree, refs, { mode: 'full' });
    expect(full.text).toContain('- link "Home" [ref=e1] → /');
    expect(full.text).toContain('- heading "Towers" [level=1] [ref=e4]');
  });

  it('quotes names and clips long ones; shortens link targets', () => {
    const snap = renderSnapshot(n('RootWebArea', '', [n('button', `Say "hi" ${'x'.repeat(300)}`)]), new RefRegistry(), { mode: 'full' });
    expect(snap.text).toMatch(/^- button "Say \\"hi\\" x+…" \[ref=e1\]$/);
    expect(snap.text.length).toBeLessThan(200);
    expect(shortUrl('https://a.test/p?q=1#h', 'https://a.test/x')).toBe('/p?q=1#h');
    expect(shortUrl('https://b.test/p', 'https://a.test/x')).toBe('https://b.test/p');
    expect(shortUrl(`https://a.test/${'p'.repeat(300)}`, 'https://a.test/')).toHaveLength(120);
  });
});

describe('RefRegistry', () => {
  it('starts again from e1 when the main frame shows a new document', () => {
    const refs = new RefRegistry();
    expect(refs.sync('doc-1')).toBe(false);
    expect(refs.refFor({ backendNodeId: 7, role: 'button', name: 'Go' })).toBe('e1');
    expect(refs.refFor({ backendNodeId: 8, role: 'link', name: 'Home' })).toBe('e2');
    expect(refs.refFor({ backendNodeId: 7, role: 'button', name: 'Go now' })).toBe('e1');
    expect(refs.refFor({ backendNodeId: 7, role: 'button', name: 'Go now', kind: 'aria' })).toBe('ax1');
    expect(refs.get('e1')).toEqual({ backendNodeId: 7, role: 'button', name: 'Go now' });
    expect(refs.sync('doc-1')).toBe(false);
    expect(refs.sync('doc-2')).toBe(true);
    expect(refs.get('e1')).toBeUndefined();
    expect(refs.get('ax1')).toBeUndefined();
    expect(refs.refOfNode(8)).toBeUndefined();
    expect(refs.refFor({ backendNodeId: 9, role: 'link', name: 'Next' })).toBe('e1');
  });
});
