/** Rendering accessibility trees as snapshot lines, and the ref registry behind them. */
import { describe, expect, it } from 'vitest';
import type { AxNode } from '../../src/browser/tool/ax-tree.js';
import { RefRegistry } from '../../src/browser/tool/refs.js';
import { renderSnapshot } from '../../src/browser/tool/snapshot.js';

let nextId = 100;
function n(role: string, name = '', children: AxNode[] = [], extra: Partial<AxNode> = {}): AxNode {
  return { role, name, ignored: false, value: '', properties: {}, backendNodeId: nextId++, children, ...extra };
}
const text = (t: string) => n('StaticText', t, [n('InlineTextBox', t)]);

function page(): AxNode {
  return n('RootWebArea', 'Shop', [
    n('banner', '', [n('navigation', 'Site', [n('link', 'Home', [text('Home')]), n('link', 'Cart', [text('Cart')])])]),
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
  ]);
}

describe('renderSnapshot', () => {
  it('renders Playwright-style lines with refs on interactive and named content', () => {
    const refs = new RefRegistry();
    refs.sync('doc-1');
    const snap = renderSnapshot(page(), refs, { mode: 'full' });
    expect(snap.text).toBe(
      [
        '- banner',
        '  - navigation "Site" [ref=e1]',
        '    - link "Home" [ref=e2]',
        '    - link "Cart" [ref=e3]',
        '- main',
        '  - heading "Towers" [level=1] [ref=e4]',
        '  - paragraph: Models of famous towers.',
        '  - textbox "Email" [ref=e5]: ada@example.org',
        '  - checkbox "Gift wrap" [checked] [ref=e6]',
        '  - button "Sold out" [disabled]',
        '  - combobox "City" [ref=e7]: Paris',
        '    - option "Paris" [selected]',
        '    - option "Berlin"',
      ].join('\n'),
    );
    expect(snap).toMatchObject({ refs: 7, truncated: false, sourceTruncated: false });
    expect(snap.matches).toBeUndefined();
  });

  it('efficient mode keeps interactive elements only', () => {
    const refs = new RefRegistry();
    const snap = renderSnapshot(page(), refs, { mode: 'efficient' });
    expect(snap.text.split('\n')).toEqual([
      '- link "Home" [ref=e1]',
      '- link "Cart" [ref=e2]',
      '- textbox "Email" [ref=e3]: ada@example.org',
      '- checkbox "Gift wrap" [checked] [ref=e4]',
      '- button "Sold out" [disabled]',
      '- combobox "City" [ref=e5]: Paris',
      '  - option "Paris" [selected]',
      '  - option "Berlin"',
    ]);
  });

  it('gives an element the same ref in a later snapshot of the same document', () => {
    const tree = page();
    const refs = new RefRegistry();
    refs.sync('doc-1');
    renderSnapshot(tree, refs, { mode: 'efficient' });
    const full = renderSnapshot(tree, refs, { mode: 'full' });
    expect(full.text).toContain('- link "Home" [ref=e1]');
    expect(full.text).toContain('- navigation "Site" [ref=e6]');
    expect(full.text).toContain('- heading "Towers" [level=1] [ref=e7]');
  });

  it('query keeps lines with every token, case-insensitively, and counts them', () => {
    const snap = renderSnapshot(page(), new RefRegistry(), { mode: 'full', query: 'LINK  c' });
    expect(snap.text).toBe('    - link "Cart" [ref=e3]');
    expect(snap.matches).toBe(1);
    expect(snap.refs).toBe(1);
  });

  it('cuts at maxChars on a line boundary and says so', () => {
    const snap = renderSnapshot(page(), new RefRegistry(), { mode: 'full', maxChars: 80 });
    expect(snap.text).toBe('- banner\n  - navigation "Site" [ref=e1]\n    - link "Home" [ref=e2]\n(truncated)');
    expect(snap.truncated).toBe(true);
  });

  it('stops at the depth limit and marks the source as truncated, also for a query', () => {
    let deep = n('link', 'Level 8');
    for (let level = 7; level >= 1; level--) deep = n('menuitem', `Level ${level}`, [deep]);
    const root = n('RootWebArea', '', [deep]);
    const snap = renderSnapshot(root, new RefRegistry(), { mode: 'efficient' });
    const lines = snap.text.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines.at(-2)).toBe('          - menuitem "Level 6" [ref=e6]');
    expect(lines.at(-1)).toBe('(source truncated)');
    expect(snap.sourceTruncated).toBe(true);
    const queried = renderSnapshot(root, new RefRegistry(), { mode: 'efficient', query: 'level 2' });
    expect(queried.text).toBe('  - menuitem "Level 2" [ref=e2]\n(source truncated)');
    expect(queried.matches).toBe(1);
  });

  it('quotes names and clips long ones', () => {
    const snap = renderSnapshot(n('RootWebArea', '', [n('button', `Say "hi" ${'x'.repeat(300)}`)]), new RefRegistry(), { mode: 'full' });
    expect(snap.text).toMatch(/^- button "Say \\"hi\\" x+…" \[ref=e1\]$/);
    expect(snap.text.length).toBeLessThan(200);
  });
});

describe('RefRegistry', () => {
  it('starts again from e1 when the main frame shows a new document', () => {
    const refs = new RefRegistry();
    expect(refs.sync('doc-1')).toBe(false);
    expect(refs.refFor({ backendNodeId: 7, role: 'button', name: 'Go' })).toBe('e1');
    expect(refs.refFor({ backendNodeId: 8, role: 'link', name: 'Home' })).toBe('e2');
    expect(refs.refFor({ backendNodeId: 7, role: 'button', name: 'Go now' })).toBe('e1');
    expect(refs.get('e1')).toEqual({ backendNodeId: 7, role: 'button', name: 'Go now' });
    expect(refs.sync('doc-1')).toBe(false);
    expect(refs.sync('doc-2')).toBe(true);
    expect(refs.get('e1')).toBeUndefined();
    expect(refs.refOfNode(8)).toBeUndefined();
    expect(refs.refFor({ backendNodeId: 9, role: 'link', name: 'Next' })).toBe('e1');
  });
});
