import { ClauseTimeoutError } from '../errors/conformance-errors.js';
import type { Clause, ClauseOutcome } from './clause.js';
import { deriveSeed } from './derive-seed.js';
import type { SuiteDefinition } from './suite-definition.js';
import type { ClauseResult } from './suite-report.js';

/** What the runner knows when a clause's turn comes: the run's settings and the verdicts so far. */
export interface ClauseRunState {
  seed: number;
  runs: number;
  path?: string;
  timeLimitMs?: number;
  skipped: boolean;
  statuses: ReadonlyMap<string, ClauseResult['status']>;
  /** Clauses not checked because another failed, with that clause: a clause that builds on them is not checked either. */
  blocked: ReadonlyMap<string, string>;
  deadline: number;
  budgetMs: number | undefined;
  /**
   * This clause's share of the budget left when it starts (the budget left times its cost over the cost of every
   * clause not yet started, times the clauses that run at once): its property stops starting runs there, so the
   * clauses after it get their share too. Infinite without a budget.
   */
  shareMs: number;
  /** Shared by every clause of a run: set when a clause is cut off by the budget, so no later clause starts
   * even when a timer fired a millisecond before the wall clock reached the deadline. */
  budget: { spent: boolean };
}

/** After its time limit a property clause gets this long to report what it found before it is cut off. */
export function hardLimitOf(timeLimitMs: number): number {
  return timeLimitMs + Math.max(2_000, Math.round(timeLimitMs / 4));
}

type Cut = { readonly cut: 'timeout' | 'budget' | 'cancelled'; readonly ms: number; readonly failedFirst?: string };

/** Every clause whose failure makes this one a skip: those it waits for and those it is judged after. */
function prerequisites(clause: Clause<unknown>): readonly string[] {
  return [...(clause.requires ?? []), ...(clause.judgedAfter ?? [])];
}

/** The skip of a clause whose prerequisite failed: it names what to fix first. */
export function notChecked(failedFirst: string): ClauseOutcome {
  return {
    status: 'skip',
    message: `not checked: ${failedFirst} failed, and this clause cannot be judged until it passes; fix ${failedFirst} first`,
    blockedBy: failedFirst,
  };
}

/** The outcome of a clause that does not run (left out, a requirement failed, does not apply, no budget left), or undefined to run it. */
export function settledBeforeRun<Context>(
  clause: Clause<Context>,
  context: Context,
  state: ClauseRunState,
): ClauseOutcome | undefined {
  // About another kind of subject: not part of this run whatever else happened in it (a failed requirement too).
  const outside = clause.outsideSuite?.(context);
  if (outside !== undefined) return { status: 'skip', message: outside, notApplicable: true };
  if (state.skipped) return { status: 'skip', message: 'left out with --skip' };
  // A clause it is judged after that already failed skips it too, before it runs; so does one that was not
  // checked itself, naming the failed clause at the root, the one to fix.
  for (const id of prerequisites(clause)) {
    if (state.statuses.get(id) === 'fail') return notChecked(id);
    const root = state.blocked.get(id);
    if (root !== undefined) return notChecked(root);
  }
  const reason = clause.skipReason?.(context);
  if (reason !== undefined) return { status: 'skip', message: reason };
  if (state.budget.spent || state.deadline - Date.now() <= 0)
    return {
      status: 'skip',
      message: `not run: the suite's budget of ${state.budgetMs ?? 0} ms was spent before this clause's turn; raise --budget-ms or run it alone with --only ${clause.id}`,
    };
  return undefined;
}

