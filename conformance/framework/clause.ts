/** How binding a clause is: a failed MUST fails the run (exit 1); a failed SHOULD is reported only. */
export type ClauseLevel = 'MUST' | 'SHOULD';

export const CLAUSE_LEVELS: readonly ClauseLevel[] = ['MUST', 'SHOULD'];

export type ClauseStatus = 'pass' | 'fail' | 'skip';

/** What one clause concluded. `counterexample` is JSON (for the receiver suite: the request sent and the answer). */
export type ClauseOutcome =
  | {
      readonly status: 'pass';
      /**
       * Set when the clause's share of the budget (or its time limit) ended its property before every run it was
       * asked for: how many ran, and of how many. Shown in the progress line; the report stays reproducible.
       */
      readonly runs?: { readonly ran: number; readonly asked: number };
    }
  | {
      readonly status: 'skip';
      readonly message: string;
      readonly notApplicable?: true;
      /** The clause whose failure kept this one from being judged ("fix X first"). */
      readonly blockedBy?: string;
    }
  | { readonly status: 'fail'; readonly message: string; readonly counterexample?: unknown; readonly path?: string };

/** What the runner hands each clause besides the suite's own context. */
export interface ClauseEnv {
  /** The clause's own seed, derived from the suite seed and the clause id, so `--only` replays the same values. */
  readonly seed: number;
  /** Runs per property (the suite's `runs`). */
  readonly runs: number;
  /** A fast-check path to replay one counterexample, when replaying a single clause. */
  readonly path?: string;
  /**
   * This clause's share of the time left (its own time limit, the suite's budget shared among the clauses still
   * to run): past it, generation and shrinking stop and what was found is kept; a run under way still finishes.
   */
  readonly timeLimitMs?: number;
  /** The verdicts of the clauses that ran before this one, so a clause can leave out what already failed elsewhere. */
  readonly statuses?: ReadonlyMap<string, ClauseStatus>;
}

/**
 * One checkable statement of the rules (docs/rules.md). `id` starts with the number of its rule (`5.1.signature.valid`), `spec`
 * points at the section, `title` says what holds when the clause passes.
 */
export interface Clause<Context> {
  readonly id: string;
  readonly level: ClauseLevel;
  readonly title: string;
  readonly spec: string;
  /** Clauses that must pass first; when one failed, this clause is skipped and says which to fix first. */
  readonly requires?: readonly string[];
  /**
   * Clauses whose failure also makes this one a skip ("fix X first"), but which it does not wait for: with
   * several workers it runs beside them, and its verdict is held until they finish and dropped when one failed.
   * For requirements of attribution only (a clause that would fail too, for the same cause), so a long chain of
   * slow clauses does not run one after another. Run one at a time, it behaves as `requires`.
   */
  readonly judgedAfter?: readonly string[];
  /**
   * Clauses that must have finished before this one starts, whatever their verdict (this one does not build on
   * them): it reads what they found (a payload kind that failed its own clause is left out here), or it must not
   * share the subject with them (4.1.concurrent sends the whole concurrency at once).
   */
  readonly after?: readonly string[];
  /**
   * Rough real time of the clause relative to a quick one (default 1). With several workers, the costly clauses
   * among those ready start first, so the longest ones do not start last; the report is the same either way.
   */
  readonly cost?: number;
  /**
   * A reason the clause is not part of this suite at all (it is about another kind of destination than the one
   * tested), or undefined. Only such a skip leaves the verdict alone.
   */
  outsideSuite?(context: Context): string | undefined;
  /**
   * A reason the clause cannot run as the subject was described (no secret or header given, a feature the
   * target declares it lacks), or undefined to run. Like every other clause that does not run (a requirement
   * failed, --skip, out of time), a MUST clause skipped so fails the run unless waived by name: a skip is not a pass.
   */
  skipReason?(context: Context): string | undefined;
  run(context: Context, env: ClauseEnv): Promise<ClauseOutcome>;
}
