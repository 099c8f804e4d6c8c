/** The process streams and environment a command runs against. */
export interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });

export function writeJson(io: Io, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** What a subcommand's action gets from the CLI: the streams, and a way to report its exit code. */
export interface CommandContext {
  io: Io;
  setExit(code: number): void;
}
