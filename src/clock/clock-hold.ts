import { type Clock, type ClockHold, isFakeClock } from './clock.js';

/**
 * Holds the clock for real work under way (FakeClock.hold); on a system clock, where time passes by itself, a hold
 * that holds nothing and whose sleep is the clock's.
 */
export function holdClock(clock: Clock, what: string | (() => string)): ClockHold {
  // A clock of one's own that only says it is fake (a test's wrapper) may have no holds: it holds nothing.
  if (isFakeClock(clock) && typeof clock.hold === 'function') return clock.hold(what);
  let none = noHolds.get(clock);
  if (none === undefined) {
    // Shared: it keeps no state (a deadline set on it is not read on a clock whose time passes by itself).
    none = { deadline: undefined, release: () => undefined, sleep: (ms) => clock.sleep(ms) };
    noHolds.set(clock, none);
  }
  return none;
}

const noHolds = new WeakMap<Clock, ClockHold>();

/**
 * Waits `ms` on the clock on behalf of a request the harness is answering (a fault delay): on a fake clock the wait
 * is parked (FakeClock.park), so a client holding the clock for that very request does not stop it.
 */
export async function parkedSleep(clock: Clock, ms: number): Promise<void> {
  const unpark = isFakeClock(clock) && typeof clock.park === 'function' ? clock.park() : undefined;
  try {
    await clock.sleep(ms);
  } finally {
    unpark?.();
  }
}
