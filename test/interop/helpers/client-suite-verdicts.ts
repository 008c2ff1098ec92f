import type { ExecutionContext } from 'ava';
import path from 'node:path';
import {
  clientClauses,
  e2eCliClauses,
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

/** The clauses the e2e-cli contract cannot express: reported not applicable through an e2e CLI, whatever the SDK. */
export const NOT_IN_E2E_CLI = [
  '2.3.valid-calls',
  '2.3.invalid-calls.refused',
  '4.2.event-size.refused',
  '4.2.batch-size',
  '4.3.flush',
] as const;

/** An e2e CLI of the fixtures (test/conformance/client/fixtures/e2e-cli/), a real child process per run. */
export function fixtureE2eCli(name: string, ...args: string[]): ClientTarget {
  return {
    command: [
      process.execPath,
      '--import',
      tsxLoader,
      path.join(repoRoot, `test/conformance/client/fixtures/e2e-cli/${name}-e2e-cli.ts`),
      ...args,
    ],
    cwd: repoRoot,
  };
}

/** Runs of each property clause through an e2e CLI: they go side by side, so a few cost about what one does. */
export const E2E_SUITE_RUNS = 3;

/**
 * Runs the client suite through an SDK's e2e CLI and checks every clause against its SDK's driver verdicts: the same
 * verdict wherever the contract can express the clause, not applicable where it cannot, and the clauses of the CLI's
 * own result as `own` says. Within the suite's minute.
 */
export async function checkE2eCliVerdicts(
  t: ExecutionContext,
  target: ClientTarget,
  driver: ExpectedVerdicts,
  own: ExpectedVerdicts,
): Promise<SuiteReport> {
  t.timeout(180_000, 'the client suite through an e2e CLI');
  const expected: Record<string, readonly ['MUST' | 'SHOULD', Verdict]> = {};
  for (const [id, [level, verdict]] of Object.entries(driver))
    expected[id] = [level, (NOT_IN_E2E_CLI as readonly string[]).includes(id) ? 'notApplicable' : verdict];
  Object.assign(expected, own);
  const started = Date.now();
  const report = await runClientSuite({ protocol: 'e2e-cli', target, seed: SDK_SUITE_SEED, runs: E2E_SUITE_RUNS });
  const took = Date.now() - started;
  t.log(`client suite through ${target.command.at(-1) ?? ''}: ${(took / 1000).toFixed(1)} s`);
  t.true(took < 60_000 + 10_000, `judged in ${took} ms, within the suite's budget of a minute`);
  const changes: string[] = [];
  for (const clause of report.clauses) {
    const want = expected[clause.id];
    const got = [clause.level, verdictOf(clause)] as const;
    if (want === undefined || want[0] !== got[0] || want[1] !== got[1])
      changes.push(
        `${clause.id}: expected ${want?.join(' ') ?? 'nothing (not in the tables)'}, the suite gave ${got.join(' ')}${clause.message !== undefined ? ` (${clause.message})` : ''}`,
      );
  }
  t.deepEqual(changes, [], `verdicts through the e2e CLI differ:\n${changes.join('\n')}`);
  t.deepEqual(
    report.clauses.map((c) => c.id),
    e2eCliClauses.map((c) => c.id),
    'every clause of the e2e-cli suite is reported',
  );
  // Wherever both judged, the driver's verdict; a clause the contract cannot express is never passed.
  for (const clause of report.clauses) {
    const through = driver[clause.id]?.[1];
    if (verdictOf(clause) === 'notApplicable')
      t.regex(clause.message ?? '', /^not applicable to the e2e-cli contract: /);
    else if (through === 'pass' || through === 'fail') t.is(verdictOf(clause), through, clause.id);
  }
  return report;
}
