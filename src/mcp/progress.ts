/**
 * Research progress for an MCP call: every line also goes to stderr, and, when
 * the client asked for progress (a progressToken in the request's _meta), as an
 * MCP progress notification whose message is the same line.
 */
import type { Progress } from '../ui/progress.js';
import type { ToolExtra } from './context.js';

export function mcpProgress(extra: ToolExtra, stderr: Progress): Progress {
  const token = extra._meta?.progressToken;
  let progress = 0;
  const notify = (message: string) => {
    if (token === undefined) return;
    progress++;
    extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, message } }).catch(() => {});
  };
  return {
    step(text) {
      stderr.step(text);
      notify(text);
    },
    info(text) {
      stderr.info(text);
      notify(text);
    },
    warn(text) {
      stderr.warn(text);
      notify(`warning: ${text}`);
    },
    stop: () => stderr.stop(),
  };
}
