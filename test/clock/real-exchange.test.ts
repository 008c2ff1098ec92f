import test from 'ava';
import { createFakeClock, createMonotonicClock, realExchange } from '../../src/clock/index.js';

test('an answer within the timeout takes no virtual time, and the exchange holds virtual time while it waits', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const hold = clock.hold('exchange');
  const exchange = realExchange(
    { clock, realClock: createMonotonicClock(), hold, timeoutMs: 1_000 },
    () => new Promise<string>((resolve) => setTimeout(() => resolve('200'), 30)),
  );
  t.is(hold.deadline, 1_000, 'its deadline, while it may still be answered');
  const moving = clock.advance(5_000);
  t.deepEqual(await exchange, { timedOut: false, value: '200' });
  t.is(clock.now(), 0, 'the answer came at the virtual time it was asked');
  t.is(hold.deadline, undefined);
  hold.release();
  await moving;
});

test('no answer within the timeout of real time: a timeout, over at its virtual deadline however the clock moved', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const hold = clock.hold('exchange');
  const started = performance.now();
  let done = false;
  const exchange = realExchange(
    { clock, realClock: createMonotonicClock(), hold, timeoutMs: 80 },
    () => new Promise<string>(() => undefined),
  ).then((result) => {
    done = true;
    return result;
  });
  // Nothing moves the clock: the exchange waits at its virtual deadline.
  await new Promise((resolve) => setTimeout(resolve, 150));
  t.false(done);
  t.true(performance.now() - started >= 79);
  await clock.advance(79);
  t.false(done, 'not before the deadline');
  // The exchange holds the clock again once its deadline fired: the move answers after the work goes on.
  const moving = clock.advance(1);
  t.deepEqual(await exchange, { timedOut: true, value: undefined });
  t.is(clock.now(), 80);
  hold.release();
  await moving;
});

test('an answer that says it timed out (a transport’s own timeout) lands at the deadline too', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const hold = clock.hold('exchange');
  const exchange = realExchange(
    { clock, realClock: createMonotonicClock(), hold, timeoutMs: 5_000, isTimeout: (code) => code === 'ETIMEDOUT' },
    async () => 'ETIMEDOUT',
  );
  const moving = clock.advance(10_000);
  t.deepEqual(await exchange, { timedOut: true, value: 'ETIMEDOUT' });
  t.is(clock.now(), 5_000, 'at its deadline, not where the move was going');
  hold.release();
  await moving;
  t.is(clock.now(), 10_000);
});
