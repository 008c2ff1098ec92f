export type { Clock, ClockHold, FakeClock, MoveOptions, TimerHandle } from './clock.js';
export { isFakeClock } from './clock.js';
export { createSystemClock } from './system-clock.js';
export { createFakeClock, DEFAULT_FAKE_EPOCH, DEFAULT_MOVE_BUDGET_MS, type FakeClockOptions } from './fake-clock.js';
export { checkClockAmount, checkClockTime, MAX_CLOCK_TIME, MIN_CLOCK_TIME } from './clock-range.js';
export { seededRandom } from './seeded-random.js';
export { createMonotonicClock } from './monotonic-clock.js';
export { holdClock, parkedSleep } from './clock-hold.js';
export { realExchange, type RealExchangeOptions, type RealExchangeResult } from './real-exchange.js';
