// The suites' benchmarks compare this checkout's CLI with the CLI of the previous round of the suites, built in the
// same run from its commit: that commit's files (git archive, so the repository gains no worktree), this
// checkout's node_modules linked in, `tsc` to its own dist. SUITES_BASELINE_REF names another commit. The build is
// kept under the temp directory for the next run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cli = path.join(root, 'dist/src/cli/main.js');

/** The suites before round 2 (issue 33): the base of that work. */
const PREVIOUS_ROUND = '2203f2a';

/** Builds (or reuses) the previous round's CLI and answers its main.js and the commit it was built from. */
export function baselineCli(): { readonly cli: string; readonly ref: string } {
  const ref = process.env.SUITES_BASELINE_REF ?? PREVIOUS_ROUND;
  const dir = path.join(os.tmpdir(), `event-harness-baseline-${ref.replace(/[^\w.-]/g, '_')}`);
  const main = path.join(dir, 'dist/src/cli/main.js');
  if (existsSync(main)) return { cli: main, ref };
  if (!existsSync(path.join(dir, 'package.json'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  }
  if (!existsSync(path.join(dir, 'node_modules')))
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: dir,
    stdio: 'inherit',
  });
  return { cli: main, ref };
}

/** A CLI run to its end, or killed at `limitMs` (then `finished` is false: it was still judging). */
export interface TimedRun {
  readonly ms: number;
  readonly finished: boolean;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runWithin(args: readonly string[], limitMs: number): Promise<TimedRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Its own process group: a driver it started goes down with it when the limit kills it.
    const child = spawn(process.execPath, [...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let finished = true;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      finished = false;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ms: performance.now() - started, finished, code, stdout, stderr });
    });
  });
}

/** Seconds, or "over N s" for a run the limit cut off. */
export const seconds = (run: TimedRun, limitMs: number) =>
  run.finished ? `${(run.ms / 1000).toFixed(1)} s` : `over ${Math.round(limitMs / 1000)} s (still judging, killed)`;

/** Verdicts of a JSON report, "id:status" each, or what was printed instead. */
export function verdicts(run: TimedRun): string {
  try {
    const report = JSON.parse(run.stdout) as { clauses: { id: string; status: string }[] };
    const failed = report.clauses.filter((c) => c.status === 'fail').map((c) => c.id);
    const passed = report.clauses.filter((c) => c.status === 'pass').length;
    return `${passed} ok, failed: ${failed.length === 0 ? 'none' : failed.join(' ')}`;
  } catch {
    return run.finished ? `no JSON report (exit ${run.code})` : 'no report';
  }
}

/** The rows every suite benchmark prints: this round beside the baseline, the ratio, and the 60 s target. */
export function comparison(ours: TimedRun, before: TimedRun, ref: string, limitMs: number): Record<string, string> {
  return {
    'this round, wall time': seconds(ours, limitMs),
    '  verdicts': verdicts(ours),
    [`baseline (${ref}), wall time`]: seconds(before, limitMs),
    '  verdicts ': verdicts(before),
    'ratio (baseline / this round)': before.finished
      ? (before.ms / ours.ms).toFixed(1)
      : `over ${(limitMs / ours.ms).toFixed(1)}`,
    target: ours.finished && ours.ms < 60_000 ? 'met (< 60 s)' : 'MISSED (>= 60 s)',
  };
}
