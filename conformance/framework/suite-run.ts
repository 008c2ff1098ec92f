import type { Clause, ClauseOutcome } from './clause.js';
import { clauseResult } from './clause-result.js';
import { dispatchOrder } from './dispatch-order.js';
import { type ClauseRunState, notChecked, runClause, settledBeforeRun } from './run-clause.js';
import type { RunSuiteOptions } from './run-suite-options.js';
import type { SuiteDefinition, SuiteWorkers } from './suite-definition.js';
import type { SuiteSettings } from './suite-settings.js';
import type { ClauseResult } from './suite-report.js';

/** A verdict held until the clauses it is judged after have finished. */
interface HeldVerdict<Context> {
  readonly clause: Clause<Context>;
  readonly outcome: ClauseOutcome;
  readonly started: number;
  readonly durationMs: number;
}

/**
 * One run of a suite's chosen clauses: which clauses wait, which run on which worker's context, the verdicts so far.
 * A clause starts once every clause it `requires` or comes `after` has finished (in the suite's order when one
 * worker runs them); a clause's verdict is final once the clauses it is judged after have theirs.
 */
export class SuiteRun<Context> {
  readonly #definition: SuiteDefinition<Context>;
  readonly #context: Context;
  readonly #settings: SuiteSettings;
  readonly #onClause: RunSuiteOptions['onClause'];
  readonly #workers: SuiteWorkers<Context> | undefined;
  readonly #chosen: readonly Clause<Context>[];
  readonly #chosenIds: ReadonlySet<string>;
  /** One at a time (no workers, or one): in the suite's order, each clause after the one before it. */
  readonly #sequential: boolean;
  readonly #waiting: Clause<Context>[];
  readonly #idle: Context[];
  readonly #busy = new Set<Context>();
  readonly #running = new Set<Promise<void>>();
  readonly #statuses = new Map<string, ClauseResult['status']>();
  readonly #blocked = new Map<string, string>();
  readonly #results = new Map<string, ClauseResult>();
  /** Ends a running clause early: its verdict no longer matters (a clause it is judged after failed). */
  readonly #cancels = new Map<string, (reason: string) => void>();
  readonly #held: HeldVerdict<Context>[] = [];
  readonly #budget = { spent: false };
  #fatal: { error: unknown } | undefined;
  #finished = 0;
  #starting = 0;
  /** Resolves the wait of the dispatch loop: a clause finished, a worker started, or a start failed. */
  #wake: () => void = () => undefined;

  constructor(
    definition: SuiteDefinition<Context>,
    context: Context,
    settings: SuiteSettings,
    onClause: RunSuiteOptions['onClause'],
    workers: SuiteWorkers<Context> | undefined,
  ) {
    this.#definition = definition;
    this.#context = context;
    this.#settings = settings;
    this.#onClause = onClause;
    this.#workers = workers;
    const { only } = settings;
    this.#chosen = definition.clauses.filter((clause) => only.length === 0 || only.includes(clause.id));
    this.#chosenIds = new Set(this.#chosen.map((c) => c.id));
    this.#sequential = (workers?.size ?? 1) === 1;
    this.#waiting = this.#sequential ? [...this.#chosen] : dispatchOrder(this.#chosen);
    this.#idle = [context];
  }

  get chosen(): readonly Clause<Context>[] {
    return this.#chosen;
  }

