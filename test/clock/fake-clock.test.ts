import test from 'ava';
import { createFakeClock, DEFAULT_FAKE_EPOCH } from '../../src/clock/index.js';
import { ClockOutOfRangeError, RunBudgetExceededError } from '../../src/errors/index.js';

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

// The rule of virtual time and real I/O, at the clock (docs/rules.md, "Virtual time").

test('a hold stops every move until it is released; the move then fires the due timers in order and answers', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const fired: number[] = [];
  clock.setTimeout(() => fired.push(clock.now()), 100);
  clock.setTimeout(() => fired.push(clock.now()), 200);
  const hold = clock.hold('a request on the wire');
  t.deepEqual(clock.held(), ['a request on the wire']);
  let answered = false;
  const moving = clock.advance(1_000).then(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.deepEqual([fired, clock.now(), answered], [[], 0, false], 'nothing moved while held');
  hold.release();
  hold.release();
  await moving;
  t.deepEqual(fired, [100, 200]);
  t.is(clock.now(), 1_000);
});

test('a timer that starts real work waits for it before the next timer fires; a hold sleeping on the clock lets time move', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const order: string[] = [];
  clock.setTimeout(() => {
    order.push(`walk starts at ${clock.now()}`);
    const hold = clock.hold('walk');
    setTimeout(async () => {
      order.push('real answer');
      // A timed-out exchange waits for its virtual deadline without holding the clock, then holds it again.
      await hold.sleep(500);
      order.push(`walk goes on at ${clock.now()}`);
      setTimeout(() => {
        order.push('walk ends');
        hold.release();
      }, 10);
    }, 20);
  }, 100);
  clock.setTimeout(() => order.push(`next timer at ${clock.now()}`), 300);
  clock.setTimeout(() => order.push(`last timer at ${clock.now()}`), 700);
  await clock.advance(1_000);
  t.deepEqual(order, [
    'walk starts at 100',
    'real answer',
    'next timer at 300',
    'walk goes on at 600',
    'walk ends',
    'last timer at 700',
  ]);
});

test('a move past its budget stops where it is and names what holds it; nothing is lost and moving again goes on', async (t) => {
  const clock = createFakeClock({ now: 0 });
  let fired = 0;
  clock.setTimeout(() => fired++, 10);
  const hold = clock.hold(() => 'POST http://receiver.test/hook (delivery d_1)');
  const error = await t.throwsAsync(clock.advance(60_000, { budgetMs: 50 }), { instanceOf: RunBudgetExceededError });
  t.regex(
    String(error?.message),
    /not done after 50 ms of real time: virtual time stopped at 1970-01-01T00:00:00\.000Z, 60000 ms short of 1970-01-01T00:01:00\.000Z; in flight: POST http:\/\/receiver\.test\/hook \(delivery d_1\); 1 timers pending, the next at 1970-01-01T00:00:00\.010Z/,
  );
  t.deepEqual([fired, clock.now()], [0, 0]);
  hold.release();
  await clock.advance(60_000);
  t.deepEqual([fired, clock.now()], [1, 60_000]);
});

test('with a request of the harness parked on virtual time, timers before every held deadline fire; none at or past one', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const hold = clock.hold('a client request');
  hold.deadline = 1_000;
  const unpark = clock.park();
  const fired: number[] = [];
  clock.setTimeout(() => fired.push(clock.now()), 400);
  clock.setTimeout(() => fired.push(clock.now()), 1_000);
  const moving = clock.advance(2_000);
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.deepEqual(fired, [400], 'the fault delay before the deadline fired; the deadline itself is not passed');
  unpark();
  hold.release();
  await moving;
  t.deepEqual(fired, [400, 1_000]);
});

test('moves run one after another; tick is advance', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const hold = clock.hold('work');
  const a = clock.advance(100);
  const b = clock.tick(50);
  hold.release();
  await Promise.all([a, b]);
  t.is(clock.now(), 150);
  await t.throwsAsync(clock.advance(-1), { instanceOf: ClockOutOfRangeError });
});
