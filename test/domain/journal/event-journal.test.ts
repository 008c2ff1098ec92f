import test from 'ava';
import fc from 'fast-check';
import { createFakeClock } from '../../../src/clock/index.js';
import { EventJournal, MemoryJournalStore, type JournalStatus } from '../../../src/domain/journal/index.js';

const track = (i: number, userId = `u${i}`) => ({ type: 'track', userId, event: `e${i}`, messageId: `m${i}` });

test('queries by status, type, userId, writeKey and messageId, with limit, offset and order', (t) => {
  const journal = new EventJournal();
  journal.record('accepted', 'a', track(1));
  journal.record('rejected', 'a', { type: 'identify', messageId: 'm2' }, 'no id');
  journal.record('accepted', 'b', track(3, 'u1'));
  journal.record('filtered', 'b', track(4));
  t.deepEqual(
    journal.query({ status: 'accepted' }).events.map((e) => e.seq),
    [1, 3],
  );
  t.deepEqual(
    journal.query({ type: 'identify' }).events.map((e) => e.reason),
    ['no id'],
  );
  t.deepEqual(
    journal.query({ userId: 'u1' }).events.map((e) => e.seq),
    [1, 3],
  );
  t.deepEqual(
    journal.query({ writeKey: 'b' }).events.map((e) => e.seq),
    [3, 4],
  );
  t.deepEqual(
    journal.query({ messageId: 'm4' }).events.map((e) => e.status),
    ['filtered'],
  );
  const page = journal.query({ limit: 2, offset: 1 });
  t.is(page.total, 4);
  t.deepEqual(
    page.events.map((e) => e.seq),
    [2, 3],
  );
  t.deepEqual(
    journal.query({ order: 'newest', limit: 2 }).events.map((e) => e.seq),
    [4, 3],
  );
});

test('memory is bounded by the capacity while counts stay exact', (t) => {
  const journal = new EventJournal({ capacity: 3 });
  for (let i = 1; i <= 10; i++) journal.record(i % 2 === 0 ? 'accepted' : 'rejected', 'k', track(i));
  t.is(journal.size, 3);
  t.deepEqual(
    [...journal.entries()].map((e) => e.seq),
    [8, 9, 10],
  );
  t.deepEqual(journal.counts(), { all: 10, accepted: 5, rejected: 5, duplicate: 0, filtered: 0 });
  t.throws(() => new EventJournal({ capacity: 0 }), { instanceOf: RangeError, message: /received 0/ });
});

test('property: the ring holds exactly the newest min(n, capacity) entries in order', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.constantFrom<JournalStatus>('accepted', 'rejected', 'duplicate', 'filtered'), { maxLength: 60 }),
        (capacity, statuses) => {
          const journal = new EventJournal({ capacity });
          for (const [i, status] of statuses.entries()) journal.record(status, 'k', track(i));
          const held = [...journal.entries()].map((e) => e.seq);
          const expected = statuses.map((_, i) => i + 1).slice(-capacity);
          const counts = journal.counts();
          return (
            JSON.stringify(held) === JSON.stringify(expected) &&
            counts.all === statuses.length &&
            counts.accepted === statuses.filter((s) => s === 'accepted').length
          );
        },
      ),
    ),
  );
});

test('writeKeysForUser indexes accepted events (and alias previousIds); acceptedEvents lists them', (t) => {
  const journal = new EventJournal();
  journal.record('accepted', 'a', track(1, 'jane'));
  journal.record('accepted', 'b', { type: 'alias', userId: 'jane2', previousId: 'jane' });
  journal.record('rejected', 'c', track(2, 'jane'), 'bad');
  t.deepEqual([...journal.writeKeysForUser('jane')].sort(), ['a', 'b']);
  t.deepEqual(journal.writeKeysForUser('nobody'), []);
  t.deepEqual(
    [...journal.acceptedEvents()].map((e) => e.writeKey),
    ['a', 'b'],
  );
  journal.clear();
  t.deepEqual(journal.writeKeysForUser('jane'), []);
  t.is(journal.counts().all, 0);
});

test('waitFor resolves with an entry already held or arriving later, and rejects after the timeout', async (t) => {
  const waitClock = createFakeClock({ now: 0 });
  const journal = new EventJournal({ waitClock });
  journal.record('accepted', 'k', track(1));
  t.is((await journal.waitFor({ messageId: 'm1' })).seq, 1);
  const later = journal.waitFor((e) => e.event.event === 'e2', { timeout: 1000 });
  journal.record('accepted', 'k', track(2));
  t.is((await later).seq, 2);
  const never = journal.waitFor({ userId: 'ghost' }, { timeout: 250 });
  await waitClock.advance(250);
  await t.throwsAsync(never, { code: 'JOURNAL_WAIT_TIMEOUT', message: /within 250 ms.*holds 2 entries/ });
  const controller = new AbortController();
  const aborted = journal.waitFor({ userId: 'ghost' }, { signal: controller.signal });
  controller.abort();
  await t.throwsAsync(aborted, { code: 'JOURNAL_WAIT_TIMEOUT' });
});

test('a throwing listener does not stop the entry reaching the others', (t) => {
  const journal = new EventJournal();
  const seen: number[] = [];
  journal.subscribe(() => {
    throw new Error('listener bug');
  });
  const off = journal.subscribe((e) => seen.push(e.seq));
  journal.record('accepted', 'k', track(1));
  off();
  journal.record('accepted', 'k', track(2));
  t.deepEqual(seen, [1]);
  t.is(journal.size, 2);
});

