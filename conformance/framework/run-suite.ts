import { randomInt } from 'node:crypto';
import { ClauseTimeoutError } from '../errors/clause-timeout-error.js';
import { UnknownClauseError } from '../errors/unknown-clause-error.js';
import type { Clause, ClauseOutcome } from './clause.js';
import { deriveSeed } from './derive-seed.js';
import { shellCommand } from './shell-quote.js';
import type { ClauseResult, ClauseTitles, SuiteReport } from './suite-report.js';

/** A suite: its name, its clauses in the order they run, and how to replay one of them from a shell. */
export interface SuiteDefinition<Context> {
  readonly name: string;
  readonly clauses: readonly Clause<Context>[];
  /** The command that reruns this suite against the same target, without --seed/--runs/--only/--path. */
  replayCommand(context: Context): readonly string[];
  /**
   * Arguments that must come after --seed/--runs/--only/--path, e.g. `-- DRIVER COMMAND...` of
   * `check client`, where everything after `--` belongs to the driver.
   */
  replayTail?(context: Context): readonly string[];
  /**
   * Called when a clause is cut off at its time limit: whatever it was still doing must stop touching the
   * subject (the client suite kills the driver, so the next clause starts a fresh one).
   */
  interrupt?(context: Context): Promise<void>;
  /** Errors that end the whole run (a driver that cannot start): rethrown instead of failing one clause. */
  isFatal?(error: unknown): boolean;
}

/** What the progress callback learns besides the result: how long the clause took (not in the report, which stays reproducible). */
export interface ClauseProgress {
  readonly durationMs: number;
  /** How many clauses finished before this one (from 0): clauses running side by side finish out of order. */
  readonly index: number;
  readonly total: number;
  /** The clause's place in the suite's order (from 0), where the report lists it. */
  readonly position: number;
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
  /** Budget of the whole run: clauses left when it is spent are reported as not run (exit 1 unless waived). */
  readonly budgetMs?: number;
  /** Called after each clause, e.g. to stream progress. */
  readonly onClause?: (result: ClauseResult, progress: ClauseProgress) => void;
}

export const DEFAULT_RUNS = 100;

export function randomSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/** Throws UnknownClauseError when a name in only/skip is not a clause id, listing the ids there are. */
export function assertKnownClauses(clauses: readonly { id: string }[], names: readonly string[], option: string): void {
  const ids = new Set(clauses.map((c) => c.id));
  const unknown = names.filter((name) => !ids.has(name));
  if (unknown.length > 0)
    throw new UnknownClauseError(
      `${option} ${unknown.map((n) => JSON.stringify(n)).join(', ')}: no such clause; expected one of ${[...ids].join(', ')}`,
    );
}

export function clauseTitles(clauses: readonly Clause<never>[]): ClauseTitles {
  return new Map(clauses.map((c) => [c.id, { title: c.title, spec: c.spec }]));
}

/** After its time limit a property clause gets this long to report what it found before it is cut off. */
export function hardLimitOf(timeLimitMs: number): number {
  return timeLimitMs + Math.max(2_000, Math.round(timeLimitMs / 4));
}

type Cut = { readonly cut: 'timeout' | 'budget' | 'cancelled'; readonly ms: number; readonly failedFirst?: string };

/**
 * More instances of the subject, so clauses that do not share one run side by side (the client suite: one
 * mock and one driver process per worker). Without it, or with size 1, the clauses run one after another.
 */
export interface SuiteWorkers<Context> {
  /** How many clauses may run at once, the given context included; fewer are started when fewer clauses run. */
  readonly size: number;
  /**
   * Starts the context of one more worker. Called in the background while the first clauses run on the given
   * context; a rejection ends the run with that error (the starter closes what it started).
   */
  start(): Promise<Context>;
}

/** Every clause whose failure makes this one a skip: those it waits for and those it is judged after. */
function prerequisites(clause: Clause<unknown>): readonly string[] {
  return [...(clause.requires ?? []), ...(clause.judgedAfter ?? [])];
}

/**
 * The order clauses are handed to free workers: first those that others wait for (the number of clauses that
 * transitively require each one), so chains of requirements start as early as they can; then the costly ones,
 * so the longest do not start last; ties keep the suite's order.
 */
