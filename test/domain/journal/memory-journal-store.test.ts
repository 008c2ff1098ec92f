import test from 'ava';
import { EventJournal, MemoryJournalStore } from '../../../src/domain/journal/index.js';
import { InvalidJournalQueryError } from '../../../src/errors/index.js';

test('the store appends in order with seq, bounds by capacity, keeps exact counts and answers declarative queries', (t) => {
  const store = new MemoryJournalStore({ capacity: 2 });
  for (const [i, status] of (['accepted', 'rejected', 'accepted'] as const).entries())
    store.append({ status, writeKey: 'wk', event: { type: 'track', userId: `u${i}`, event: 'E' } });
  t.deepEqual(
    [...store.entries()].map((e) => e.seq),
    [2, 3],
  );
  t.deepEqual(store.counts(), { all: 3, accepted: 2, rejected: 1, duplicate: 0, filtered: 0 });
  t.deepEqual(store.writeKeysForUser('u2'), ['wk']);
  t.deepEqual(store.writeKeysForUser('u0'), [], 'the user of a dropped entry is forgotten');
  t.deepEqual(
    store.query({ status: 'accepted', order: 'newest' }).events.map((e) => e.event.userId),
    ['u2'],
  );
  t.throws(() => store.query({ limit: -1 }), {
    instanceOf: InvalidJournalQueryError,
    message: /limit must be a whole number >= 0; received -1/,
  });
});

test('announce hears the new entry while its event is the object given, not a rebuilt copy', (t) => {
  const store = new MemoryJournalStore();
  const event = { type: 'track', userId: 'u', event: 'E' };
  let heard: unknown;
  const entry = store.append({ status: 'accepted', writeKey: 'wk', event }, (e) => {
    heard = e.event;
  });
  t.is(heard, event);
  t.not(entry.event, event, 'read later, the event is a copy no reader can change');
  t.deepEqual(entry.event, event);
});

test('the journal keeps its entries in the store it is given', async (t) => {
  const store = new MemoryJournalStore({ capacity: 5 });
  const journal = new EventJournal({ store });
  t.is(journal.capacity, 5);
  const waited = journal.waitFor({ userId: 'late' }, { timeout: 5_000 });
  journal.record('accepted', 'wk', { type: 'identify', userId: 'late' });
  t.is((await waited).event.userId, 'late');
  t.is(store.size, 1);
  journal.clear();
  t.is(store.counts().all, 0);
});

test('an entry read twice is the same view while held; a new one once its slot is reused', (t) => {
  const store = new MemoryJournalStore({ capacity: 2 });
  store.append({ status: 'accepted', writeKey: 'wk', event: { type: 'track', userId: 'a', event: 'E' } });
  const [first] = store.entries();
  t.is([...store.entries()][0], first);
  store.append({ status: 'accepted', writeKey: 'wk', event: { type: 'track', userId: 'b', event: 'E' } });
  store.append({ status: 'accepted', writeKey: 'wk', event: { type: 'track', userId: 'c', event: 'E' } });
  t.deepEqual(
    [...store.entries()].map((e) => e.event.userId),
    ['b', 'c'],
  );
  t.false([...store.entries()].includes(first as never));
});

test("a request's text is charged once even when its entries are not consecutive, and released with the last", (t) => {
  const store = new MemoryJournalStore({ capacity: 4 });
  const originOf = (retainedBytes: number) => ({ retainedBytes, rebuild: () => ({ type: 'track' }) });
  const a = originOf(100);
  const b = originOf(10);
  const event = { type: 'track', userId: 'u', event: 'E' };
  for (const [origin, index] of [
    [a, 0],
    [b, 0],
    [a, 1],
  ] as const)
    store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin, index } });
  t.is(store.bytes, 110, 'a (100) and b (10), each once');
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin: b, index: 1 } });
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin: b, index: 2 } });
  t.is(store.bytes, 110, "a's first entry went, its second is held");
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin: b, index: 3 } });
  t.is(store.bytes, 110, "b's first entry went, later ones are held");
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin: b, index: 4 } });
  t.is(store.bytes, 10, "a's last entry went: its text is no longer charged");
});

test('after clear, an origin held before is charged again when its events come back (its count was reset)', (t) => {
  const store = new MemoryJournalStore({ capacity: 4 });
  const origin = { retainedBytes: 100, rebuild: () => ({ type: 'track' }) };
  const event = { type: 'track', userId: 'u', event: 'E' };
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin, index: 0 } });
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin, index: 1 } });
  t.is(store.bytes, 100);
  store.clear();
  t.is(store.bytes, 0);
  store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin, index: 0 } });
  t.is(store.bytes, 100, 'charged once more, as a new request would be');
  const other = { retainedBytes: 10, rebuild: () => ({ type: 'track' }) };
  for (let i = 0; i < 4; i++)
    store.append({ status: 'accepted', writeKey: 'wk', event, origin: { origin: other, index: i } });
  t.is(store.bytes, 10, 'and released with its last entry');
});

test('keeping its own texts, the journal stores an event it was given unenriched as its origin rebuilds it, messageId included', (t) => {
  const store = new MemoryJournalStore();
  store.keepOwnText();
  t.false(store.rebuildsFromOrigins);
  const rebuilt = { type: 'track', userId: 'u', messageId: 'generated-0', receivedAt: '2024-01-01T00:00:00.000Z' };
  const origin = { rebuild: () => structuredClone(rebuilt), generatedMessageId: () => 'generated-0' };
  const entry = store.append({
    status: 'accepted',
    writeKey: 'wk',
    event: { type: 'track', userId: 'u' },
    origin: { origin, index: 0, messageIdGenerated: true, unenriched: true },
  });
  t.is(entry.event.messageId, 'generated-0');
  t.deepEqual(
    store.query({ messageId: 'generated-0' }).events.map((e) => e.event),
    [rebuilt],
  );
});
