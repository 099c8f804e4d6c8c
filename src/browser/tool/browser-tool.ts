/**
 * The browser tool: one tool, many actions. The registry lists them; run()
 * validates the input, runs the action and turns every failure into a result
 * ({ok: false, error, hint, code}) the model can read and correct.
 */
import { isScoutError, messageOf } from '../../errors.js';
import { act } from './actions/act.js';
import { close } from './actions/close.js';
import { type Action, type ActionContext, type ActionResult, type ActionFailure, fail, validate } from './actions/define.js';
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
import { ToolBrowser, type ToolBrowserOptions } from './tool-browser.js';

// Each action keeps its own input and result types; the registry sees them as the general shape.
export const ACTIONS = [doctor, status, start, stop, tabs, open, focus, close, snapshot, screenshot, navigate, act, requests, errors, text, emulate] as unknown as readonly Action[];

export type ToolResult = ActionResult<Record<string, unknown>>;

export function findAction(name: string): Action | undefined {
  return ACTIONS.find((a) => a.name === name);
}

export function unknownAction(name: string): ActionFailure {
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

/** The browser tool over one browser (launched on first use): run actions, close. */
export class BrowserTool {
  readonly browser: ToolBrowser;
  private readonly context: ActionContext;

  constructor(options: ToolBrowserOptions, extra: Omit<ActionContext, 'browser'> = {}) {
    this.browser = new ToolBrowser(options);
    this.context = { ...extra, browser: this.browser };
  }

  run(action: string, params: Record<string, unknown> = {}, signal?: AbortSignal): Promise<ToolResult> {
    return runAction(signal ? { ...this.context, signal } : this.context, action, params);
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
