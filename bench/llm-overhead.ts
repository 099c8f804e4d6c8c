/**
 * LLM client overhead on loopback: scout's Llm (SDK client + our retry, timeout,
 * think filter, usage and trace layer) against a bare fetch of the same request,
 * for both providers, streaming and not, on the scripted LLM double.
 * Prints the median of 50 calls each (after 10 warm-up calls) and the difference.
 *
 *   npm run bench:llm
 */
import { DEFAULTS, type Provider } from '../src/config.js';
import { createLlm } from '../src/llm/index.js';
import type { ChatMessage } from '../src/llm/types.js';
import { startLlmDouble } from '../test/support/llm-double.js';
import { medianMs } from './support.js';

const CALLS = 50;
const WARMUP = 10;
const REPLY = 'Note: On https://example.org/tower, the tower is 330 m tall. Action: REQUEST_EXIT';
const messages: ChatMessage[] = [
  { role: 'system', content: 'You read one web page and take a short note. '.repeat(40) },
  { role: 'user', content: 'Question: how tall is the tower?\n\nPage:\n' + 'Some page text about the tower. '.repeat(200) },
];

const measure = (run: () => Promise<unknown>) => medianMs(run, CALLS, WARMUP);

const double = await startLlmDouble({ script: () => ({ text: REPLY, chunkChars: 16 }) });
const rows: string[][] = [];
try {
  for (const provider of ['ollama', 'openai'] as Provider[]) {
    const url = provider === 'ollama' ? `${double.url}/api/chat` : `${double.url}/v1/chat/completions`;
    const llm = createLlm({ ...DEFAULTS, provider, llmUrl: provider === 'ollama' ? double.url : `${double.url}/v1` });
    for (const stream of [false, true]) {
      const body = JSON.stringify(
        provider === 'ollama'
          ? { model: DEFAULTS.model, messages, stream, keep_alive: '30m', options: { num_ctx: 8192 } }
          : { model: DEFAULTS.model, messages, stream, ...(stream ? { stream_options: { include_usage: true } } : {}) },
      );
      const bare = await measure(async () => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await response.text();
      });
      const scout = await measure(() => llm.chat(messages, stream ? { onToken: () => {} } : {}));
      rows.push([provider, stream ? 'stream' : 'whole', bare.toFixed(2), scout.toFixed(2), (scout - bare).toFixed(2), (scout / bare).toFixed(2)]);
    }
  }
} finally {
  await double.close();
}

const header = ['provider', 'mode', 'bare fetch ms', 'scout Llm ms', 'overhead ms', 'ratio'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
console.log(`LLM client overhead on loopback, median of ${CALLS} calls (prompt ${messages.reduce((s, m) => s + m.content.length, 0)} chars)`);
console.log(line(header));
for (const row of rows) console.log(line(row));
