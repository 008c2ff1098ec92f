import { ClauseFailedError } from '../errors/conformance-errors.js';
import { failureDetails } from '../reporters/failure-details.js';
import type { Clause } from './clause.js';
import type { ClauseResult, SuiteReport } from './suite-report.js';

/** What a test context may offer; every member optional, so ava, node:test, vitest and jest contexts all fit. */
interface TestContextLike {
  pass?: () => void;
  skip?: (message?: string) => void;
  log?: (...values: unknown[]) => void;
}

/** The user's `test` function: ava's `test`, node:test's `test`, vitest's or jest's `test`/`it`. */
export type TestFunction = (title: string, implementation: (context?: unknown) => Promise<void>) => unknown;

export interface RegisterSuiteOptions {
  /** Register (and run) only these clause ids. */
  readonly only?: readonly string[];
  /** A failed SHOULD clause fails its test too (default: it only logs a warning). */
  readonly failOnShould?: boolean;
}

/** The failure a clause's test throws, or undefined when the test does not fail. */
function testFailure(
  whole: SuiteReport,
  result: ClauseResult,
  options: RegisterSuiteOptions,
): ClauseFailedError | undefined {
  // A MUST clause that did not run fails its test when nothing else would make the run red (left out, out of
  // budget); when a MUST clause failed, the ones waiting on it stay skipped with "fix X first".
  const mustFailed = whole.clauses.some((c) => c.level === 'MUST' && c.status === 'fail');
  if (!mustFailed && (whole.notRun ?? []).includes(result.id))
    return new ClauseFailedError(
      `MUST ${result.id} did not run: ${result.message ?? ''}. Every MUST clause must run and pass, or be waived by name (waive: ['${result.id}']).`,
    );
  if (result.status === 'fail' && (result.level === 'MUST' || options.failOnShould === true))
    return new ClauseFailedError(`${result.level} ${result.id}: ${failureDetails(result, { shorten: true })}`);
  return undefined;
}

/** What the test says of a clause that neither passed nor fails it: a SHOULD failure, a skip, a clause not applicable. */
function noteOf(result: ClauseResult): string {
  if (result.status === 'fail') return `SHOULD ${result.id} failed: ${failureDetails(result, { shorten: true })}`;
  if (result.notApplicable === true)
    // An e2e-cli clause says itself why it is not applicable ("not applicable to the e2e-cli contract: ...").
    return (result.message ?? '').startsWith('not applicable')
      ? `${result.id} ${result.message ?? ''}`
      : `${result.id} not applicable (about another kind of subject): ${result.message ?? ''}`;
  return `${result.id} skipped: ${result.message ?? ''}`;
}

/** Reports a clause's result through whatever the test context offers: pass, skip with a note, or log and pass. */
function reportClause(t: TestContextLike, result: ClauseResult | undefined): void {
  if (result === undefined || result.status === 'pass') {
    if (typeof t.pass === 'function') t.pass();
    return;
  }
  const note = noteOf(result);
  if (result.status === 'skip' && typeof t.skip === 'function') {
    t.skip(note);
    return;
  }
  if (typeof t.log === 'function') t.log(note);
  else process.emitWarning(note, { code: 'EVENT_HARNESS_CLAUSE' });
  if (typeof t.pass === 'function') t.pass();
}

/**
 * Registers one test per clause with the user's test runner. The suite runs once, on the first test that
 * needs it, clauses in order (the runner may run tests concurrently; the target still sees one clause at
 * a time); each test then reports its clause: a failure throws with message, counterexample and replay.
 */
export function registerSuite(
  test: TestFunction,
  definition: { readonly name: string; readonly clauses: readonly Pick<Clause<never>, 'id' | 'level' | 'title'>[] },
  runOnce: () => Promise<SuiteReport>,
  options: RegisterSuiteOptions = {},
): void {
  let report: Promise<SuiteReport> | undefined;
  const run = () => (report ??= runOnce());
  const only = options.only ?? [];
  for (const clause of definition.clauses) {
    if (only.length > 0 && !only.includes(clause.id)) continue;
    // A rest parameter keeps the function's length 0: jest takes a one-parameter test function for a callback test.
    test(`${definition.name} ${clause.id} (${clause.level}): ${clause.title}`, async (...context: unknown[]) => {
      const t = (context[0] ?? {}) as TestContextLike;
      const whole = await run();
      const result = whole.clauses.find((c) => c.id === clause.id);
      const failure = result === undefined ? undefined : testFailure(whole, result, options);
      if (failure !== undefined) throw failure;
      reportClause(t, result);
    });
  }
}
