import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { RetryScheduler, type Schedulable } from '../../../src/actors/dispatcher/retry-scheduler.js';

interface Item extends Schedulable {
  readonly name: string;
}
const item = (name: string): Item => ({ name, retryTicket: undefined });

test('due items come back in due order behind one clock timer; a cancelled one never does', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const due: string[] = [];
  const scheduler = new RetryScheduler<Item>(clock, (i) => due.push(`${i.name}@${clock.now()}`));
  const [a, b, c] = [item('a'), item('b'), item('c')];
  scheduler.schedule(a, 300);
  scheduler.schedule(b, 100);
  scheduler.schedule(c, 200);
  t.is(clock.pendingTimers(), 1, 'one timer for every retry');
  t.is(scheduler.scheduled, 3);
  t.is(scheduler.nextDue(), 100);
  t.true(scheduler.cancel(c));
  t.false(scheduler.cancel(c));
  await clock.runAll();
  t.deepEqual(due, ['b@100', 'a@300']);
  t.is(scheduler.scheduled, 0);
  t.is(a.retryTicket, undefined);
});

test('clear forgets every retry and its timer', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const due: string[] = [];
  const scheduler = new RetryScheduler<Item>(clock, (i) => due.push(i.name));
  scheduler.schedule(item('a'), 50);
  scheduler.clear();
  t.is(clock.pendingTimers(), 0);
  t.is(scheduler.nextDue(), undefined);
  await clock.advance(100);
  t.deepEqual(due, []);
});
