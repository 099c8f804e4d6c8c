#!/usr/bin/env node
/**
 * Fails when folders of src/ import each other, directly (a -> b -> a) or round
 * a longer loop. It builds the folder graph from every import in src/: static,
 * `export … from`, `import type` and dynamic import(), since a type-only edge
 * still ties two folders together. Files at the root of src/ (cli.ts,
 * config.ts, …) belong to no folder and are left out. Run by `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

const files = readdirSync(SRC, { recursive: true }).map(String).filter((f) => /\.(?:ts|mts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'));
const folderOf = (path) => {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

/** edges.get(a).get(b) = one file of a that imports b, for the message. */
const edges = new Map();
const folders = new Set();
for (const file of files) {
  const path = join(SRC, file);
  const from = folderOf(path);
  if (!from) continue;
  folders.add(from);
  for (const [, specifier] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
    const to = folderOf(resolve(dirname(path), specifier));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `src/${file.split(sep).join('/')} imports ${specifier}`);
  }
}

// Tarjan's strongly connected components: every component of more than one folder holds a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const components = [];
function visit(v) {
  index.set(v, index.size);
  low.set(v, index.get(v));
  stack.push(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (stack.includes(w)) {
      low.set(v, Math.min(low.get(v), index.get(w)));
    }
  }
  if (low.get(v) !== index.get(v)) return;
  const component = stack.splice(stack.indexOf(v));
  if (component.length > 1) components.push(component);
}
for (const v of folders) if (!index.has(v)) visit(v);

/** The shortest loop through the folders of a component, as a list a, b, …, a. */
function shortestCycle(component) {
  let best;
  for (const start of component) {
    const previous = new Map([[start, undefined]]);
    for (const queue = [start]; queue.length > 0; ) {
      const v = queue.shift();
      for (const w of edges.get(v)?.keys() ?? []) {
        if (w === start) {
          const path = [start];
          for (let u = v; u !== start; u = previous.get(u)) path.splice(1, 0, u);
          if (!best || path.length < best.length) best = path;
        } else if (component.includes(w) && !previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
  }
  return [...best, best[0]];
}

if (components.length === 0) {
  console.log(`check-boundaries: ${folders.size} folders of src/, no two import each other`);
} else {
  for (const component of components) {
    const cycle = shortestCycle(component);
    console.error(`check-boundaries: folders of src/ import each other: ${cycle.join(' -> ')}${component.length > cycle.length - 1 ? ` (loop among ${component.sort().join(', ')})` : ''}`);
    for (let i = 0; i + 1 < cycle.length; i++) console.error(`  ${cycle[i]} -> ${cycle[i + 1]}: ${edges.get(cycle[i]).get(cycle[i + 1])}`);
  }
  process.exitCode = 1;
}
