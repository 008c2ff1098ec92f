import type { Clock } from './clock.js';
import { createSystemClock } from './system-clock.js';

/**
 * Real time for measuring and bounding waits (budgets, how long a request has gone unanswered, an attempt's
 * real duration): the platform's monotonic, sub-millisecond clock on the epoch scale, with the system timers.
 * Unlike Date.now it never jumps when the wall clock is set. Handed to the parts that need real time beside
 * a fake harness clock (the dispatcher's virtual-time driver), so they read no global clock themselves.
 */
export function createMonotonicClock(): Clock {
  const system = createSystemClock();
  const origin = performance.timeOrigin;
  return { ...system, now: () => origin + performance.now() };
}
