/** An opaque handle returned by `Clock.setTimeout`. */
export interface TimerHandle {
  readonly clockTimer: unknown;
}

/**
 * Time as the domain sees it. Domain code never reads the wall clock or global timers: it is handed a
 * Clock, so the same code runs on real time (`createSystemClock`) or virtual time (`createFakeClock`).
 */
export interface Clock {
  readonly mode: 'system' | 'fake';
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Resolves after `ms`; rejects with the signal's reason when aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Real work under way (a delivery walk, a request on the wire) that virtual time waits for: while any hold is
 * held, a fake clock fires no timer and does not move (docs/rules.md, "Virtual time"). On a system clock a hold
 * does nothing.
 */
export interface ClockHold {
  /**
   * The virtual deadline of the exchange under way (its start plus its timeout), or undefined between exchanges.
   * While a request of the harness itself waits on virtual time (a fault delay, see FakeClock.park), virtual time
   * may move up to, never past, the earliest deadline held, so that request can be answered.
   */
  deadline: number | undefined;
  /** Ends the hold; a second call does nothing. */
  release(): void;
  /** Waits `ms` of virtual time without holding the clock, and holds it again in the timer that ends the wait. */
  sleep(ms: number): Promise<void>;
}

/** How long a move of a fake clock may take in real time. */
export interface MoveOptions {
  /**
   * Real milliseconds the move may take (default 30,000): past them it stops where virtual time stands and rejects
   * with a RunBudgetExceededError naming what it waited for; nothing is cut off.
   */
  readonly budgetMs?: number;
}

/**
 * A Clock whose time moves only when told to. Every move keeps one rule: virtual time waits for the real work
 * under way (holds), so a request that may still be answered is never cut off by virtual time, and a move
 * resolves once the records of everything due in its window are final.
 */
export interface FakeClock extends Clock {
  readonly mode: 'fake';
  /** Moves time forward by `ms`, firing due timers one at a time, each once the work held before it is done. */
  advance(ms: number, options?: MoveOptions): Promise<void>;
  /** The same as advance, under the name sinon's fake timers use. */
  tick(ms: number, options?: MoveOptions): Promise<void>;
  /** Moves time forward to the epoch millisecond `time` (no-op when it is in the past). */
  advanceTo(time: number, options?: MoveOptions): Promise<void>;
  /** Moves to the next timer and fires it, then waits for the work it started; false when no timer is pending. */
  next(options?: MoveOptions): Promise<boolean>;
  /** Fires every timer, including the ones fired timers schedule, until none is left. */
  runAll(options?: MoveOptions): Promise<void>;
  /** Fires timers, one at a time as advance does, until `done()` holds with nothing held (or no timer is left). */
  runUntilDone(done: () => boolean, options?: MoveOptions): Promise<void>;
  /** Epoch millisecond at which the earliest pending timer is due, or undefined. */
  nextTimerAt(): number | undefined;
  /** Number of pending timers. */
  pendingTimers(): number;
  /** Holds virtual time for real work under way; `what` names it in a move's budget error. */
  hold(what: string | (() => string)): ClockHold;
  /**
   * Says that a request of the harness itself now waits on virtual time (a fault delay): until the returned
   * function is called, holds with a deadline let virtual time move up to that deadline (ClockHold.deadline).
   */
  park(): () => void;
  /** What holds virtual time now. */
  held(): string[];
}

export function isFakeClock(clock: Clock): clock is FakeClock {
  return clock.mode === 'fake';
}
