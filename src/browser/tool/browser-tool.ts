/**
 * The browser tool: one tool, many actions. The registry lists them; run()
 * validates the input, runs the action and turns every failure into a result
 * ({ok: false, error, hint, code}) the model can read and correct.
 */
import { isScoutError, messageOf } from '../../errors.js';
import { act } from './actions/act.js';
import { close } from './actions/close.js';
import { type Action, type ActionContext, type ActionResult, type Failure, fail, type ParamSpec, validate } from './actions/define.js';
import { doctor } from './actions/doctor.js';
import { emulate } from './actions/emulate.js';
import { errors } from './actions/errors.js';
import { focus } from './actions/focus.js';
import { navigate } from './actions/navigate.js';
import { open } from './actions/open.js';
import { requests } from './actions/requests.js';
import { screenshot } from './actions/screenshot.js';
import { snapshot } from './actions/snapshot.js';
import { start } from './actions/start.js';
import { status } from './actions/status.js';
import { stop } from './actions/stop.js';
import { tabs } from './actions/tabs.js';
import { text } from './actions/text.js';
import { resolveRef, syncRefs } from './element.js';
import { ToolBrowser, type ToolBrowserOptions } from './tool-browser.js';

// Each action keeps its own input and result types; the registry sees them as the general shape.
export const ACTIONS = [doctor, status, start, stop, tabs, open, focus, close, snapshot, screenshot, navigate, act, requests, errors, text, emulate] as unknown as readonly Action[];

export type ToolResult = ActionResult<Record<string, unknown>>;

export function findAction(name: string): Action | undefined {
  return ACTIONS.find((a) => a.name === name);
}

export function unknownAction(name: string): Failure {
  return fail(`unknown browser action "${name}"`, `actions: ${ACTIONS.map((a) => a.name).join(', ')}`, 'BAD_INPUT');
}

export async function runAction(context: ActionContext, name: string, params: Record<string, unknown>): Promise<ToolResult> {
  const action = findAction(name);
  if (!action) return unknownAction(name);
  const checked = validate(action, params);
  if (!checked.ok) return checked;
  try {
    return (await action.run(checked.input, context)) as ToolResult;
  } catch (error) {
    if (isScoutError(error)) return fail(error.message, error.hint, error.code);
    return fail(`${name} failed: ${messageOf(error)}`);
  }
}

/** The human-readable form of a result: the action's own for a success, error and hint for a failure. */
export function renderResult(name: string, result: ToolResult): string {
  if (!result.ok) return `${result.error}${result.hint ? `\nhint: ${result.hint}` : ''}`;
  return findAction(name)?.render(result) ?? JSON.stringify(result, null, 2);
}

function jsonType(spec: ParamSpec): Record<string, unknown> {
  const type = spec.type === 'integer' ? { type: 'integer', ...(spec.min !== undefined ? { minimum: spec.min } : {}), ...(spec.max !== undefined ? { maximum: spec.max } : {}) } : { type: spec.type };
  return { ...type, description: spec.description, ...(spec.choices ? { enum: [...spec.choices] } : {}) };
}

/** The tool as a JSON-schema function definition, for a model that calls tools. */
export function toolSchema(): { name: string; description: string; parameters: Record<string, unknown> } {
  const properties: Record<string, unknown> = { action: { type: 'string', enum: ACTIONS.map((a) => a.name), description: 'the action to run' } };
  for (const action of ACTIONS) for (const [key, spec] of Object.entries(action.params)) properties[key] ??= jsonType(spec);
  return {
    name: 'browser',
    description: ACTIONS.map((a) => `${a.name}: ${a.description}`).join('\n'),
    parameters: { type: 'object', properties, required: ['action'] },
  };
}

/** The browser tool over one browser (launched on first use): run actions, map form fields to refs, close. */
export class BrowserTool {
  readonly browser: ToolBrowser;
  private readonly context: ActionContext;

  constructor(options: ToolBrowserOptions, extra: Omit<ActionContext, 'browser'> = {}) {
    this.browser = new ToolBrowser(options);
    this.context = { ...extra, browser: this.browser };
  }

  run(action: string, params: Record<string, unknown> = {}): Promise<ToolResult> {
    return runAction(this.context, action, params);
  }

  /**
   * The ref of a DOM node (a CDP backendNodeId, as form discovery reports) in a
   * tab (default the current one), minted if the snapshot has not named it yet.
   * Undefined when the node is gone.
   */
  async refForNode(backendNodeId: number, tabId?: string): Promise<string | undefined> {
    const tab = tabId ? this.browser.get(tabId) : this.browser.current();
    if (!tab) return undefined;
    await syncRefs(tab);
    const known = tab.refs.refOfNode(backendNodeId);
    if (known && (await resolveRef(tab, known)).ok) return known;
    try {
      const { nodes } = await tab.cdp.send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false });
      const node = nodes[0];
      if (!node) return undefined;
      return tab.refs.refFor({ backendNodeId, role: String(node.role?.value ?? ''), name: String(node.name?.value ?? '').replace(/\s+/g, ' ').trim() });
    } catch {
      return undefined;
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
