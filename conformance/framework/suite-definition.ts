import type { Clause } from './clause.js';

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
