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
  readonly index: number;
  readonly total: number;
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
  if (unknown.length > 0) throw new UnknownClauseError(`${option} ${unknown.map((n) => JSON.stringify(n)).join(', ')}: no such clause; expected one of ${[...ids].join(', ')}`);
}

export function clauseTitles(clauses: readonly Clause<never>[]): ClauseTitles {
  return new Map(clauses.map((c) => [c.id, { title: c.title, spec: c.spec }]));
}

/** After its time limit a property clause gets this long to report what it found before it is cut off. */
export function hardLimitOf(timeLimitMs: number): number {
  return timeLimitMs + Math.max(2_000, Math.round(timeLimitMs / 4));
}

type Cut = { readonly cut: 'timeout' | 'budget'; readonly ms: number };

/**
 * Runs the clauses one after another (so timing clauses are not disturbed by the others) and builds the
 * report. A clause whose `requires` failed is skipped with a message naming what to fix first. Every clause
 * ends within its time limit and the run within its budget, whatever the subject does.
 */
export async function runSuite<Context>(definition: SuiteDefinition<Context>, context: Context, options: RunSuiteOptions = {}): Promise<SuiteReport> {
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? DEFAULT_RUNS;
  const only = options.only ?? [];
  const skip = new Set(options.skip ?? []);
  const waive = new Set(options.waive ?? []);
  assertKnownClauses(definition.clauses, only, '--only');
  assertKnownClauses(definition.clauses, [...skip], '--skip');
  assertKnownClauses(definition.clauses, [...waive], '--waive');
  if (options.path !== undefined && only.length !== 1) throw new UnknownClauseError(`--path replays one clause's counterexample, so it needs exactly one --only; received ${only.length}`);
  const deadline = options.budgetMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.budgetMs;
  const statuses = new Map<string, ClauseResult['status']>();
  const results: ClauseResult[] = [];
  const notRun: string[] = [];
  const chosen = definition.clauses.filter((clause) => only.length === 0 || only.includes(clause.id));
  for (const [index, clause] of chosen.entries()) {
    const started = Date.now();
    const outcome = waive.has(clause.id)
      ? ({ status: 'skip', message: 'waived by name (--waive): not run, and accepted as not run' } as const)
      : await outcomeOf(definition, clause, context, {
          seed,
          runs,
          skipped: skip.has(clause.id),
          statuses,
          deadline,
          budgetMs: options.budgetMs,
          ...(options.path !== undefined ? { path: options.path } : {}),
          ...(options.clauseTimeLimitMs !== undefined ? { timeLimitMs: options.clauseTimeLimitMs } : {}),
        });
    statuses.set(clause.id, outcome.status);
    if (clause.level === 'MUST' && outcome.status === 'skip' && outcome.notApplicable !== true && !waive.has(clause.id)) notRun.push(clause.id);
    const result: ClauseResult = {
      id: clause.id,
      level: clause.level,
      status: outcome.status,
      ...(outcome.status !== 'pass' ? { message: outcome.message } : {}),
      ...(outcome.status === 'fail' && outcome.counterexample !== undefined ? { counterexample: outcome.counterexample } : {}),
      ...(outcome.status === 'fail'
        ? { replay: shellCommand([...definition.replayCommand(context), '--seed', String(seed), '--runs', String(runs), '--only', clause.id, ...(outcome.path !== undefined && outcome.path !== '' ? ['--path', outcome.path] : []), ...(definition.replayTail?.(context) ?? [])]) }
        : {}),
      ...(waive.has(clause.id) ? { waived: true as const } : {}),
    };
    results.push(result);
    options.onClause?.(result, { durationMs: Date.now() - started, index, total: chosen.length });
  }
  const failedMust = results.some((r) => r.level === 'MUST' && r.status === 'fail');
  return { suite: definition.name, seed, passed: !failedMust && notRun.length === 0, clauses: results, waived: chosen.filter((c) => waive.has(c.id)).map((c) => c.id), notRun };
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

async function outcomeOf<Context>(definition: SuiteDefinition<Context>, clause: Clause<Context>, context: Context, state: OutcomeState): Promise<ClauseOutcome> {
  if (state.skipped) return { status: 'skip', message: 'left out with --skip' };
  const failedFirst = (clause.requires ?? []).find((id) => state.statuses.get(id) === 'fail');
  if (failedFirst !== undefined) return { status: 'skip', message: `not checked: ${failedFirst} failed, and this clause cannot be judged until it passes; fix ${failedFirst} first` };
  const reason = clause.skipReason?.(context);
  if (reason !== undefined) return { status: 'skip', message: reason, notApplicable: true };
  const remaining = state.deadline - Date.now();
  if (remaining <= 0) return { status: 'skip', message: `not run: the suite's budget of ${state.budgetMs ?? 0} ms was spent before this clause's turn; raise --budget-ms or run it alone with --only ${clause.id}` };
  const hard = state.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : hardLimitOf(state.timeLimitMs);
  const limit = Math.min(hard, remaining);
  const running = clause.run(context, {
    seed: deriveSeed(state.seed, clause.id),
    runs: state.runs,
    statuses: state.statuses,
    ...(state.path !== undefined ? { path: state.path } : {}),
    // The soft limit (generation and shrinking stop) never beyond what is left of the budget.
    ...(state.timeLimitMs !== undefined || Number.isFinite(remaining) ? { timeLimitMs: Math.max(1, Math.min(state.timeLimitMs ?? Number.POSITIVE_INFINITY, Math.round(remaining * 0.8))) } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const cutOff = Number.isFinite(limit) ? new Promise<Cut>((resolve) => (timer = setTimeout(() => resolve({ cut: hard <= remaining ? 'timeout' : 'budget', ms: limit }), limit))) : undefined;
  try {
    const settled = await (cutOff === undefined ? running : Promise.race([running, cutOff]));
    if ('cut' in settled) {
      // The clause keeps running in the background until the interrupt makes its waits end: its result is dropped.
      running.catch(() => undefined);
      await definition.interrupt?.(context);
      if (settled.cut === 'budget') return { status: 'skip', message: `not finished: the suite's budget of ${state.budgetMs ?? 0} ms ran out ${settled.ms} ms into this clause; raise --budget-ms or run it alone with --only ${clause.id}` };
      return { status: 'fail', message: `The clause did not finish within its time limit of ${settled.ms} ms and was cut off: the subject kept it waiting (a call, flush or request that never completed). The clauses before it say what already went wrong; otherwise raise --clause-timeout-ms.` };
    }
    return settled;
  } catch (error) {
    if (definition.isFatal?.(error) === true) throw error;
    if (error instanceof ClauseTimeoutError) {
      // fast-check gave up waiting on the run, which still goes on: stop it touching the subject.
      await definition.interrupt?.(context);
      return { status: 'fail', message: `The clause did not finish: ${error.message}.` };
    }
    return { status: 'fail', message: `The clause could not be judged: ${error instanceof Error ? error.message : String(error)}. This is an error of the suite against this subject, reported here instead of ending the run.` };
  } finally {
    clearTimeout(timer);
  }
}
