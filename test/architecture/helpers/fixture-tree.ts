import type { ExecutionContext } from 'ava';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Writes `files` (path relative to a new temporary directory -> content); the directory goes at teardown. */
export async function fixtureTree(t: ExecutionContext, files: Readonly<Record<string, string>>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'event-harness-architecture-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  return root;
}

export interface ToolRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node SCRIPT ARGS...` as a child process in `cwd`; a run past `timeoutMs` is killed and fails the test. */
export function runNodeScript(
  script: string,
  args: readonly string[],
  cwd: string,
  timeoutMs = 120_000,
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        if (error?.killed) {
          reject(
            new Error(`${path.basename(script)} ${args.join(' ')} did not finish within ${timeoutMs} ms in ${cwd}`),
          );
          return;
        }
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
      },
    );
  });
}
