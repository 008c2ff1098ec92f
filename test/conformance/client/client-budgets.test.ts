import test from 'ava';
import { clientClauses, runClientSuite } from '../../../conformance/index.js';
import { brokenDriver, OPS_ONLY } from './helpers/broken-clients.js';

const BUDGET_MS = 15_000;
/** Past the budget: the clause cut off, its driver killed, the workers stopped, the report built. */
const WIND_DOWN_MS = 6_000;

// As measured: a client that never flushes on count and a slow old-style SDK were still being judged at 120 s (the
// default budget was 10 minutes). The suite now ends within its wall-clock budget (60 s by default; 15 s here) with a
// report, whatever the client does, and no clause fails for want of time.
for (const [bug, capabilities, allowed] of [
  ['ignores-flush-at', `${OPS_ONLY},flushAt,flushAfter`, ['4.3.flush-at']],
  // No knobs, a 10 s flush interval (the rules say 5 s) and a backoff from 1 s.
  ['slow-old-style', OPS_ONLY, ['4.3.flush-after']],
] as const) {
  test.serial(
    `a client that ${bug === 'ignores-flush-at' ? 'never sends on count' : 'is slow and old-style'} is judged within the budget, with a report, and no clause fails for want of time`,
    async (t) => {
      t.timeout(BUDGET_MS + 60_000);
      const started = Date.now();
      const report = await runClientSuite({
        target: brokenDriver(bug, { BROKEN_CLIENT_CAPABILITIES: capabilities }),
        seed: 7,
        budgetMs: BUDGET_MS,
      });
      const elapsed = Date.now() - started;
      t.true(elapsed < BUDGET_MS + WIND_DOWN_MS, `ended after ${elapsed} ms`);
      t.deepEqual(
        report.clauses.map((c) => c.id),
        clientClauses.map((c) => c.id),
      );
      const failed = report.clauses.filter((c) => c.status === 'fail');
      t.deepEqual(
        failed.filter((c) => !(allowed as readonly string[]).includes(c.id)).map((c) => `${c.id}: ${c.message ?? ''}`),
        [],
      );
      t.true(
        failed.every((c) => !/did not finish|cut off/.test(c.message ?? '')),
        'no clause fails for lack of time',
      );
      t.false(report.passed);
    },
  );
}

test.serial(
  '4.2.batch-size names a request over 500 KiB that the mock refused, though the client then hangs in close; the clause limits follow --clause-timeout-ms',
  async (t) => {
    // As measured: a 525 KB request answered 400 was reported only as "did not finish within 10000 ms", a limit fixed
    // in code, which --clause-timeout-ms did not change.
    const report = await runClientSuite({
      target: brokenDriver('unbounded-hangs', { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` }),
      seed: 3,
      runs: 2,
      only: ['5.3.write-key', '4.2.accepted', '4.2.batch-size'],
      clauseTimeLimitMs: 30_000,
    });
    const clause = report.clauses.find((c) => c.id === '4.2.batch-size');
    t.is(clause?.status, 'fail');
    t.regex(
      clause?.message ?? '',
      /^A request body was \d+ bytes, over the limit of 512000 \(500 KiB\), after \d+ calls .*; the mock answered 400/,
    );
  },
);

test.serial(
  'a timestamp with 6 or 9 fraction digits (Python isoformat, Go RFC 3339 nano) passes 2.2.timestamp.milliseconds',
  async (t) => {
    // As measured: "2.2.timestamp.milliseconds fails 6- and 9-digit fractions claiming events of the same second lose
    // their order".
    for (const bug of ['python-style', 'go-nano-timestamps']) {
      const report = await runClientSuite({
        target: brokenDriver(bug, { BROKEN_CLIENT_CAPABILITIES: `${OPS_ONLY},flushAt,flushAfter` }),
        seed: 5,
        runs: 3,
        only: ['5.3.write-key', '4.2.accepted', '2.2.timestamp', '2.2.timestamp.milliseconds'],
      });
      t.deepEqual(
        report.clauses.filter((c) => c.status !== 'pass').map((c) => `${bug} ${c.id}: ${c.message ?? ''}`),
        [],
      );
    }
  },
);
