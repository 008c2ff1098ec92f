import { isFakeClock, type Clock, type FakeClock } from '../../clock/clock.js';
import { DEFAULT_MOVE_BUDGET_MS } from '../../clock/fake-clock.js';
import { isoTime } from '../../contract/iso-time.js';
import { RunBudgetExceededError } from '../../errors/clock-errors.js';

/** Real time run-until-idle and a clock move may take before they answer what is unfinished. */
/** How often run-until-idle looks again at walks under way on other nodes sharing the store. */
const ELSEWHERE_POLL_MS = 50;

export const DEFAULT_RUN_BUDGET_MS = DEFAULT_MOVE_BUDGET_MS;

export interface RunOptions {
  /** Real milliseconds to spend at most; then a RunBudgetExceededError names what did not finish. */
  readonly budgetMs?: number;
}

/** What the driver needs to know of the work under way. */
export interface DriverWork {
  readonly isSettled: boolean;
  readonly scheduled: number;
  nextRetryAt(): number | undefined;
  /** What the walks under way are doing, for a budget error. */
  walking(): string[];
  /** Resolves when no walk is queued or in flight. */
  settled(): Promise<void>;
  /** Sends work held back for later (a partial Webhooks (Actions) batch); true when it sent any. */
  releaseHeld(): boolean;
  /** Pending deliveries another process sharing the store is walking (or held until it died); none without a store. */
  pendingElsewhere?(): number;
}

export interface VirtualTimeDriverOptions {
  /** The harness clock: virtual time moves only on a fake one. */
  readonly clock: Clock;
  /** Real time, for budgets on a system clock: injected, never read from globals. */
  readonly realClock: Clock;
  readonly work: DriverWork;
}

/**
 * run-until-idle, run-until a time and run to the next retry, as moves of the harness clock. On a fake clock each is
 * one move, and the clock itself keeps the rule of virtual time and real I/O (FakeClock, docs/rules.md "Virtual
 * time"): there is no second way of moving time here. On a system clock, time passes by itself and run-until-idle
 * only waits.
 */
export class VirtualTimeDriver {
  readonly #o: VirtualTimeDriverOptions;

  constructor(options: VirtualTimeDriverOptions) {
    this.#o = options;
  }

  /**
   * Fires due timers until nothing is queued, in flight or scheduled (on a system clock: waits for it), then sends
   * held batches and goes on. Gives up after `budgetMs` of real time with a RunBudgetExceededError.
   */
  async runUntilIdle(options: RunOptions = {}): Promise<void> {
    const { clock, realClock, work } = this.#o;
    const budgetMs = options.budgetMs ?? DEFAULT_RUN_BUDGET_MS;
    const deadline = realClock.now() + budgetMs;
    const idle = () => work.isSettled && work.scheduled === 0;
    for (;;) {
      if (idle()) {
        if (await this.#finishedWhenIdle(deadline, budgetMs)) return;
        continue;
      }
      const left = deadline - realClock.now();
      if (left <= 0) throw this.#budgetError(budgetMs);
      if (isFakeClock(clock)) await this.#fireDueTimers(clock, idle, left, budgetMs);
      else await this.#waitForProgress(left);
    }
  }

  /**
   * Nothing queued, in flight or scheduled here: true when the run is over. Batches held for their size (Webhooks
   * (Actions) batch mode) go out first; and it is never over while another node walks a delivery, or a dead node's
   * walk waits for its lease to run out and the sweep to take it over: that progress arrives through the store's
   * change feed, so this process looks again shortly.
   */
  async #finishedWhenIdle(deadline: number, budgetMs: number): Promise<boolean> {
    const { realClock, work } = this.#o;
    if (work.releaseHeld()) return false;
    if ((work.pendingElsewhere?.() ?? 0) === 0) return true;
    const wait = deadline - realClock.now();
    if (wait <= 0) throw this.#budgetError(budgetMs);
    await realClock.sleep(Math.min(ELSEWHERE_POLL_MS, wait));
    return false;
  }

  /** On a fake clock: one move that fires due timers until idle, within what is left of the budget. */
  async #fireDueTimers(clock: FakeClock, idle: () => boolean, left: number, budgetMs: number): Promise<void> {
    await clock.runUntilDone(idle, { budgetMs: left }).catch((error: unknown) => {
      throw error instanceof RunBudgetExceededError ? new RunBudgetExceededError(budgetMs, error.unfinished) : error;
    });
    // Nothing held and no timer left, yet not idle: only a walk's continuation can be due; give it a turn.
    if (!idle()) await this.#o.realClock.sleep(1);
  }

  /** On a system clock time passes by itself: wait for the walks to settle or the next retry to come due. */
  async #waitForProgress(left: number): Promise<void> {
    const { clock, realClock, work } = this.#o;
    const next = work.nextRetryAt();
    const wait = work.isSettled ? Math.max(1, (next ?? clock.now()) - clock.now()) : left;
    const timeout = new AbortController();
    await Promise.race([work.settled(), realClock.sleep(Math.min(wait, left), timeout.signal).catch(() => undefined)]);
    timeout.abort();
  }

  /** On a fake clock: moves virtual time to the epoch millisecond `time` (FakeClock.advanceTo). */
  async runUntil(time: number, options: RunOptions = {}): Promise<void> {
    const { clock } = this.#o;
    if (isFakeClock(clock)) await clock.advanceTo(time, options);
  }

  /** On a fake clock: moves virtual time to the earliest scheduled retry; its time, or undefined when none is scheduled. */
  async runToNextRetry(options: RunOptions = {}): Promise<number | undefined> {
    const due = this.#o.work.nextRetryAt();
    if (due !== undefined) await this.runUntil(due, options);
    return due;
  }

  #budgetError(budgetMs: number): RunBudgetExceededError {
    const { clock, work } = this.#o;
    const next = work.nextRetryAt();
    return new RunBudgetExceededError(budgetMs, {
      inFlight: isFakeClock(clock) ? clock.held() : work.walking(),
      now: isoTime(clock.now()),
      pendingTimers: isFakeClock(clock) ? clock.pendingTimers() : work.scheduled,
      nextTimerAt: next === undefined ? undefined : isoTime(next),
      elsewhere: work.pendingElsewhere?.() ?? 0,
    });
  }
}
