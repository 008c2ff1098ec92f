import test from 'ava';
import { createMonotonicClock } from '../../src/clock/index.js';

test('the monotonic clock is on the epoch scale, never goes back, and sleeps on real timers', async (t) => {
  const clock = createMonotonicClock();
  t.is(clock.mode, 'system');
  const first = clock.now();
  t.true(Math.abs(first - Date.now()) < 1_000, `${first} vs ${Date.now()}`);
  let previous = first;
  for (let i = 0; i < 1_000; i++) {
    const now = clock.now();
    t.true(now >= previous);
    previous = now;
  }
  await clock.sleep(20);
  t.true(clock.now() - first >= 15, 'slept about 20 ms');
});
