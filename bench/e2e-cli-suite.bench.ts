// The client suite through an SDK's own e2e CLI, as users run it: the built CLI, `check client --protocol e2e-cli` at
// default settings (20 runs, four clauses at once, each clause's runs four at a time on their own CLI
// processes and mock runs, the 60 s budget). Baselines, in the same run: the same SDK through its driver (one process,
// the clauses' runs one after another) and through the same e2e CLI one run at a time (--parallel-runs 1), which shows
// what running a clause's runs side by side buys. Our client (`event-harness e2e-cli`) and @segment/analytics-node
// (test/conformance/client/fixtures/e2e-cli/segment-node-e2e-cli.ts). Target: each judged within 60 s. Run
// `npm run build` first.
import path from 'node:path';
import { report } from './bench-kit.js';
import { cli, root, runWithin, seconds, type TimedRun, verdicts } from './suite-baseline.js';

const LIMIT_MS = 180_000;
const tsx = import.meta.resolve('tsx');
const check = (args: readonly string[], subject: readonly string[]) =>
  runWithin([cli, 'check', 'client', '--seed', '1', '--reporter', 'json', ...args, '--', ...subject], LIMIT_MS);
/** Clauses the budget cut short (their progress line says "N of M runs within its share of the budget"). */
const cutShort = (run: TimedRun) => [...run.stderr.matchAll(/ \d+ of \d+ runs within its share of the budget/g)].length;
const ratio = (baseline: TimedRun, ours: TimedRun) => (baseline.ms / ours.ms).toFixed(2);

const subjects = {
  reference: {
    e2e: [process.execPath, cli, 'e2e-cli'],
    driver: [process.execPath, cli, 'driver'],
  },
  'segment-node': {
    e2e: [
      process.execPath,
      '--import',
      tsx,
      path.join(root, 'test/conformance/client/fixtures/e2e-cli/segment-node-e2e-cli.ts'),
    ],
    driver: [process.execPath, cli, 'driver', '--client', 'segment-node'],
  },
} as const;

for (const [client, subject] of Object.entries(subjects)) {
  const e2e = await check(['--protocol', 'e2e-cli'], subject.e2e);
  const oneAtATime = await check(['--protocol', 'e2e-cli', '--parallel-runs', '1'], subject.e2e);
  const driver = await check([], subject.driver);
  report(`client suite, default settings, ${client} through its e2e CLI`, {
    'e2e CLI, wall time': seconds(e2e, LIMIT_MS),
    '  verdicts': verdicts(e2e),
    '  clauses cut short by the budget': cutShort(e2e),
    'e2e CLI, --parallel-runs 1': seconds(oneAtATime, LIMIT_MS),
    '  verdicts ': verdicts(oneAtATime),
    '  clauses cut short by the budget ': cutShort(oneAtATime),
    'driver, wall time': seconds(driver, LIMIT_MS),
    '  verdicts  ': verdicts(driver),
    '  clauses cut short by the budget  ': cutShort(driver),
    'ratio (one at a time / e2e CLI)': ratio(oneAtATime, e2e),
    'ratio (driver / e2e CLI)': ratio(driver, e2e),
    target: e2e.finished && e2e.ms < 60_000 ? 'met (< 60 s)' : 'MISSED (>= 60 s)',
  });
}
