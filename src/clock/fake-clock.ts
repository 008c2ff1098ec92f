import { createRequire } from 'node:module';
import type * as FakeTimers from '@sinonjs/fake-timers';
import { abortReason } from './abort-reason.js';
import { checkClockAmount, checkClockTime, MAX_CLOCK_TIME } from './clock-range.js';
import type { FakeClock, TimerHandle } from './clock.js';

export interface FakeClockOptions {
  /** Start time, epoch milliseconds or a Date; default 2024-01-01T00:00:00.000Z so runs are reproducible. */
  readonly now?: number | Date;
  /** Most timers one runAll may fire before it gives up (a timer loop would otherwise never end). */
  readonly loopLimit?: number;
}

export const DEFAULT_FAKE_EPOCH = Date.UTC(2024, 0, 1);

// Loaded on the first fake clock, not at import: it is ~20 ms of every cold start, and a harness on the
// system clock (the default) never needs it. It is a CommonJS package, so require() loads it synchronously.
let fakeTimers: typeof FakeTimers | undefined;
function loadFakeTimers(): typeof FakeTimers {
  fakeTimers ??= createRequire(import.meta.url)('@sinonjs/fake-timers') as typeof FakeTimers;
  return fakeTimers;
}

/**
 * A virtual clock on @sinonjs/fake-timers' `createClock`, which never installs itself on the globals:
 * global setTimeout and Date keep running on real time while this clock moves only when told to.
 */
export function createFakeClock(options: FakeClockOptions = {}): FakeClock {
  const start = checkClockTime("the fake clock's start (now)", options.now ?? DEFAULT_FAKE_EPOCH);
  const loopLimit = options.loopLimit ?? 100_000;
  const clock = loadFakeTimers().createClock(start, loopLimit);
  // fake-timers has no public "when is the next timer due", so the due times are tracked here.
  const due = new Map<unknown, number>();

  const setTimer = (callback: () => void, ms: number): TimerHandle => {
    // A timer due past the clock's range could never be written as a date: it is due at the range's end.
    const delay = Math.min(Math.max(0, Number.isFinite(ms) ? ms : 0), Math.max(0, MAX_CLOCK_TIME - clock.now));
    const id: unknown = clock.setTimeout(() => {
      due.delete(id);
      callback();
    }, delay);
    due.set(id, clock.now + delay);
    return { clockTimer: id };
  };
  const clearTimer = (handle: TimerHandle): void => {
    due.delete(handle.clockTimer);
    clock.clearTimeout(handle.clockTimer as Parameters<typeof clock.clearTimeout>[0]);
  };

  return {
    mode: 'fake',
    now: () => clock.now,
    setTimeout: setTimer,
    clearTimeout: clearTimer,
    sleep(ms, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const onAbort = () => {
          clearTimer(handle);
          reject(abortReason(signal as AbortSignal));
        };
        const handle = setTimer(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    async advance(ms) {
      await clock.tickAsync(checkClockAmount('advance', ms, clock.now));
    },
    async advanceTo(time) {
      if (time > clock.now)
        await clock.tickAsync(checkClockAmount('advanceTo', checkClockTime('advanceTo', time) - clock.now, clock.now));
    },
    async next() {
      if (due.size === 0) return false;
      await clock.nextAsync();
      return true;
    },
    async runAll() {
      await clock.runAllAsync();
    },
    nextTimerAt() {
      let earliest: number | undefined;
      for (const at of due.values()) if (earliest === undefined || at < earliest) earliest = at;
      return earliest;
    },
    pendingTimers: () => due.size,
  };
}
