/** What every CLI command module exports: run with the arguments after its name, resolve to the exit code. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}

export type CommandRunner = (args: readonly string[], io: CliIo) => Promise<number>;

export interface CommandModule {
  readonly run: CommandRunner;
  /** One line for `event-harness --help`. */
  readonly summary: string;
}
