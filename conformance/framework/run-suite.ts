import { randomInt } from 'node:crypto';
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
}

export interface RunSuiteOptions {
  /** Default: a random seed, printed in the report so any run can be replayed. */
  readonly seed?: number;
  /** Runs per property clause. Default 100. */
  readonly runs?: number;
  /** Run only these clause ids. */
  readonly only?: readonly string[];
  /** Leave these clause ids out (reported as skip). */
  readonly skip?: readonly string[];
  /** With exactly one `only`: the fast-check path that replays its counterexample. */
  readonly path?: string;
  /**
   * Budget per property clause (a receiver that hangs on every shrink step would otherwise hold a clause
   * for shrink steps x deadline); past it the clause keeps the smallest failure found so far.
   */
  readonly clauseTimeLimitMs?: number;
  /** Called after each clause, e.g. to stream progress. */
  readonly onClause?: (result: ClauseResult) => void;
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

/**
 * Runs the clauses one after another (so timing clauses are not disturbed by the others) and builds the
 * report. A clause whose `requires` failed is skipped with a message naming what to fix first.
 */
export async function runSuite<Context>(definition: SuiteDefinition<Context>, context: Context, options: RunSuiteOptions = {}): Promise<SuiteReport> {
  const seed = options.seed ?? randomSeed();
  const runs = options.runs ?? DEFAULT_RUNS;
  const only = options.only ?? [];
  const skip = new Set(options.skip ?? []);
  assertKnownClauses(definition.clauses, only, '--only');
  assertKnownClauses(definition.clauses, [...skip], '--skip');
  if (options.path !== undefined && only.length !== 1) throw new UnknownClauseError(`--path replays one clause's counterexample, so it needs exactly one --only; received ${only.length}`);
  const statuses = new Map<string, ClauseResult['status']>();
  const results: ClauseResult[] = [];
  for (const clause of definition.clauses) {
    if (only.length > 0 && !only.includes(clause.id)) continue;
    const outcome = await outcomeOf(clause, context, {
      seed,
      runs,
      skipped: skip.has(clause.id),
      statuses,
      ...(options.path !== undefined ? { path: options.path } : {}),
      ...(options.clauseTimeLimitMs !== undefined ? { timeLimitMs: options.clauseTimeLimitMs } : {}),
    });
    statuses.set(clause.id, outcome.status);
    const result: ClauseResult = {
      id: clause.id,
      level: clause.level,
      status: outcome.status,
      ...(outcome.status !== 'pass' ? { message: outcome.message } : {}),
      ...(outcome.status === 'fail' && outcome.counterexample !== undefined ? { counterexample: outcome.counterexample } : {}),
      ...(outcome.status === 'fail'
        ? { replay: shellCommand([...definition.replayCommand(context), '--seed', String(seed), '--runs', String(runs), '--only', clause.id, ...(outcome.path !== undefined && outcome.path !== '' ? ['--path', outcome.path] : []), ...(definition.replayTail?.(context) ?? [])]) }
        : {}),
    };
    results.push(result);
    options.onClause?.(result);
  }
  return { suite: definition.name, seed, passed: results.every((r) => r.level !== 'MUST' || r.status !== 'fail'), clauses: results };
}

async function outcomeOf<Context>(
  clause: Clause<Context>,
  context: Context,
  state: { seed: number; runs: number; path?: string; timeLimitMs?: number; skipped: boolean; statuses: ReadonlyMap<string, string> },
): Promise<ClauseOutcome> {
  if (state.skipped) return { status: 'skip', message: 'left out with --skip' };
  const failedFirst = (clause.requires ?? []).find((id) => state.statuses.get(id) === 'fail');
  if (failedFirst !== undefined) return { status: 'skip', message: `not checked: ${failedFirst} failed, and this clause cannot be judged until it passes; fix ${failedFirst} first` };
  const reason = clause.skipReason?.(context);
  if (reason !== undefined) return { status: 'skip', message: reason };
  return clause.run(context, {
    seed: deriveSeed(state.seed, clause.id),
    runs: state.runs,
    ...(state.path !== undefined ? { path: state.path } : {}),
    ...(state.timeLimitMs !== undefined ? { timeLimitMs: state.timeLimitMs } : {}),
  });
}
