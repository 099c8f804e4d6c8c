/** Run the real built CLI (bin/scout) as a child process, the way a person would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { removeTempDir, tempDir } from './temp.js';

export const SCOUT_BIN = fileURLToPath(new URL('../../bin/scout', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** Text piped to stdin; undefined leaves stdin closed (as in CI). */
  input?: string | Buffer;
  timeoutMs?: number;
  cwd?: string;
}

/** Variables from the developer's shell that would leak into a test's config. */
const SCOUT_VARIABLES = /^(SCOUT_|OLLAMA_|OPENAI_|SEARXNG_|BRAVE_|CHROME_PATH$|PUPPETEER_|XDG_CONFIG_HOME$|XDG_STATE_HOME$|NO_COLOR$|FORCE_COLOR$)/;

/**
 * The environment for a child scout: the developer's scout variables dropped,
 * and fresh config and state folders unless extra names its own. `dirs` are
 * the folders made here, for the caller to remove when the child is done.
 */
export function isolatedEnv(extra: Record<string, string | undefined> = {}): { env: NodeJS.ProcessEnv; dirs: string[] } {
  const env: NodeJS.ProcessEnv = {};
  const dirs: string[] = [];
  for (const [k, v] of Object.entries(process.env)) if (!SCOUT_VARIABLES.test(k)) env[k] = v;
  if (!('XDG_CONFIG_HOME' in extra)) dirs.push((env.XDG_CONFIG_HOME = tempDir('scout-test-config-')));
  if (!('XDG_STATE_HOME' in extra)) dirs.push((env.XDG_STATE_HOME = tempDir('scout-test-state-')));
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return { env, dirs };
}

/** isolatedEnv's environment alone: its folders go with removeTempDirs() in the test file's afterAll. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return isolatedEnv(extra).env;
}

/** Run the CLI; `watch` sees stderr as it grows and may signal the child. */
function spawnCli(args: string[], options: CliOptions, watch?: (stderr: string, child: ChildProcess) => void): Promise<CliResult> {
  const { env, dirs } = isolatedEnv(options.env);
  const removeDirs = () => dirs.forEach(removeTempDir);
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [SCOUT_BIN, ...args], {
      env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      watch?.(stderr, child);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  }).finally(removeDirs);
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return spawnCli(args, options);
}

export interface SignalStep {
  /** Send `signal` once stderr so far satisfies this. */
  until: (stderr: string) => boolean;
  signal: NodeJS.Signals;
}

export interface UntilOptions extends CliOptions {
  steps: SignalStep[];
}

/** Run the CLI and send it signals (Ctrl-C is SIGINT) as its progress reaches given points, in order. */
export function runCliUntil(args: string[], options: UntilOptions): Promise<CliResult & { signalledAt: number[] }> {
  const steps = [...options.steps];
  const signalledAt: number[] = [];
  return spawnCli(args, options, (stderr, child) => {
    while (steps.length > 0 && steps[0]!.until(stderr)) {
      child.kill(steps.shift()!.signal);
      signalledAt.push(Date.now());
    }
  }).then((result) => ({ ...result, signalledAt }));
}
