export type { Clock, FakeClock, TimerHandle } from './clock.js';
export { isFakeClock } from './clock.js';
export { createSystemClock } from './system-clock.js';
export { createFakeClock, DEFAULT_FAKE_EPOCH, type FakeClockOptions } from './fake-clock.js';
export { checkClockAmount, checkClockTime, MAX_CLOCK_TIME, MIN_CLOCK_TIME } from './clock-range.js';
export { seededRandom } from './seeded-random.js';
export { createMonotonicClock } from './monotonic-clock.js';
