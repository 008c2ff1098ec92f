// The delivery store's bound and its bookkeeping (issue 16, item 2).
import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import type { WebhookTransport } from '../../../src/domain/delivery/index.js';
import { DeliveryBacklogFullError } from '../../../src/errors/index.js';
import { basicAuth, postJson, startHarness } from '../../helpers/harness.js';

const settings = { webhooks: [{ url: 'http://receiver.test/hook' }] };
const event = (i: number) => ({ type: 'track', userId: `u${i}`, event: 'E', messageId: `m-${i}` });
const answering: WebhookTransport = async () => ({ kind: 'response', status: 200 });
// Never answers: every walk stays in flight or queued behind it, so every record stays pending.
const hanging: WebhookTransport = () => new Promise(() => undefined);

function dispatcherWith(
  t: { teardown(fn: () => void): void },
  transport: WebhookTransport,
  capacity: number,
): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock(), transport, capacity, concurrency: 1 });
  t.teardown(() => dispatcher.close());
  return dispatcher;
}

test('past the capacity the oldest finished records go first; counts stay exact', async (t) => {
  const dispatcher = dispatcherWith(t, answering, 5);
  for (let i = 0; i < 20; i++) {
    dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(i) });
    await dispatcher.settled();
  }
  t.deepEqual(dispatcher.counts(), { all: 5, pending: 0, delivered: 5, failed: 0, expired: 0 });
  t.deepEqual(
    dispatcher.list().map((d) => d.messageId),
    ['m-15', 'm-16', 'm-17', 'm-18', 'm-19'],
  );
  // A redelivered record is pending again: it is not the one dropped, though it finished first.
  dispatcher.redeliver(dispatcher.list()[0]?.id ?? '');
  t.is(dispatcher.counts().pending, 1);
  dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(20) });
  await dispatcher.settled();
  t.deepEqual(
    dispatcher
      .list()
      .map((d) => d.messageId)
      .sort(),
    ['m-15', 'm-17', 'm-18', 'm-19', 'm-20'],
  );
  t.is(dispatcher.counts().all, 5);
});

test('at the bound with every record unfinished: collection events are dropped and counted, deletions refused', (t) => {
  const dispatcher = dispatcherWith(t, hanging, 10);
  for (let i = 0; i < 10; i++) dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(i) });
  t.true(dispatcher.backlogFull);
  // The server refuses before the store is over; in-process callers get a whole batch of headroom, then drops.
  for (let i = 10; i < 10 + 2_500; i++)
    t.not(dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(i) }), undefined);
  t.is(dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(9_999) }), undefined);
  t.is(dispatcher.dropped, 1);
  const error = t.throws(
    () => dispatcher.dispatchPayload({ writeKey: 'wk', settings, payload: { type: 'delete', userId: 'u1' } }),
    { instanceOf: DeliveryBacklogFullError },
  );
  t.regex(String(error?.message), /2510 webhook deliveries are unfinished, the most the mock holds \(10\)/);
  t.is(dispatcher.counts().all, 2_510);
});

test('the server refuses collection requests with 429 while the backlog is full, journaling nothing', async (t) => {
  const harness = await startHarness(t, {
    transport: hanging,
    config: {
      sources: [{ writeKey: 'wk', destinations: { Webhooks: settings } }],
      delivery: { concurrency: 1, capacity: 3 },
    },
  });
  for (let i = 0; i < 3; i++)
    t.is((await postJson(`${harness.url}/v1/track`, event(i), { authorization: basicAuth('wk') })).status, 200);
  const refused = await postJson(`${harness.url}/v1/track`, event(3), { authorization: basicAuth('wk') });
  t.deepEqual(
    [refused.status, refused.body.code, refused.headers.get('retry-after')],
    [429, 'DELIVERY_BACKLOG_FULL', '5'],
  );
  t.is(harness.journal.counts().all, 3);
});

test('bookkeeping costs the same beside 50,000 unfinished records as beside none', async (t) => {
  const time = (dispatcher: WebhookDispatcher, from: number) => {
    const started = performance.now();
    for (let i = from; i < from + 2_000; i++) dispatcher.dispatchEvent({ writeKey: 'wk', settings, event: event(i) });
    for (let i = 0; i < 200; i++) dispatcher.counts();
    return performance.now() - started;
  };
  const empty = dispatcherWith(t, answering, 60_000);
  const baseline = time(empty, 0);
  const loaded = dispatcherWith(t, hanging, 50_000);
  for (let i = 0; i < 50_000; i++) loaded.dispatchEvent({ writeKey: 'wk', settings, event: event(i) });
  // Over the capacity, all pending: before, each new record scanned every pending one (50,000 x 2,000).
  const full = time(loaded, 50_000);
  t.log(
    `2,000 dispatches + 200 counts: ${baseline.toFixed(1)} ms beside none, ${full.toFixed(1)} ms beside 50,000 pending`,
  );
  t.true(full < baseline * 8 + 50, `${full.toFixed(1)} ms vs ${baseline.toFixed(1)} ms`);
});
