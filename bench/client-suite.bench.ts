// The client suite as users run it: the built CLI, `check client` at default settings (20 runs, --quiet, four
// clauses at once on four driver processes, the 60 s budget), against our own client (`event-harness driver`) and
// against @segment/analytics-node (`--client segment-node`), the slowest of the shipped real-SDK drivers (125 s
// before this round, in docs/client-suite.md's results).
// Baseline, in the same run: the previous round's CLI (bench/suite-baseline.ts) with its own drivers, cut off at
// 240 s. Target: each judged within 60 s, with the same verdicts. Run `npm run build` first.
import { report } from './bench-kit.js';
import { baselineCli, cli, comparison, runWithin } from './suite-baseline.js';

const BASELINE_LIMIT_MS = 240_000;
const baseline = baselineCli();

for (const client of ['reference', 'segment-node'] as const) {
  const run = (main: string) =>
    runWithin(
      [
        main,
        'check',
        'client',
        '--seed',
        '1',
        '--quiet',
        '--reporter',
        'json',
        '--',
        process.execPath,
        main,
        'driver',
        '--client',
        client,
      ],
      BASELINE_LIMIT_MS,
    );
  const ours = await run(cli);
  const before = await run(baseline.cli);
  report(`client suite, default settings, ${client} driver`, comparison(ours, before, baseline.ref, BASELINE_LIMIT_MS));
}
