import { isFakeClock, type Clock } from '../../clock/clock.js';
import { isoTime } from '../../contract/iso-time.js';
import { RunBudgetExceededError } from '../../errors/run-budget-exceeded-error.js';
import type { AttemptWatch } from './attempt-watch.js';

/** Real time run-until-idle and a settled advance may take before they answer what is unfinished. */
export const DEFAULT_RUN_BUDGET_MS = 30_000;

export interface RunOptions {
  /** Real milliseconds to spend at most; then a RunBudgetExceededError names what did not finish. */
  readonly budgetMs?: number;
}

/** What the driver needs to know of the work under way. */
export interface DriverWork {
  readonly isSettled: boolean;
  readonly queued: number;
  readonly scheduled: number;
  nextRetryAt(): number | undefined;
  /** Sends work held back for later (a partial Webhooks (Actions) batch); true when it sent any. */
  releaseHeld(): boolean;
  /** Pending deliveries another process sharing the store is walking (or held until it died); none without a store. */
  pendingElsewhere?(): number;
}

export interface VirtualTimeDriverOptions {
  /** The harness clock: virtual time moves only on a fake one. */
  readonly clock: Clock;
  /** Real time, for budgets and for how long a request may go unanswered: injected, never read from globals. */
  readonly realClock: Clock;
  readonly settleGraceMs: number;
  readonly watch: AttemptWatch;
  readonly work: DriverWork;
}

/**
 * Moves virtual time while real I/O settles: run-until-idle, and advancing to a time one due timer at a time.
 * Virtual time moves only while no request that may still be answered would be cut off by it; a request
 * that hangs is cut off by its virtual timeout once it counts as hanging (docs/limits.md).
 */
export class VirtualTimeDriver {
  readonly #o: VirtualTimeDriverOptions;

  constructor(options: VirtualTimeDriverOptions) {
    this.#o = options;
  }

  /**
   * On a fake clock: lets in-flight I/O settle, then fires the next due timer, until nothing is queued,
   * in flight or scheduled. Gives up after `budgetMs` of real time with a RunBudgetExceededError.
   */
  async runUntilIdle(options: RunOptions = {}): Promise<void> {
    const { clock, realClock, work, watch, settleGraceMs } = this.#o;
    const budgetMs = options.budgetMs ?? DEFAULT_RUN_BUDGET_MS;
    const deadline = realClock.now() + budgetMs;
    for (;;) {
      const settled = work.isSettled;
      if (settled && work.scheduled === 0) {
        // Batches held for their size (Webhooks (Actions) batch mode) go out once nothing else is left.
        if (work.releaseHeld()) continue;
        if ((work.pendingElsewhere?.() ?? 0) === 0) return;
        // Never idle while another node walks a delivery, or a dead node's walk waits for its lease to run out
        // and the sweep to take it over: its result (or the takeover) is the next progress.
        this.#checkBudget(deadline, budgetMs);
        await watch.progressWithin(Math.min(settleGraceMs, Math.max(1, deadline - realClock.now())));
        continue;
      }
      this.#checkBudget(deadline, budgetMs);
      if (!settled && (await this.#waitWhileAnswering(deadline))) continue;
      if (!isFakeClock(clock)) {
        await watch.progressWithin(
          Math.min(
            Math.max(1, (work.nextRetryAt() ?? clock.now()) - clock.now()),
            Math.max(1, deadline - realClock.now()),
          ),
        );
        continue;
      }
      const fired = await clock.next();
      if (!fired) await watch.progressWithin(Math.min(settleGraceMs, Math.max(1, deadline - realClock.now())));
    }
  }

  /**
   * On a fake clock: moves virtual time to the epoch millisecond `time` one due timer at a time, letting the
   * walks those timers start finish over real I/O before time moves on, so "+1 h" shows each retry's real
   * answer instead of cutting every request off by its virtual timeout.
   */
  async runUntil(time: number, options: RunOptions = {}): Promise<void> {
    const { clock, realClock, work } = this.#o;
    if (!isFakeClock(clock)) return;
    const budgetMs = options.budgetMs ?? DEFAULT_RUN_BUDGET_MS;
    const deadline = realClock.now() + budgetMs;
    for (;;) {
      this.#checkBudget(deadline, budgetMs);
      if (!work.isSettled && (await this.#waitWhileAnswering(deadline, time))) continue;
      const due = clock.nextTimerAt();
      if (due === undefined || due > time) {
        await clock.advanceTo(time);
        return;
      }
      await clock.next();
    }
  }

  /**
   * On a fake clock: moves virtual time to the earliest scheduled retry (skipping request timeouts and fault
   * delays due before it) and lets the walk it starts settle; answers its time, or undefined when none is scheduled.
   */
  async runToNextRetry(options: RunOptions = {}): Promise<number | undefined> {
    const due = this.#o.work.nextRetryAt();
    if (due !== undefined) await this.runUntil(due, options);
    return due;
  }

  /**
   * While some in-flight request may still be answered in real time, waits for the next sign of progress
   * (an attempt written or finished) or for it to count as hanging; true when it waited. Progress wakes the
   * wait at once, so a fast request beside one that hangs costs its own round trip, not the grace period.
   */
  async #waitWhileAnswering(deadline: number, until = Number.POSITIVE_INFINITY): Promise<boolean> {
    const { clock, realClock, watch } = this.#o;
    const waitMs = watch.hangWait();
    if (waitMs <= 0) return false;
    // A timer due before the virtual timeout of every request that may still be answered fires now: moving
    // the clock up to there cuts none of them off (the timeouts of requests already hanging fire this way).
    if (isFakeClock(clock)) {
      const due = clock.nextTimerAt();
      if (due !== undefined && due <= until && due < watch.earliestAnsweringDeadline()) {
        await clock.next();
        return true;
      }
    }
    await watch.progressWithin(Math.min(waitMs, Math.max(1, deadline - realClock.now())));
    return true;
  }

  #checkBudget(deadline: number, budgetMs: number): void {
    const { clock, realClock, work, watch } = this.#o;
    if (realClock.now() < deadline) return;
    const next = work.nextRetryAt();
    throw new RunBudgetExceededError(budgetMs, {
      inFlight: watch.urls(),
      queued: work.queued,
      scheduled: work.scheduled,
      nextRetryAt: next === undefined ? undefined : isoTime(next),
      now: isoTime(clock.now()),
      elsewhere: work.pendingElsewhere?.() ?? 0,
    });
  }
}
