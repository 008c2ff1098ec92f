import test from 'ava';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { createFakeClock } from '../../../src/clock/fake-clock.js';
import { MemoryDeliveryStore } from '../../../src/domain/delivery/memory-delivery-store.js';
import type { NewDelivery } from '../../../src/domain/delivery/delivery-store.js';
import { toDeliveryView } from '../../../src/domain/delivery/delivery-record.js';

const delivery = (store: MemoryDeliveryStore, fields: Partial<NewDelivery> = {}): NewDelivery => {
  const id = store.nextId();
  return {
    id,
    destination: 'Webhooks',
    messageId: `m-${id}`,
    type: 'track',
    writeKey: 'wk',
    createdAt: 0,
    body: '{"a":1}',
    targets: [{ url: 'https://u:secret@receiver.test/hook', headers: {} }],
    timeoutMs: 5_000,
    ...fields,
  };
};

test('a delivery goes through its states by named operations; counts follow', (t) => {
  const store = new MemoryDeliveryStore();
  const created = delivery(store);
  store.insert(created);
  const { id } = created;
  t.like(store.get(id), { state: 'pending', attempts: [], retries: 0, firstAttemptAt: undefined });
  store.startWalk(id, 1_000);
  store.addAttempt(id, {
    url: 'https://receiver.test/hook',
    at: '1970-01-01T00:00:01.000Z',
    status: 503,
    durationMs: 0,
  });
  store.scheduleRetry(id, 1, 3_000);
  t.like(store.get(id), { firstAttemptAt: 1_000, retries: 1, nextAttemptAt: 3_000 });
  store.startWalk(id, 3_000);
  t.like(store.get(id), { firstAttemptAt: 1_000, nextAttemptAt: undefined }, 'the window keeps its start');
  store.setState(id, 'delivered');
  t.deepEqual(store.counts(), { all: 1, pending: 0, delivered: 1, failed: 0, expired: 0 });
  store.reopen(id);
  t.like(store.get(id), { state: 'pending', firstAttemptAt: undefined, retries: 0 });
  t.is(store.pendingCount(), 1);
  t.is(store.get(id)?.attempts.length, 1, 'a redelivery keeps the attempts made');
});

test('past the capacity the oldest finished records go, and their ids are answered; pending ones stay', (t) => {
  const store = new MemoryDeliveryStore({ capacity: 3 });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const d = delivery(store);
    ids.push(d.id);
    t.deepEqual(store.insert(d), []);
  }
  store.setState(ids[1] as string, 'failed');
  store.setState(ids[0] as string, 'delivered');
  t.deepEqual(store.insert(delivery(store)), [ids[1]], 'the first to finish is the first to go');
  t.deepEqual(store.insert(delivery(store)), [ids[0]]);
  // Only pending records left: nothing can go, the store holds more than its capacity until some finish.
  t.deepEqual(store.insert(delivery(store)), []);
  t.deepEqual(store.counts(), { all: 4, pending: 4, delivered: 0, failed: 0, expired: 0 });
});

test('restore replaces a record of the same id, keeps counts exact, and numbers new ids after it', (t) => {
  const store = new MemoryDeliveryStore();
  const first = delivery(store);
  store.insert(first);
  store.setState(first.id, 'failed');
  const restored = {
    ...first,
    id: first.id,
    state: 'delivered' as const,
    attempts: [],
    firstAttemptAt: undefined,
    retries: 0,
    nextAttemptAt: undefined,
  };
  store.restore(restored);
  store.restore({ ...restored, id: 'd_41' });
  t.deepEqual(store.counts(), { all: 2, pending: 0, delivered: 2, failed: 0, expired: 0 });
  t.is(store.nextId(), 'd_42');
});

