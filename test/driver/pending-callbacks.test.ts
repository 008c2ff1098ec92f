import test from 'ava';
import { PendingCallbacks } from '../../src/driver/pending-callbacks.js';

test('settled() resolves only once every added call has called back, each counted once', async (t) => {
  const pending = new PendingCallbacks();
  t.is(pending.count, 0);
  await pending.settled();
  const first = pending.add();
  const second = pending.add();
  let settled = false;
  const waiting = pending.settled().then(() => (settled = true));
  first.done();
  first.done();
  await Promise.resolve();
  t.is(pending.count, 1, 'a second callback of the same call does not count again');
  t.false(settled);
  second.done();
  await waiting;
  t.true(settled);
  t.is(pending.count, 0);
});

test('a call the SDK refused is abandoned: it does not hold settled() back', async (t) => {
  const pending = new PendingCallbacks();
  const refused = pending.add();
  const delivered = pending.add();
  refused.abandon();
  t.is(pending.count, 1);
  delivered.done();
  t.is(pending.count, 0);
  await t.notThrowsAsync(pending.settled());
});
