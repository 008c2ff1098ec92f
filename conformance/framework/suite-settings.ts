import { UnknownClauseError } from '../errors/conformance-errors.js';
import type { Clause } from './clause.js';
import { assertKnownClauses } from './clause-names.js';
import { randomSeed } from './random-seed.js';
import { DEFAULT_BUDGET_MS, DEFAULT_RUNS, type RunSuiteOptions } from './run-suite-options.js';
import type { SuiteWorkers } from './suite-definition.js';

/** A run's options, checked and with their defaults: what every clause of the run is run with. */
export interface SuiteSettings {
  readonly seed: number;
  readonly runs: number;
  readonly only: readonly string[];
  readonly skip: ReadonlySet<string>;
  readonly waive: ReadonlySet<string>;
  readonly path: string | undefined;
  readonly clauseTimeLimitMs: number | undefined;
  readonly budgetMs: number;
  /** When the budget ends (Date.now() ms). */
  readonly deadline: number;
}

/** The options of a run, refused with what was received when a clause id, --path, the workers or the budget is off. */
export function suiteSettings<Context>(
  clauses: readonly Clause<Context>[],
  options: RunSuiteOptions,
  workers: SuiteWorkers<Context> | undefined,
): SuiteSettings {
  const only = options.only ?? [];
  const skip = new Set(options.skip ?? []);
  const waive = new Set(options.waive ?? []);
  assertKnownClauses(clauses, only, '--only');
  assertKnownClauses(clauses, [...skip], '--skip');
  assertKnownClauses(clauses, [...waive], '--waive');
  if (options.path !== undefined && only.length !== 1)
    throw new UnknownClauseError(
      `--path replays one clause's counterexample, so it needs exactly one --only; received ${only.length}`,
    );
  if (workers !== undefined && !(Number.isInteger(workers.size) && workers.size >= 1))
    throw new RangeError(`runSuite: workers.size must be a whole number >= 1; received ${String(workers.size)}`);
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  if (!(budgetMs > 0))
    throw new RangeError(`runSuite: budgetMs must be a positive number of milliseconds; received ${String(budgetMs)}`);
  return {
    seed: options.seed ?? randomSeed(),
    runs: options.runs ?? DEFAULT_RUNS,
    only,
    skip,
    waive,
    path: options.path,
    clauseTimeLimitMs: options.clauseTimeLimitMs,
    budgetMs,
    deadline: (options.startedAt ?? Date.now()) + budgetMs,
  };
}
