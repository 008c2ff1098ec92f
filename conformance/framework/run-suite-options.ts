import type { ClauseResult } from './suite-report.js';

/** What the progress callback learns besides the result: how long the clause took (not in the report, which stays reproducible). */
export interface ClauseProgress {
  readonly durationMs: number;
  /** How many clauses finished before this one (from 0): clauses running side by side finish out of order. */
  readonly index: number;
  readonly total: number;
  /** The clause's place in the suite's order (from 0), where the report lists it. */
  readonly position: number;
  /** For a clause that passed after fewer runs than asked (its share of the budget ended them): how many of how many. */
  readonly runs?: { readonly ran: number; readonly asked: number };
}

export interface RunSuiteOptions {
  /** Default: a random seed, printed in the report so any run can be replayed. */
  readonly seed?: number;
  /** Runs per property clause. Default 100. */
  readonly runs?: number;
  /** Run only these clause ids. */
  readonly only?: readonly string[];
  /** Leave these clause ids out (reported as skip; a MUST clause left out fails the run unless waived). */
  readonly skip?: readonly string[];
  /** Accept these clause ids as not run (`--waive ID`): not run, listed in every report, never a failure. */
  readonly waive?: readonly string[];
  /** With exactly one `only`: the fast-check path that replays its counterexample. */
  readonly path?: string;
  /**
   * Time limit of one clause. Property clauses stop generating and shrinking at it and keep the smallest
   * failure found so far; a clause still busy a grace period later is cut off and fails with a message saying so.
   */
  readonly clauseTimeLimitMs?: number;
  /**
   * Wall-clock budget of the whole run, default 60 s (DEFAULT_BUDGET_MS): each clause gets its share of what is left,
   * and the run ends within the budget with a report whatever the subject does; clauses left when it is spent are
   * reported as not run (exit 1 unless waived).
   */
  readonly budgetMs?: number;
  /**
   * When the run began, for the budget (Date.now() ms; default: when runSuite is called): a suite that does work of
   * its own first (a first delivery, starting the first driver) counts it against the same budget.
   */
  readonly startedAt?: number;
  /** Called after each clause, e.g. to stream progress. */
  readonly onClause?: (result: ClauseResult, progress: ClauseProgress) => void;
}

export const DEFAULT_RUNS = 100;

/** The wall-clock budget of a suite run when none is given: a verdict within a minute, whatever the subject does. */
export const DEFAULT_BUDGET_MS = 60_000;
