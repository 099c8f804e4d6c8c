/** stop: close the browser (the persistent one of `scout browser start`, which then exits). */
import { defineAction } from './define.js';

export const stop = defineAction({
  name: 'stop',
  description: 'Close the browser and every tab; the persistent browser of `scout browser start` exits.',
  params: {},
  async run(_input, context) {
    const wasRunning = context.browser.running;
    context.onStop?.();
    await context.browser.close();
    return { ok: true, stopped: wasRunning || Boolean(context.persistent), persistent: Boolean(context.persistent) };
  },
  render: (r) => (r.stopped ? `stopped the ${r.persistent ? 'persistent ' : ''}browser` : 'no browser was running'),
});
