import test from 'ava';
import { createFakeClock, MAX_CLOCK_TIME, MIN_CLOCK_TIME } from '../../src/clock/index.js';
import { ClockOutOfRangeError } from '../../src/errors/index.js';

test('the range is the ISO 8601 four-digit years', (t) => {
  t.is(new Date(MAX_CLOCK_TIME).toISOString(), '9999-12-31T23:59:59.999Z');
  t.is(new Date(MIN_CLOCK_TIME).toISOString(), '0000-01-01T00:00:00.000Z');
});

test('the fake clock refuses amounts and times it could not write, and stays where it was', async (t) => {
  const clock = createFakeClock();
  const start = clock.now();
  for (const ms of [1e308, Number.POSITIVE_INFINITY, Number.NaN, -1, MAX_CLOCK_TIME - start + 1]) {
    const error = await t.throwsAsync(clock.advance(ms), { instanceOf: ClockOutOfRangeError });
    t.is(error?.code, 'CLOCK_OUT_OF_RANGE');
    t.regex(
      String(error?.message),
      /advance (must be a finite number|of .* ms would move the clock past 9999-12-31T23:59:59\.999Z)/,
    );
  }
  t.is(clock.now(), start);
  await t.throwsAsync(clock.advanceTo(8.64e15 + 1), { code: 'CLOCK_OUT_OF_RANGE' });
  await clock.advance(MAX_CLOCK_TIME - start);
  t.is(new Date(clock.now()).toISOString(), '9999-12-31T23:59:59.999Z');
  // A timer set at the end of the range is due at the end, still a date that can be written.
  clock.setTimeout(() => undefined, 1e308);
  t.is(new Date(clock.nextTimerAt() as number).toISOString(), '9999-12-31T23:59:59.999Z');
  t.throws(() => createFakeClock({ now: 8.64e15 }), {
    code: 'CLOCK_OUT_OF_RANGE',
    message: /received 8640000000000000/,
  });
  t.throws(() => createFakeClock({ now: new Date(Number.NaN) }), { code: 'CLOCK_OUT_OF_RANGE' });
});
