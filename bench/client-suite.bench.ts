// The client suite as users run it: the built CLI, `check client` at default settings (20 runs, --quiet, four
// clauses at once on four driver processes), against our own client (`event-harness driver`) and against
// @segment/analytics-node (`--client segment-node`).
// Baseline, in the same run: the same suite with `--concurrency 1` (one clause at a time on one driver, as before
// the pool), so the ratio says what running clauses side by side gains; both must give the same verdicts.
// Targets (issue 13): our client under 15 s, @segment/analytics-node under 60 s. Run `npm run build` first.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, report, runNode } from './bench-kit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'dist/src/cli/main.js');

interface SuiteRun {
  readonly ms: number;
  readonly code: number | null;
  readonly verdicts: string;
  readonly failed: number;
  readonly clauses: number;
}

async function runSuite(client: string, extra: readonly string[]): Promise<SuiteRun> {
  const args = ['check', 'client', '--seed', '1', '--quiet', '--reporter', 'json', ...extra];
  const { ms, code, stdout, stderr } = await runNode(
    [cli, ...args, '--', process.execPath, cli, 'driver', '--client', client],
    { cwd: root },
  );
  try {
    const parsed = JSON.parse(stdout) as { clauses: { id: string; status: string }[] };
    return {
      ms,
      code,
      verdicts: parsed.clauses.map((c) => `${c.id}:${c.status}`).join(' '),
      failed: parsed.clauses.filter((c) => c.status === 'fail').length,
      clauses: parsed.clauses.length,
    };
  } catch {
    throw new Error(
      `check client --client ${client} ${extra.join(' ')} printed no JSON report (exit ${code}): ${stderr.slice(-500)}`,
    );
  }
}

for (const [client, target] of [
  ['reference', 15_000],
  ['segment-node', 60_000],
] as const) {
  const pooled = await runSuite(client, []);
  const baseline = await runSuite(client, ['--concurrency', '1']);
  report(
    `client suite, default settings, ${client} driver (exit ${pooled.code}, ${pooled.clauses} clauses, ${pooled.failed} failed)`,
    {
      'suite wall time, defaults (ms)': fmt(pooled.ms),
      'baseline: --concurrency 1 (ms)': fmt(baseline.ms),
      'ratio (baseline / defaults)': fmt(baseline.ms / pooled.ms, 2),
      'same verdicts as the baseline':
        pooled.verdicts === baseline.verdicts ? 'yes' : `NO: ${baseline.verdicts} vs ${pooled.verdicts}`,
      target: pooled.ms < target ? `met (< ${target / 1000} s)` : `MISSED (>= ${target / 1000} s)`,
    },
  );
}
