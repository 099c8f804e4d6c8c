/** The process streams and environment a command or the MCP server runs against. */
export interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

export const processIo = (): Io => ({ stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