test('page: newest first, filtered, with the total; text search sees URLs as shown, so it cannot probe a password', (t) => {
  const store = new MemoryDeliveryStore();
  for (let i = 0; i < 5; i++)
    store.insert(delivery(store, { writeKey: i % 2 === 0 ? 'even' : 'odd', type: i === 4 ? 'identify' : 'track' }));
  const even = store.page({ writeKey: 'even', limit: 2 });
  t.is(even.total, 3);
  t.deepEqual(
    even.deliveries.map((d) => d.id),
    ['d_5', 'd_3'],
  );
  t.deepEqual(
    store.page({ writeKey: 'even', offset: 2 }).deliveries.map((d) => d.id),
    ['d_1'],
  );
  t.is(store.page({ type: 'identify' }).total, 1);
  t.is(store.page({ text: 'RECEIVER.test' }).total, 5);
  t.is(store.page({ text: 'secret' }).total, 0);
  t.deepEqual(
    store.list().map((d) => d.id),
    ['d_1', 'd_2', 'd_3', 'd_4', 'd_5'],
  );
  store.clear();
  t.deepEqual([store.list(), store.counts().all], [[], 0]);
});

test('a view copies the attempts: a later attempt does not change a view already handed out', (t) => {
  const store = new MemoryDeliveryStore();
  const d = delivery(store, { createdAt: Date.UTC(2024, 0, 1) });
  store.insert(d);
  const view = toDeliveryView(store.get(d.id) as NonNullable<ReturnType<typeof store.get>>);
  store.addAttempt(d.id, { url: 'x', at: 'y', status: 200, durationMs: 0 });
  t.is(view.attempts.length, 0);
  t.is(view.createdAt, '2024-01-01T00:00:00.000Z');
  t.deepEqual(view.request, {
    method: 'POST',
    url: 'https://u:secret@receiver.test/hook',
    headers: {},
    body: '{"a":1}',
  });
});

test('maxAgeMs drops finished records by when they finished, oldest first; pending and redelivered ones stay', async (t) => {
  const clock = createFakeClock({ now: 0 });
  const store = new MemoryDeliveryStore({ maxAgeMs: 1_000, clock });
  const [early, late, pending] = [delivery(store), delivery(store), delivery(store)];
  for (const d of [early, late, pending]) store.insert(d);
  store.setState(early.id, 'delivered');
  await clock.advance(500);
  store.setState(late.id, 'failed');
  await clock.advance(600);
  // early finished 1,100 ms ago, late 600 ms ago; pending is older than both and never finished.
  t.deepEqual(store.expire(), [early.id]);
  t.deepEqual(
    store.list().map((d) => d.id),
    [late.id, pending.id],
  );
  // Redelivered: pending again, so not dropped by age; finished again, it ages from the new finish.
  store.reopen(late.id);
  await clock.advance(5_000);
  t.deepEqual(store.expire(), []);
  store.setState(late.id, 'delivered');
  await clock.advance(999);
  t.deepEqual(store.counts(), { all: 2, pending: 1, delivered: 1, failed: 0, expired: 0 });
  await clock.advance(2);
  t.deepEqual(store.counts(), { all: 1, pending: 1, delivered: 0, failed: 0, expired: 0 });
  t.is(store.get(pending.id)?.state, 'pending');
});

test('maxAgeMs is refused without a clock to read, or when it is not a positive integer', (t) => {
  t.throws(() => new MemoryDeliveryStore({ maxAgeMs: 1_000 }), { message: /needs the harness clock/ });
  t.throws(() => new MemoryDeliveryStore({ maxAgeMs: 0, clock: createFakeClock() }), {
    message: /positive integer \(ms\); received 0/,
  });
});

test('a pending record costs about 200 bytes of heap besides what it points to (a backlog holds 100,000)', (t) => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const store = new MemoryDeliveryStore();
  const targets = [{ url: 'https://receiver.test/hook', headers: {} }];
  // Everything a record points to is made and kept before measuring, so the difference is the records alone.
  const news = Array.from({ length: 20_000 }, () => delivery(store, { messageId: 'm', body: 'b', targets }));
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const created of news) store.insert(created);
  gc();
  const perRecord = (process.memoryUsage().heapUsed - before) / news.length;
  // Built by spreading the new delivery it was about 650 bytes (an oversized property store); field by field 185,
  // plus the store's map entry and the empty attempts list.
  t.true(perRecord < 400, `${Math.round(perRecord)} bytes per pending record`);
  t.is(store.counts().pending, news.length);
  t.like(store.get(news[0]?.id ?? ''), { state: 'pending', body: 'b', targets, timeoutMs: 5_000, attempts: [] });
});
