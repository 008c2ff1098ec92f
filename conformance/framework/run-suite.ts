import { UnknownClauseError } from '../errors/conformance-errors.js';
import type { Clause, ClauseOutcome } from './clause.js';
import { assertKnownClauses } from './clause-names.js';
import { dispatchOrder } from './dispatch-order.js';
import { randomSeed } from './random-seed.js';
import { type ClauseRunState, notChecked, runClause, settledBeforeRun } from './run-clause.js';
import { DEFAULT_BUDGET_MS, DEFAULT_RUNS, type RunSuiteOptions } from './run-suite-options.js';
import { shellCommand } from './shell-quote.js';
import type { SuiteDefinition, SuiteWorkers } from './suite-definition.js';
import type { ClauseResult, SuiteReport } from './suite-report.js';

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
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (!(budgetMs > 0))
    throw new RangeError(`runSuite: budgetMs must be a positive number of milliseconds; received ${String(budgetMs)}`);
  const deadline = (options.startedAt ?? Date.now()) + budgetMs;
  const statuses = new Map<string, ClauseResult['status']>();
  const blocked = new Map<string, string>();
  const results = new Map<string, ClauseResult>();
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
    if (outcome.status === 'skip' && outcome.blockedBy !== undefined) blocked.set(clause.id, outcome.blockedBy);
    if (outcome.status === 'fail') {
      // Clauses running beside this one and judged after it are skipped whatever they find: stop them now.
      for (const other of chosen) if ((other.judgedAfter ?? []).includes(clause.id)) cancels.get(other.id)?.(clause.id);
    }
    const result: ClauseResult = {
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
      ...(outcome.status === 'skip' && outcome.blockedBy !== undefined ? { blockedBy: outcome.blockedBy } : {}),
    };
    results.set(clause.id, result);
    // After a fatal error the run has ended: clauses still winding down on other workers are not reported.
    if (fatal === undefined)
      options.onClause?.(result, {
        durationMs,
        index: finished++,
        total: chosen.length,
        position: chosen.indexOf(clause),
        ...(outcome.status === 'pass' && outcome.runs !== undefined ? { runs: outcome.runs } : {}),
      });
    // This verdict may be the last one a held verdict waited for.
    for (const waiting of held.filter((h) => !judgedAfterPending(h.clause))) {
      if (!held.includes(waiting)) continue;
      held.splice(held.indexOf(waiting), 1);
      finish(waiting.clause, waiting.outcome, waiting.started, waiting.durationMs);
    }
  };

  /** A clause that will not run whatever happens (waived, --skip, about another subject, nothing to run it with). */
  const skippedAtOnce = (clause: Clause<Context>) =>
    waive.has(clause.id) ||
    skip.has(clause.id) ||
    clause.outsideSuite?.(context) !== undefined ||
    clause.skipReason?.(context) !== undefined;
  const budget = { spent: false };
  const cost = (clause: Clause<Context>) => clause.cost ?? 1;
  /**
   * The clause's share of the budget left: in proportion to its cost among the clauses not yet started (itself
   * included), times the clauses that can run at once. Clauses that end up skipped leave their share to the others.
   */
  const shareOf = (clause: Clause<Context>): number => {
    const pending = waiting.filter((c) => c !== clause && !skippedAtOnce(c));
    const total = cost(clause) + pending.reduce((sum, c) => sum + cost(c), 0);
    const parallel = sequential ? 1 : Math.max(1, Math.min(workers?.size ?? 1, pending.length + 1));
    const left = deadline - Date.now();
    return Math.min(left, (left * parallel * cost(clause)) / total);
  };
  const state = (clause: Clause<Context>): ClauseRunState => ({
    seed,
    runs,
    skipped: skip.has(clause.id),
    statuses,
    blocked,
    deadline,
    budgetMs,
    shareMs: shareOf(clause),
    budget,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(options.clauseTimeLimitMs !== undefined ? { timeLimitMs: options.clauseTimeLimitMs } : {}),
  });

  // Start the other workers in the background while the first clauses run: as many as can be busy at once.
  const extra =
    workers === undefined ? 0 : Math.max(0, Math.min(workers.size, chosen.filter((c) => !skippedAtOnce(c)).length) - 1);
  let starting = extra;
  for (let i = 0; i < extra && workers !== undefined; i++) {
    workers.start().then(
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
      : [...(clause.requires ?? []), ...(clause.after ?? [])].every((id) => !chosenIds.has(id) || statuses.has(id));
  try {
    while (fatal === undefined && (waiting.length > 0 || running.size > 0 || held.length > 0)) {
      for (let i = 0; i < waiting.length && fatal === undefined; ) {
        const clause = waiting[i];
        if (clause === undefined) break;
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
        const task: Promise<void> = runClause(definition, clause, worker, state(clause), cancelled)
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
  const ordered = chosen.map((clause) => {
    const result = results.get(clause.id);
    // Every chosen clause is finished once the loop ends without a fatal error; a gap is a bug of the runner.
    if (result === undefined) throw new Error(`runSuite: clause ${clause.id} ended without a verdict`);
    return result;
  });
  const notRun = ordered
    .filter((r) => r.level === 'MUST' && r.status === 'skip' && r.notApplicable !== true && r.waived !== true)
    .map((r) => r.id);
  const failedMust = ordered.some((r) => r.level === 'MUST' && r.status === 'fail');
  return {
    suite: definition.name,
    seed,
    passed: !failedMust && notRun.length === 0,
    clauses: ordered,
    waived: chosen.filter((c) => waive.has(c.id)).map((c) => c.id),
    notRun,
  };
}
