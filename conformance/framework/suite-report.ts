import type { ClauseLevel, ClauseStatus } from './clause.js';

/** One clause in a report (the JSON report format (docs/receiver-suite.md)). */
export interface ClauseResult {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly status: ClauseStatus;
  readonly message?: string;
  readonly counterexample?: unknown;
  readonly replay?: string;
  /** Set on a clause the user waived by name (`--waive ID`): it was not run and does not count. */
  readonly waived?: true;
  /**
   * Set on a skipped clause about another kind of subject than the one tested (`2.2.actions-batch` in a classic
   * Webhooks run): it is not part of this run, so it neither counts as not run nor needs a waiver.
   */
  readonly notApplicable?: true;
  /**
   * Set on a clause skipped because a clause it builds on failed: that clause's id. Reports list such clauses once,
   * under the one line that says which clause to fix first.
   */
  readonly blockedBy?: string;
}

/**
 * The report of one suite run (the JSON report format (docs/receiver-suite.md)). No timestamps or durations: the same seed against the
 * same target gives the same report, byte for byte.
 */
export interface SuiteReport {
  readonly suite: string;
  readonly seed: number;
  /**
   * True when every MUST clause ran and passed or was waived by name. A clause about another kind of
   * destination (the Actions batch clause in a classic Webhooks run) is not part of the run.
   */
  readonly passed: boolean;
  readonly clauses: readonly ClauseResult[];
  /** The clause ids the user waived (`--waive ID`, `waive: [...]`), listed in every report. */
  readonly waived: readonly string[];
  /**
   * MUST clauses that did not run (a requirement failed, left out with --skip, out of time, nothing given to run
   * them with such as --secret, a feature the target declares it lacks) and were not waived.
   */
  readonly notRun: readonly string[];
}

/** Titles and rule references, for the reporters that address people. */
export type ClauseTitles = ReadonlyMap<string, { readonly title: string; readonly spec: string }>;

/** How strict the exit code is: `failOnShould` makes a failed SHOULD clause fail the run too (`--fail-on-should`). */
export interface ExitOptions {
  readonly failOnShould?: boolean;
}

/** Whether a SHOULD clause failed: with `failOnShould`, that fails the run too. */
export function shouldFailed(report: SuiteReport): boolean {
  return report.clauses.some((c) => c.level === 'SHOULD' && c.status === 'fail');
}

/**
 * The `check` exit code: 0 every MUST clause passed, 1 a MUST clause failed or did not run (unless waived), or
 * with `failOnShould` a SHOULD clause failed.
 */
export function exitCodeOf(report: SuiteReport, options: ExitOptions = {}): 0 | 1 {
  if (!report.passed) return 1;
  return options.failOnShould === true && shouldFailed(report) ? 1 : 0;
}
