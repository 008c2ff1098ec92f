import type { ExecutionContext } from 'ava';
import path from 'node:path';
import {
  clientClauses,
  exitCodeOf,
  runClientSuite,
  type ClientTarget,
  type SuiteReport,
} from '../../../conformance/index.js';
import { repoRoot, tsxLoader } from '../../helpers/spawn-cli.js';

/**
 * A clause's verdict: it passed, failed, is about another kind of subject (the report marks it notApplicable),
 * or did not run (a clause it builds on failed, left out, out of time).
 */
export type Verdict = 'pass' | 'fail' | 'notApplicable' | 'notRun';
export type ExpectedVerdicts = Readonly<Record<string, readonly ['MUST' | 'SHOULD', Verdict]>>;

/** `event-harness driver --client NAME` from source, a real child process, as `check client` runs it. */
export function shippedDriver(client: string): ClientTarget {
  return {
    command: [
      process.execPath,
      '--import',
      tsxLoader,
      path.join(repoRoot, 'src/cli/main.ts'),
      'driver',
      '--client',
      client,
    ],
    cwd: repoRoot,
  };
}

export function verdictOf(clause: SuiteReport['clauses'][number]): Verdict {
  if (clause.status !== 'skip') return clause.status;
  return clause.notApplicable === true ? 'notApplicable' : 'notRun';
}

/** Seed and runs of every SDK file: one run per property clause keeps each file near a minute. */
export const SDK_SUITE_SEED = 7;
export const SDK_SUITE_RUNS = 1;

/**
 * Runs the client suite against a shipped SDK driver and checks the verdict of every clause against the table,
 * then the overall result (exit code 1 whenever a MUST clause failed or did not run). A changed verdict fails
 * with a message naming each clause that changed, both verdicts and the suite's own message.
 */
export async function checkSdkVerdicts(
  t: ExecutionContext,
  client: string,
  expected: ExpectedVerdicts,
): Promise<SuiteReport> {
  t.timeout(360_000, `the client suite against ${client}`);
  const started = Date.now();
  const report = await runClientSuite({ target: shippedDriver(client), seed: SDK_SUITE_SEED, runs: SDK_SUITE_RUNS });
  t.log(`client suite against ${client}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const changes: string[] = [];
  for (const clause of report.clauses) {
    const want = expected[clause.id];
    const got = [clause.level, verdictOf(clause)] as const;
    if (want === undefined)
      changes.push(
        `${clause.id}: no expected verdict in the table; the suite gave ${got.join(' ')}${clause.message !== undefined ? ` (${clause.message})` : ''}`,
      );
    else if (want[0] !== got[0] || want[1] !== got[1])
      changes.push(
        `${clause.id}: expected ${want.join(' ')}, the suite gave ${got.join(' ')}${clause.message !== undefined ? ` (${clause.message})` : ''}`,
      );
  }
  for (const id of Object.keys(expected))
    if (!report.clauses.some((c) => c.id === id)) changes.push(`${id}: in the table but not in the report`);
  t.deepEqual(changes, [], `verdicts of ${client} changed:\n${changes.join('\n')}`);
  t.deepEqual(
    report.clauses.map((c) => c.id),
    clientClauses.map((c) => c.id),
    'every clause of the suite is reported',
  );
  const mustHolds = Object.values(expected).every(([level, verdict]) => level !== 'MUST' || verdict === 'pass');
  t.is(report.passed, mustHolds);
  t.is(exitCodeOf(report), mustHolds ? 0 : 1);
  return report;
}
