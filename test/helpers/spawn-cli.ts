import type { ExecutionContext } from 'ava';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(repoRoot, 'src/cli/main.ts');
// An absolute loader URL, so the CLI can run from any working directory.
export const tsxLoader = import.meta.resolve('tsx');

/**
 * Whether a process still runs. A killed process whose parent has exited stays a zombie until PID 1 reaps it,
 * and in containers PID 1 often never does; signal 0 still reaches a zombie, so /proc's state decides on Linux.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "PID (COMMAND) STATE ...": the command may hold parentheses, so the state follows the last ')'.
    const state = stat[stat.lastIndexOf(')') + 2];
    return state !== 'Z' && state !== 'X';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node ARGS...` as a real child process, feeds it `input` (or closes stdin) and collects its output. */
export function runProcess(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Runs the CLI from source as a real child process and collects its output. */
export function runCli(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
): Promise<CliRun> {
  return runProcess(['--import', tsxLoader, main, ...args], options);
}

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  readonly stderr: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `event-harness serve` as a child process and waits for its listening line. */
export function startServe(
  t: ExecutionContext,
  args: readonly string[] = [],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, main, 'serve', '--port', '0', ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    t.teardown(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^event-harness listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1] !== undefined) {
        resolve({
          url: match[1],
          child,
          stderr: () => stderr,
          stop(signal = 'SIGTERM') {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`serve exited with ${code} before listening: ${stderr}`)));
  });
}