test('a listener hears only the statuses it names, and an entry no listener hears of is appended without an announce', (t) => {
  const store = new MemoryJournalStore();
  const announced: (JournalStatus | 'none')[] = [];
  const append = store.append.bind(store);
  // The store is told whether anyone hears of the entry: without an announce it makes no view of it for them.
  store.append = (record, announce) => {
    announced.push(announce === undefined ? 'none' : record.status);
    return append(record, announce);
  };
  const journal = new EventJournal({ store });
  const rejected: number[] = [];
  const routine: number[] = [];
  journal.subscribe((e) => rejected.push(e.seq), { statuses: ['rejected'] });
  const offRoutine = journal.subscribe((e) => routine.push(e.seq), { statuses: ['accepted', 'duplicate'] });
  journal.record('accepted', 'k', track(1));
  journal.record('rejected', 'k', track(2), 'bad');
  journal.record('filtered', 'k', track(3));
  journal.record('duplicate', 'k', track(4));
  offRoutine();
  journal.record('accepted', 'k', track(5));
  journal.record('rejected', 'k', track(6), 'bad');
  t.deepEqual(rejected, [2, 6]);
  t.deepEqual(routine, [1, 4]);
  t.deepEqual(announced, ['accepted', 'rejected', 'none', 'duplicate', 'none', 'rejected']);
});

test('subscribe refuses a status it does not know, naming it, and keeps the listener it had', (t) => {
  const journal = new EventJournal();
  const seen: number[] = [];
  const listener = (e: { seq: number }) => seen.push(e.seq);
  journal.subscribe(listener);
  const error = t.throws(() => journal.subscribe(listener, { statuses: ['acepted' as JournalStatus] }));
  t.is((error as { code?: string }).code, 'INVALID_JOURNAL_QUERY');
  t.regex(error?.message ?? '', /accepted, rejected, duplicate, filtered; received "acepted"/);
  journal.record('accepted', 'k', track(1));
  t.deepEqual(seen, [1]);
});

test('recordedByStatus tallies every entry recorded through the journal, and a clear does not reset it', (t) => {
  const journal = new EventJournal({ capacity: 2 });
  journal.record('accepted', 'k', track(1));
  journal.record('accepted', 'k', track(2));
  journal.record('duplicate', 'k', track(3));
  journal.clear();
  journal.record('rejected', 'k', track(4), 'bad');
  t.deepEqual(journal.recordedByStatus(), { accepted: 2, rejected: 1, duplicate: 1, filtered: 0 });
  t.is(journal.counts().all, 1, 'unlike counts()');
});

test('subscribing a listener again replaces how it hears, and the first unsubscribe no longer removes it', (t) => {
  const journal = new EventJournal();
  const seen: number[] = [];
  const listener = (e: { seq: number }) => seen.push(e.seq);
  const offFirst = journal.subscribe(listener, { statuses: ['accepted'] });
  const offSecond = journal.subscribe(listener, { statuses: ['rejected'] });
  journal.record('accepted', 'k', track(1));
  journal.record('rejected', 'k', track(2), 'bad');
  offFirst();
  journal.record('rejected', 'k', track(3), 'bad');
  offSecond();
  journal.record('rejected', 'k', track(4), 'bad');
  t.deepEqual(seen, [2, 3]);
});

test('the user index is bounded with the entries: users of entries dropped by the cap are forgotten', (t) => {
  const journal = new EventJournal({ capacity: 3 });
  journal.record('accepted', 'a', track(1, 'jane'));
  journal.record('accepted', 'b', { type: 'alias', userId: 'jane2', previousId: 'jane' });
  journal.record('accepted', 'c', track(2, 'kim'));
  t.deepEqual([...journal.writeKeysForUser('jane')].sort(), ['a', 'b']);
  t.is(journal.indexedUsers, 3);
  journal.record('rejected', 'd', track(3, 'kim'), 'bad');
  t.deepEqual(journal.writeKeysForUser('jane'), ['b'], 'the first entry is gone; the alias still names jane');
  journal.record('accepted', 'e', track(4, 'lee'));
  journal.record('accepted', 'e', track(5, 'lee'));
  t.deepEqual(journal.writeKeysForUser('jane'), []);
  t.deepEqual(journal.writeKeysForUser('jane2'), []);
  t.deepEqual(journal.writeKeysForUser('kim'), []);
  t.deepEqual(journal.writeKeysForUser('lee'), ['e']);
  t.is(journal.indexedUsers, 1);
  for (let i = 0; i < 1_000; i++) journal.record('accepted', 'k', track(i, `user-${i}`));
  t.is(journal.indexedUsers, 3, 'a million distinct users cost no more than the held entries');
  t.is(journal.counts().accepted, 1_005);
});

test('property: writeKeysForUser is exactly the sources of held accepted or filtered entries naming the user', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.tuple(
            fc.constantFrom<JournalStatus>('accepted', 'rejected', 'duplicate', 'filtered'),
            fc.constantFrom('a', 'b'),
            fc.constantFrom('u1', 'u2', 'u3'),
          ),
          { maxLength: 30 },
        ),
        (capacity, records) => {
          const journal = new EventJournal({ capacity });
          for (const [status, key, user] of records)
            journal.record(status, key, { type: 'track', userId: user, event: 'e' });
          const held = [...journal.entries()];
          return ['u1', 'u2', 'u3'].every((user) => {
            const expected = [
              ...new Set(
                held
                  .filter((e) => (e.status === 'accepted' || e.status === 'filtered') && e.event.userId === user)
                  .map((e) => e.writeKey),
              ),
            ].sort();
            return JSON.stringify([...journal.writeKeysForUser(user)].sort()) === JSON.stringify(expected);
          });
        },
      ),
    ),
  );
});