/** The runner's verdict on a clause it cut off, once the clause has been told to stop touching its subject. */
async function outcomeOfCut<Context>(
  definition: SuiteDefinition<Context>,
  clause: Clause<Context>,
  context: Context,
  state: ClauseRunState,
  cut: Cut,
): Promise<ClauseOutcome> {
  await definition.interrupt?.(context);
  if (cut.cut === 'cancelled') return notChecked(cut.failedFirst ?? '');
  if (cut.cut === 'budget') {
    state.budget.spent = true;
    return {
      status: 'skip',
      message: `not finished: the suite's budget of ${state.budgetMs ?? 0} ms ran out ${cut.ms} ms into this clause; raise --budget-ms or run it alone with --only ${clause.id}`,
    };
  }
  return {
    status: 'fail',
    message: `The clause did not finish within its time limit of ${cut.ms} ms and was cut off: the subject kept it waiting (a call, flush or request that never completed). The clauses before it say what already went wrong; otherwise raise --clause-timeout-ms.`,
  };
}

/** The verdict on a clause that threw: the run's end for a fatal error, otherwise a failure saying why. */
async function outcomeOfError<Context>(
  definition: SuiteDefinition<Context>,
  context: Context,
  error: unknown,
): Promise<ClauseOutcome> {
  if (definition.isFatal?.(error) === true) throw error;
  if (error instanceof ClauseTimeoutError) {
    // fast-check gave up waiting on the run, which still goes on: stop it touching the subject.
    await definition.interrupt?.(context);
    return { status: 'fail', message: `The clause did not finish: ${error.message}.` };
  }
  return {
    status: 'fail',
    message: `The clause could not be judged: ${error instanceof Error ? error.message : String(error)}. This is an error of the suite against this subject, reported here instead of ending the run.`,
  };
}

/**
 * The limits of a clause starting now. Hard: it is cut off (its own limit and its grace, or the end of the budget).
 * Soft: no new run starts and shrinking stops (its own limit, its share of the budget, and never beyond what is
 * left of it). A run under way still finishes up to the hard limit, so a share shorter than one run costs runs,
 * never the verdict.
 */
function limitsOf(state: ClauseRunState): { hard: number; remaining: number; limit: number; soft: number } {
  const remaining = state.deadline - Date.now();
  const hard = state.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : hardLimitOf(state.timeLimitMs);
  const soft = Math.min(state.timeLimitMs ?? Number.POSITIVE_INFINITY, state.shareMs, Math.round(remaining * 0.8));
  return { hard, remaining, limit: Math.min(hard, remaining), soft };
}

/**
 * Runs one clause within its time limit and what is left of the budget, and says how it ended: its own
 * outcome, or the runner's verdict when it was cut off, cancelled or threw.
 */
export async function runClause<Context>(
  definition: SuiteDefinition<Context>,
  clause: Clause<Context>,
  context: Context,
  state: ClauseRunState,
  cancelled?: Promise<string>,
): Promise<ClauseOutcome> {
  const early = settledBeforeRun(clause, context, state);
  if (early !== undefined) return early;
  const { hard, remaining, limit, soft } = limitsOf(state);
  const running = clause.run(context, {
    seed: deriveSeed(state.seed, clause.id),
    runs: state.runs,
    statuses: state.statuses,
    ...(state.path !== undefined ? { path: state.path } : {}),
    ...(Number.isFinite(soft) ? { timeLimitMs: Math.max(1, Math.round(soft)) } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const cutOff = Number.isFinite(limit)
    ? new Promise<Cut>(
        (resolve) =>
          (timer = setTimeout(() => resolve({ cut: hard <= remaining ? 'timeout' : 'budget', ms: limit }), limit)),
      )
    : undefined;
  try {
    const stop = cancelled?.then((failedFirst): Cut => ({ cut: 'cancelled', ms: 0, failedFirst }));
    const settled = await Promise.race([
      running,
      ...(cutOff === undefined ? [] : [cutOff]),
      ...(stop === undefined ? [] : [stop]),
    ]);
    if (!('cut' in settled)) return settled;
    // The clause keeps running in the background until the interrupt makes its waits end: its result is dropped.
    running.catch(() => undefined);
    return await outcomeOfCut(definition, clause, context, state, settled);
  } catch (error) {
    return await outcomeOfError(definition, context, error);
  } finally {
    clearTimeout(timer);
  }
}
