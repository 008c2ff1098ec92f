import type { ExecutionContext } from 'ava';
import { spawn } from 'node:child_process';
import { repoRoot, tsxLoader } from './spawn-cli.js';

const main = `${repoRoot}/src/cli/main.ts`;

export interface TerminalProcess {
  /** Everything the terminal showed so far (stdout and stderr share it, as on a real terminal). */
  readonly output: () => string;
  /** Resolves with the output once `pattern` shows, or rejects after `timeoutMs` naming what did not show. */
  waitFor(pattern: RegExp, what: string, timeoutMs?: number): Promise<string>;
  /** Types keys, e.g. '\x03' for Ctrl-C. */
  type(keys: string): void;
  readonly exited: Promise<number | null>;
}

/**
 * Runs the CLI on a pseudo-terminal through util-linux `script`, so it sees a TTY on stdout and stderr as a
 * user's shell gives it. The teardown kills it if the test did not stop it.
 */
export function runCliOnTerminal(
  t: ExecutionContext,
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): TerminalProcess {
  // `exec`: script runs the command through $SHELL; dash (Debian's sh) stays as a parent that Ctrl-C kills (exit 130).
  // SHELL is set to /bin/sh so the user's (or CI's) login shell and its start files play no part.
  const quoted = [process.execPath, '--import', tsxLoader, main, ...args].map(
    (part) => `'${part.replaceAll("'", "'\\''")}'`,
  );
  const command = `exec ${quoted.join(' ')}`;
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: repoRoot,
    env: { ...process.env, SHELL: '/bin/sh', TERM: 'xterm-256color', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exitedWith: string | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      exitedWith = signal === null ? `exit code ${code}` : `signal ${signal}`;
      for (const check of waiters) check();
      resolve(code);
    }),
  );
  child.on('error', (error) => {
    exitedWith = `spawn error: ${error.message}`;
    for (const check of waiters) check();
  });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return {
    output: () => output,
    exited,
    type: (keys) => child.stdin.write(keys),
    waitFor(pattern, what, timeoutMs = 50_000) {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const fail = (why: string) => {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`the terminal did not show ${what}: ${why}; it showed:\n${JSON.stringify(output)}`));
        };
        const check = () => {
          if (pattern.test(output)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(output);
          } else if (exitedWith !== undefined) {
            fail(`script ended (${exitedWith}) after ${Date.now() - started} ms`);
          }
        };
        const timer = setTimeout(
          () => fail(`not within ${timeoutMs} ms (script ${exitedWith ?? 'still running'})`),
          timeoutMs,
        );
        waiters.add(check);
        check();
      });
    },
  };
}
