/**
 * The browser tool's one flat input schema for MCP: `action` plus every
 * parameter of every action, all optional at the top level (some model
 * providers reject nested anyOf). Types, choices and limits are advertised;
 * the browser tool's own validation enforces them per action, so the wording
 * of its errors is the same as for `scout browser`.
 */
import * as z from 'zod';
import type { Action, ParamSpec } from '../../browser/tool/actions/define.js';

interface Merged {
  type: ParamSpec['type'];
  /** One entry per action that takes the parameter. */
  uses: { action: string; spec: ParamSpec }[];
}

function merge(actions: readonly Action[]): Map<string, Merged> {
  const params = new Map<string, Merged>();
  for (const action of actions) {
    for (const [name, spec] of Object.entries(action.params)) {
      // An alias (targetId for tab) is advertised as a parameter of its own; the tool reads both.
      for (const key of [...(spec.aliases ?? []), name]) {
        const merged = params.get(key) ?? { type: spec.type, uses: [] };
        if (merged.type !== spec.type) throw new Error(`browser parameter "${key}" is a ${merged.type} for one action and a ${spec.type} for ${action.name}`);
        merged.uses.push({ action: action.name, spec });
        params.set(key, merged);
      }
    }
  }
  return params;
}

/** "focus (required): tab id ...; close, snapshot, text: tab id ...": actions that describe it alike share an entry. */
function description({ uses }: Merged): string {
  const groups = new Map<string, string[]>();
  for (const { action, spec } of uses) {
    const key = `${spec.required ? ' (required)' : ''}: ${spec.description}`;
    groups.set(key, [...(groups.get(key) ?? []), action]);
  }
  const text = [...groups].map(([key, actions]) => `${actions.join(', ')}${key}`).join('; ');
  const capped = uses.filter((u) => u.spec.max !== undefined);
  if (new Set(capped.map((u) => u.spec.max)).size < 2) return text;
  return `${text} (at most ${capped.map((u) => `${u.spec.max} for ${u.action}`).join(', ')})`;
}

/** Where actions differ on a bound, the widest is advertised; each action still caps at its own. */
function property(merged: Merged): z.ZodType {
  const specs = merged.uses.map((u) => u.spec);
  const meta: Record<string, unknown> = { description: description(merged) };
  if (specs.every((s) => s.choices)) meta.enum = [...new Set(specs.flatMap((s) => s.choices ?? []))];
  const minima = specs.flatMap((s) => (s.min === undefined ? [] : [s.min]));
  const maxima = specs.flatMap((s) => (s.max === undefined ? [] : [s.max]));
  if (minima.length > 0) meta.minimum = Math.min(...minima);
  if (maxima.length > 0) meta.maximum = Math.max(...maxima);
  const base = merged.type === 'integer' ? z.number().int() : merged.type === 'boolean' ? z.boolean() : z.string();
  return base.optional().meta(meta);
}

export function browserInputSchema(actions: readonly Action[]) {
  const shape: Record<string, z.ZodType> = {
    action: z.string().meta({ enum: actions.map((a) => a.name), description: 'the browser action to run; each parameter below names the actions that take it' }),
  };
  for (const [key, merged] of merge(actions)) shape[key] = property(merged);
  // Unknown keys reach the tool's validation, which names the parameters the action does take.
  return z.looseObject(shape);
}