  /** Runs every chosen clause to its verdict, and answers the results in the suite's order. */
  async run(): Promise<ClauseResult[]> {
    this.#startOtherWorkers();
    try {
      while (this.#fatal === undefined && !this.#done()) {
        this.#dispatch();
        if (this.#fatal !== undefined || this.#done()) break;
        this.#assertProgress();
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
      if (this.#fatal !== undefined) throw this.#fatal.error;
    } finally {
      // The run ends here on a fatal error: clauses still running on other workers stop touching their subjects.
      if (this.#fatal !== undefined)
        await Promise.all([...this.#busy].map((worker) => this.#definition.interrupt?.(worker).catch(() => undefined)));
    }
    return this.#chosen.map((clause) => {
      const result = this.#results.get(clause.id);
      // Every chosen clause is finished once the loop ends without a fatal error; a gap is a bug of the runner.
      if (result === undefined) throw new Error(`runSuite: clause ${clause.id} ended without a verdict`);
      return result;
    });
  }

  #done(): boolean {
    return this.#waiting.length === 0 && this.#running.size === 0 && this.#held.length === 0;
  }

  /** Nothing runs and nothing can start: a bug of the suite's definition or of the workers, said rather than hung. */
  #assertProgress(): void {
    if (this.#running.size === 0 && this.#held.length > 0 && this.#waiting.length === 0)
      throw new Error(
        `runSuite: the verdicts of ${this.#held.map((h) => h.clause.id).join(', ')} wait on clauses that never finish`,
      );
    if (this.#running.size === 0 && this.#starting === 0 && this.#idle.length === 0)
      throw new Error('runSuite: no worker is left to run the remaining clauses');
  }

  /** Starts the other workers in the background while the first clauses run: as many as can be busy at once. */
  #startOtherWorkers(): void {
    const workers = this.#workers;
    if (workers === undefined) return;
    const runnable = this.#chosen.filter((c) => !this.#skippedAtOnce(c)).length;
    const extra = Math.max(0, Math.min(workers.size, runnable) - 1);
    this.#starting = extra;
    for (let i = 0; i < extra; i++) {
      workers.start().then(
        (started) => {
          this.#starting--;
          this.#idle.push(started);
          this.#wake();
        },
        (error: unknown) => {
          this.#starting--;
          this.#fatal ??= { error };
          this.#wake();
        },
      );
    }
  }

  /** Settles or starts every waiting clause that is ready, while a worker is free. */
  #dispatch(): void {
    for (let i = 0; i < this.#waiting.length && this.#fatal === undefined; ) {
      const clause = this.#waiting[i];
      if (clause === undefined) break;
      if (!this.#ready(clause)) {
        i++;
        continue;
      }
      const early = this.#settledAtOnce(clause);
      if (early !== undefined) {
        this.#waiting.splice(i, 1);
        this.#finish(clause, early, Date.now());
        // A finished clause may make an earlier one ready: look again from the start.
        i = 0;
        continue;
      }
      const worker = this.#idle.shift();
      if (worker === undefined) {
        i++;
        continue;
      }
      this.#waiting.splice(i, 1);
      this.#start(clause, worker);
    }
  }

  #ready(clause: Clause<Context>): boolean {
    if (this.#sequential) return this.#waiting[0] === clause && this.#running.size === 0;
    return [...(clause.requires ?? []), ...(clause.after ?? [])].every(
      (id) => !this.#chosenIds.has(id) || this.#statuses.has(id),
    );
  }

  /** The outcome of a clause that does not run (waived, or settled before its run), or undefined to run it. */
  #settledAtOnce(clause: Clause<Context>): ClauseOutcome | undefined {
    if (this.#settings.waive.has(clause.id))
      return { status: 'skip', message: 'waived by name (--waive): not run, and accepted as not run' };
    return settledBeforeRun(clause, this.#context, this.#state(clause));
  }

  #start(clause: Clause<Context>, worker: Context): void {
    this.#busy.add(worker);
    const started = Date.now();
    let cancel: (reason: string) => void = () => undefined;
    const cancelled = new Promise<string>((resolve) => (cancel = resolve));
    this.#cancels.set(clause.id, cancel);
    const task: Promise<void> = runClause(this.#definition, clause, worker, this.#state(clause), cancelled)
      .then(
        (outcome) => this.#finish(clause, outcome, started),
        (error: unknown) => void (this.#fatal ??= { error }),
      )
      .finally(() => {
        this.#cancels.delete(clause.id);
        this.#running.delete(task);
        this.#busy.delete(worker);
        this.#idle.push(worker);
        this.#wake();
      });
    this.#running.add(task);
  }

  /** A clause that will not run whatever happens (waived, --skip, about another subject, nothing to run it with). */
  #skippedAtOnce(clause: Clause<Context>): boolean {
    const { waive, skip } = this.#settings;
    return (
      waive.has(clause.id) ||
      skip.has(clause.id) ||
      clause.outsideSuite?.(this.#context) !== undefined ||
      clause.skipReason?.(this.#context) !== undefined
    );
  }

  /**
   * The clause's share of the budget left: in proportion to its cost among the clauses not yet started (itself
   * included), times the clauses that can run at once. Clauses that end up skipped leave their share to the others.
   */
  #shareOf(clause: Clause<Context>): number {
    const cost = (c: Clause<Context>) => c.cost ?? 1;
    const pending = this.#waiting.filter((c) => c !== clause && !this.#skippedAtOnce(c));
    const total = cost(clause) + pending.reduce((sum, c) => sum + cost(c), 0);
    const parallel = this.#sequential ? 1 : Math.max(1, Math.min(this.#workers?.size ?? 1, pending.length + 1));
    const left = this.#settings.deadline - Date.now();
    return Math.min(left, (left * parallel * cost(clause)) / total);
  }

  #state(clause: Clause<Context>): ClauseRunState {
    const { seed, runs, skip, deadline, budgetMs, path, clauseTimeLimitMs } = this.#settings;
    return {
      seed,
      runs,
      skipped: skip.has(clause.id),
      statuses: this.#statuses,
      blocked: this.#blocked,
      deadline,
      budgetMs,
      shareMs: this.#shareOf(clause),
      budget: this.#budget,
      ...(path !== undefined ? { path } : {}),
      ...(clauseTimeLimitMs !== undefined ? { timeLimitMs: clauseTimeLimitMs } : {}),
    };
  }

  #judgedAfterPending(clause: Clause<Context>): boolean {
    return (clause.judgedAfter ?? []).some((id) => this.#chosenIds.has(id) && !this.#statuses.has(id));
  }

  /** Records a clause's verdict, or holds it while a clause it is judged after has none yet. */
  #finish(clause: Clause<Context>, ran: ClauseOutcome, started: number, durationMs = Date.now() - started): void {
    if (this.#judgedAfterPending(clause)) {
      this.#held.push({ clause, outcome: ran, started, durationMs });
      return;
    }
    const failedFirst = (clause.judgedAfter ?? []).find((id) => this.#statuses.get(id) === 'fail');
    const outcome: ClauseOutcome = failedFirst !== undefined && ran.status !== 'skip' ? notChecked(failedFirst) : ran;
    this.#statuses.set(clause.id, outcome.status);
    if (outcome.status === 'skip' && outcome.blockedBy !== undefined) this.#blocked.set(clause.id, outcome.blockedBy);
    // Clauses running beside a failed one and judged after it are skipped whatever they find: stop them now.
    if (outcome.status === 'fail')
      for (const other of this.#chosen)
        if ((other.judgedAfter ?? []).includes(clause.id)) this.#cancels.get(other.id)?.(clause.id);
    const result = clauseResult(this.#definition, this.#context, this.#settings, clause, outcome);
    this.#results.set(clause.id, result);
    this.#report(clause, result, outcome, durationMs);
    this.#releaseHeld();
  }

  #report(clause: Clause<Context>, result: ClauseResult, outcome: ClauseOutcome, durationMs: number): void {
    // After a fatal error the run has ended: clauses still winding down on other workers are not reported.
    if (this.#fatal !== undefined) return;
    this.#onClause?.(result, {
      durationMs,
      index: this.#finished++,
      total: this.#chosen.length,
      position: this.#chosen.indexOf(clause),
      ...(outcome.status === 'pass' && outcome.runs !== undefined ? { runs: outcome.runs } : {}),
    });
  }

  /** The verdict just recorded may be the last one a held verdict waited for. */
  #releaseHeld(): void {
    for (const waiting of this.#held.filter((h) => !this.#judgedAfterPending(h.clause))) {
      if (!this.#held.includes(waiting)) continue;
      this.#held.splice(this.#held.indexOf(waiting), 1);
      this.#finish(waiting.clause, waiting.outcome, waiting.started, waiting.durationMs);
    }
  }
}
