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

/** A Clock whose time moves only when told to. */
export interface FakeClock extends Clock {
  readonly mode: 'fake';
  /** Moves time forward by `ms`, firing due timers in order and letting promise callbacks run between them. */
  advance(ms: number): Promise<void>;
  /** Moves time forward to the epoch millisecond `time` (no-op when it is in the past). */
  advanceTo(time: number): Promise<void>;
  /** Moves to the next timer and fires it; false when no timer is pending. */
  next(): Promise<boolean>;
  /** Fires every timer, including the ones fired timers schedule, until none is left. */
  runAll(): Promise<void>;
  /** Epoch millisecond at which the earliest pending timer is due, or undefined. */
  nextTimerAt(): number | undefined;
  /** Number of pending timers. */
  pendingTimers(): number;
}

export function isFakeClock(clock: Clock): clock is FakeClock {
  return clock.mode === 'fake';
}
