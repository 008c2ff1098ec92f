import test from 'ava';
import { createFakeClock, DEFAULT_FAKE_EPOCH } from '../../src/clock/index.js';

test('starts at the fixed epoch and moves only when advanced', async (t) => {
  const clock = createFakeClock();
  t.is(clock.now(), DEFAULT_FAKE_EPOCH);
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.is(clock.now(), DEFAULT_FAKE_EPOCH);
  await clock.advance(1500);
  t.is(clock.now(), DEFAULT_FAKE_EPOCH + 1500);
});

test('fires timers in due order as time advances, and never early', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const fired: string[] = [];
  clock.setTimeout(() => fired.push('b@200'), 200);
  clock.setTimeout(() => fired.push('a@100'), 100);
  await clock.advance(99);
  t.deepEqual(fired, []);
  await clock.advance(1);
  t.deepEqual(fired, ['a@100']);
  await clock.advanceTo(250);
  t.deepEqual(fired, ['a@100', 'b@200']);
  t.is(clock.now(), 250);
});

test('advance lets promise callbacks scheduled by a timer run before the next timer fires', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const seen: number[] = [];
  const loop = async () => {
    for (let i = 0; i < 3; i++) {
      await clock.sleep(1000);
      seen.push(clock.now());
    }
  };
  const done = loop();
  await clock.advance(3000);
  await done;
  t.deepEqual(seen, [1000, 2000, 3000]);
});

test('clearTimeout cancels, nextTimerAt and pendingTimers report what is due', async (t) => {
  const clock = createFakeClock({ now: 10 });
  t.is(clock.nextTimerAt(), undefined);
  const a = clock.setTimeout(() => t.fail('cancelled timer fired'), 50);
  clock.setTimeout(() => undefined, 70);
  t.is(clock.pendingTimers(), 2);
  t.is(clock.nextTimerAt(), 60);
  clock.clearTimeout(a);
  t.is(clock.nextTimerAt(), 80);
  t.true(await clock.next());
  t.is(clock.now(), 80);
  t.is(clock.pendingTimers(), 0);
  t.false(await clock.next());
});

test('runAll fires timers that timers schedule', async (t) => {
  const clock = createFakeClock({ now: 0 });
  let count = 0;
  const again = () => {
    count++;
    if (count < 5) clock.setTimeout(again, 4 * 60 * 60 * 1000);
  };
  clock.setTimeout(again, 1);
  await clock.runAll();
  t.is(count, 5);
  t.is(clock.now(), 1 + 4 * 4 * 60 * 60 * 1000);
});

test('sleep rejects with the abort reason, before or during the wait', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const early = new AbortController();
  early.abort(new Error('gone'));
  await t.throwsAsync(clock.sleep(10, early.signal), { message: 'gone' });
  const late = new AbortController();
  const pending = clock.sleep(1000, late.signal);
  late.abort();
  await t.throwsAsync(pending, { name: 'AbortError' });
  t.is(clock.pendingTimers(), 0);
});

test('never touches the global timers or Date', async (t) => {
  const { setTimeout: globalSetTimeout, clearTimeout: globalClearTimeout, Date: GlobalDate } = globalThis;
  const clock = createFakeClock({ now: 0 });
  let fired = false;
  clock.setTimeout(() => {
    fired = true;
  }, 5000);
  t.is(globalThis.setTimeout, globalSetTimeout);
  t.is(globalThis.clearTimeout, globalClearTimeout);
  t.is(globalThis.Date, GlobalDate);
  t.true(Math.abs(Date.now() - new GlobalDate().getTime()) < 1000);
  // A real 5 ms wait on the global timer works and does not fire the virtual 5 s timer.
  await new Promise<void>((resolve) => globalSetTimeout(resolve, 5));
  t.false(fired);
  await clock.advance(5000);
  t.true(fired);
});
