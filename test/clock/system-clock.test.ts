import test from 'ava';
import { createSystemClock } from '../../src/clock/index.js';

test('reads real time and runs real timers', async (t) => {
  const clock = createSystemClock();
  t.is(clock.mode, 'system');
  t.true(Math.abs(clock.now() - Date.now()) < 50);
  const started = Date.now();
  await clock.sleep(15);
  t.true(Date.now() - started >= 14);
  let fired = false;
  const handle = clock.setTimeout(() => {
    fired = true;
  }, 5);
  clock.clearTimeout(handle);
  await clock.sleep(20);
  t.false(fired);
});

test('sleep rejects when aborted, before or during the wait', async (t) => {
  const clock = createSystemClock();
  const early = new AbortController();
  early.abort(new Error('stop'));
  await t.throwsAsync(clock.sleep(1000, early.signal), { message: 'stop' });
  const late = new AbortController();
  const pending = clock.sleep(10_000, late.signal);
  setTimeout(() => late.abort(), 5);
  await t.throwsAsync(pending, { name: 'AbortError' });
});