function dispatchOrder<Context>(chosen: readonly Clause<Context>[]): Clause<Context>[] {
  const waitingOn = new Map<string, number>();
  for (const clause of chosen) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      for (const other of chosen) {
        if (!(other.requires ?? []).includes(id) || seen.has(other.id)) continue;
        seen.add(other.id);
        visit(other.id);
      }
    };
    visit(clause.id);
    waitingOn.set(clause.id, seen.size);
  }
  const position = new Map(chosen.map((c, i) => [c.id, i]));
  return [...chosen].sort(
    (a, b) =>
      (waitingOn.get(b.id) ?? 0) - (waitingOn.get(a.id) ?? 0) ||
      (b.cost ?? 1) - (a.cost ?? 1) ||
      (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
}

/**
 * Runs the clauses and builds the report, in the suite's order whatever order they finished in. A clause
 * starts once every clause it `requires` (among those chosen) has finished; when one of them failed it is
 * skipped with a message naming what to fix first. With `workers`, up to `workers.size` clauses run at once,
 * each on its own worker's context (its own subject instance); otherwise one after another. Every clause
 * ends within its time limit and the run within its budget, whatever the subject does.
 */
export async function runSuite<Context>(
  definition: SuiteDefinition<Context>,
  context: Context,
  options: RunSuiteOptions = {},
  workers?: SuiteWorkers<Context>,
): Promise<SuiteReport> {
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? DEFAULT_RUNS;
  const only = options.only ?? [];
  const skip = new Set(options.skip ?? []);
  const waive = new Set(options.waive ?? []);
  assertKnownClauses(definition.clauses, only, '--only');
  assertKnownClauses(definition.clauses, [...skip], '--skip');
  assertKnownClauses(definition.clauses, [...waive], '--waive');
  if (options.path !== undefined && only.length !== 1)
    throw new UnknownClauseError(
      `--path replays one clause's counterexample, so it needs exactly one --only; received ${only.length}`,
    );
  if (workers !== undefined && !(Number.isInteger(workers.size) && workers.size >= 1))
    throw new RangeError(`runSuite: workers.size must be a whole number >= 1; received ${String(workers.size)}`);
  const deadline = options.budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.budgetMs;
  const statuses = new Map<string, ClauseResult['status']>();
  const results = new Map<string, Finished>();
  const chosen = definition.clauses.filter((clause) => only.length === 0 || only.includes(clause.id));
  const chosenIds = new Set(chosen.map((c) => c.id));
  // One at a time (no workers, or one): in the suite's order, each clause after the one before it, as always.
  const sequential = (workers?.size ?? 1) === 1;
  const waiting = sequential ? [...chosen] : dispatchOrder(chosen);
  const idle: Context[] = [context];
  const busy = new Set<Context>();
  const running = new Set<Promise<void>>();
  let fatal: { error: unknown } | undefined;
  let finished = 0;
  /** Resolves the wait of the dispatch loop: a clause finished, a worker started, or a start failed. */
  let wake: () => void = () => undefined;

  /** Ends a running clause early: its verdict no longer matters (a clause it is judged after failed). */
  const cancels = new Map<string, (reason: string) => void>();
  /** Verdicts held until the clauses they are judged after have finished. */
  const held: { clause: Clause<Context>; outcome: ClauseOutcome; started: number; durationMs: number }[] = [];
  const judgedAfterPending = (clause: Clause<Context>) =>
    (clause.judgedAfter ?? []).some((id) => chosenIds.has(id) && !statuses.has(id));
  const finish = (clause: Clause<Context>, ran: ClauseOutcome, started: number, durationMs = Date.now() - started) => {
    if (judgedAfterPending(clause)) {
      held.push({ clause, outcome: ran, started, durationMs });
      return;
    }
    const failedFirst = (clause.judgedAfter ?? []).find((id) => statuses.get(id) === 'fail');
    const outcome: ClauseOutcome = failedFirst !== undefined && ran.status !== 'skip' ? notChecked(failedFirst) : ran;
    statuses.set(clause.id, outcome.status);
    if (outcome.status === 'fail') {
      // Clauses running beside this one and judged after it are skipped whatever they find: stop them now.
      for (const other of chosen) if ((other.judgedAfter ?? []).includes(clause.id)) cancels.get(other.id)?.(clause.id);
    }
    const result: Finished = {
      id: clause.id,
      level: clause.level,
      status: outcome.status,
      ...(outcome.status !== 'pass' ? { message: outcome.message } : {}),
      ...(outcome.status === 'fail' && outcome.counterexample !== undefined
        ? { counterexample: outcome.counterexample }
        : {}),
      ...(outcome.status === 'fail'
        ? {
            replay: shellCommand([
              ...definition.replayCommand(context),
              '--seed',
              String(seed),
              '--runs',
              String(runs),
              '--only',
              clause.id,
              ...(outcome.path !== undefined && outcome.path !== '' ? ['--path', outcome.path] : []),
              ...(definition.replayTail?.(context) ?? []),
            ]),
          }
        : {}),
      ...(waive.has(clause.id) ? { waived: true as const } : {}),
      ...(outcome.status === 'skip' && outcome.notApplicable === true ? { notApplicable: true as const } : {}),
    };
    results.set(clause.id, result);
    // After a fatal error the run has ended: clauses still winding down on other workers are not reported.
    if (fatal === undefined)
      options.onClause?.(stripInternal(result), {
        durationMs,
        index: finished++,
        total: chosen.length,
        position: chosen.indexOf(clause),
      });
    // This verdict may be the last one a held verdict waited for.
    for (const waiting of held.filter((h) => !judgedAfterPending(h.clause))) {
      if (!held.includes(waiting)) continue;
      held.splice(held.indexOf(waiting), 1);
      finish(waiting.clause, waiting.outcome, waiting.started, waiting.durationMs);
    }
  };

  const state = (clause: Clause<Context>): OutcomeState => ({
    seed,
    runs,
    skipped: skip.has(clause.id),
    statuses,
    deadline,
    budgetMs: options.budgetMs,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(options.clauseTimeLimitMs !== undefined ? { timeLimitMs: options.clauseTimeLimitMs } : {}),
  });

  // Start the other workers in the background while the first clauses run: as many as can be busy at once.
  const skippedAtOnce = (clause: Clause<Context>) =>
    waive.has(clause.id) || skip.has(clause.id) || clause.skipReason?.(context) !== undefined;
  const extra =
    workers === undefined ? 0 : Math.max(0, Math.min(workers.size, chosen.filter((c) => !skippedAtOnce(c)).length) - 1);
  let starting = extra;
  for (let i = 0; i < extra; i++) {
    workers!.start().then(
      (started) => {
        starting--;
        idle.push(started);
        wake();
      },
      (error: unknown) => {
        starting--;
        fatal ??= { error };
        wake();
      },
    );
  }

  const ready = (clause: Clause<Context>) =>
    sequential
      ? waiting[0] === clause && running.size === 0
      : (clause.requires ?? []).every((id) => !chosenIds.has(id) || statuses.has(id));
  try {
    while (fatal === undefined && (waiting.length > 0 || running.size > 0 || held.length > 0)) {
      for (let i = 0; i < waiting.length && fatal === undefined; ) {
        const clause = waiting[i]!;
        if (!ready(clause)) {
          i++;
          continue;
        }
        const early = waive.has(clause.id)
          ? ({ status: 'skip', message: 'waived by name (--waive): not run, and accepted as not run' } as const)
          : settledBeforeRun(clause, context, state(clause));
        if (early !== undefined) {
          waiting.splice(i, 1);
          finish(clause, early, Date.now());
          // A finished clause may make an earlier one ready: look again from the start.
          i = 0;
          continue;
        }
        const worker = idle.shift();
        if (worker === undefined) {
          i++;
          continue;
        }
        waiting.splice(i, 1);
        busy.add(worker);
        const started = Date.now();
        let cancel: (reason: string) => void = () => undefined;
        const cancelled = new Promise<string>((resolve) => (cancel = resolve));
        cancels.set(clause.id, cancel);
        const task: Promise<void> = outcomeOf(definition, clause, worker, state(clause), cancelled)
          .then(
            (outcome) => finish(clause, outcome, started),
            (error: unknown) => void (fatal ??= { error }),
          )
          .finally(() => {
            cancels.delete(clause.id);
            running.delete(task);
            busy.delete(worker);
            idle.push(worker);
            wake();
          });
        running.add(task);
      }
      if (fatal !== undefined || (waiting.length === 0 && running.size === 0 && held.length === 0)) break;
      if (running.size === 0 && held.length > 0 && waiting.length === 0)
        throw new Error(
          `runSuite: the verdicts of ${held.map((h) => h.clause.id).join(', ')} wait on clauses that never finish`,
        );
      if (running.size === 0 && starting === 0 && idle.length === 0)
        throw new Error('runSuite: no worker is left to run the remaining clauses');
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (fatal !== undefined) throw fatal.error;
  } finally {
    if (fatal !== undefined) {
      // The run ends here: clauses still running on other workers stop touching their subjects.
      await Promise.all([...busy].map((worker) => definition.interrupt?.(worker).catch(() => undefined)));
    }
  }
  const ordered = chosen.map((clause) => results.get(clause.id)!);
  const notRun = ordered
    .filter((r) => r.level === 'MUST' && r.status === 'skip' && r.notApplicable !== true && r.waived !== true)
    .map((r) => r.id);
  const failedMust = ordered.some((r) => r.level === 'MUST' && r.status === 'fail');
  return {
    suite: definition.name,
    seed,
    passed: !failedMust && notRun.length === 0,
    clauses: ordered.map(stripInternal),
    waived: chosen.filter((c) => waive.has(c.id)).map((c) => c.id),
    notRun,
  };
}

/** A clause result with the runner's own bookkeeping: a skip that does not count as a MUST left undone. */
type Finished = ClauseResult & { readonly notApplicable?: true };

/** The report's clause without the runner's own bookkeeping. */
function stripInternal(result: Finished): ClauseResult {
  const { notApplicable: _, ...rest } = result;
  return rest;
}

interface OutcomeState {
  seed: number;
  runs: number;
  path?: string;
  timeLimitMs?: number;
  skipped: boolean;
  statuses: ReadonlyMap<string, ClauseResult['status']>;
  deadline: number;
  budgetMs: number | undefined;
}

function notChecked(failedFirst: string): ClauseOutcome {
  return {
    status: 'skip',
    message: `not checked: ${failedFirst} failed, and this clause cannot be judged until it passes; fix ${failedFirst} first`,
  };
}

/** The outcome of a clause that does not run (left out, a requirement failed, does not apply, no budget left), or undefined to run it. */
function settledBeforeRun<Context>(
  clause: Clause<Context>,
  context: Context,
  state: OutcomeState,
): ClauseOutcome | undefined {
  if (state.skipped) return { status: 'skip', message: 'left out with --skip' };
  // A clause it is judged after that already failed skips it too, before it runs.
  const failedFirst = prerequisites(clause).find((id) => state.statuses.get(id) === 'fail');
  if (failedFirst !== undefined) return notChecked(failedFirst);
  const reason = clause.skipReason?.(context);
  if (reason !== undefined) return { status: 'skip', message: reason, notApplicable: true };
  if (state.deadline - Date.now() <= 0)
    return {
      status: 'skip',
      message: `not run: the suite's budget of ${state.budgetMs ?? 0} ms was spent before this clause's turn; raise --budget-ms or run it alone with --only ${clause.id}`,
    };
  return undefined;
}

async function outcomeOf<Context>(
  definition: SuiteDefinition<Context>,
  clause: Clause<Context>,
  context: Context,
  state: OutcomeState,
  cancelled?: Promise<string>,
): Promise<ClauseOutcome> {
  const early = settledBeforeRun(clause, context, state);
  if (early !== undefined) return early;
  const remaining = state.deadline - Date.now();
  const hard = state.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : hardLimitOf(state.timeLimitMs);
  const limit = Math.min(hard, remaining);
  const running = clause.run(context, {
    seed: deriveSeed(state.seed, clause.id),
    runs: state.runs,
    statuses: state.statuses,
    ...(state.path !== undefined ? { path: state.path } : {}),
    // The soft limit (generation and shrinking stop) never beyond what is left of the budget.
    ...(state.timeLimitMs !== undefined || Number.isFinite(remaining)
      ? {
          timeLimitMs: Math.max(
            1,
            Math.min(state.timeLimitMs ?? Number.POSITIVE_INFINITY, Math.round(remaining * 0.8)),
          ),
        }
      : {}),
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
    if ('cut' in settled) {
      // The clause keeps running in the background until the interrupt makes its waits end: its result is dropped.
      running.catch(() => undefined);
      await definition.interrupt?.(context);
      if (settled.cut === 'cancelled') return notChecked(settled.failedFirst ?? '');
      if (settled.cut === 'budget')
        return {
          status: 'skip',
          message: `not finished: the suite's budget of ${state.budgetMs ?? 0} ms ran out ${settled.ms} ms into this clause; raise --budget-ms or run it alone with --only ${clause.id}`,
        };
      return {
        status: 'fail',
        message: `The clause did not finish within its time limit of ${settled.ms} ms and was cut off: the subject kept it waiting (a call, flush or request that never completed). The clauses before it say what already went wrong; otherwise raise --clause-timeout-ms.`,
      };
    }
    return settled;
  } catch (error) {
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
  } finally {
    clearTimeout(timer);
  }
}
