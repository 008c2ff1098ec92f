import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { InvalidJournalQueryError } from '../../../src/errors/index.js';
import { EventJournal, type JournalMatchQuery } from '../../../src/domain/journal/index.js';
import { deepPartialMatch } from '../../../src/domain/journal/deep-partial-match.js';

function journalWithEvents(): EventJournal {
  const journal = new EventJournal({ waitClock: createFakeClock() });
  journal.record('accepted', 'k', {
    type: 'track',
    userId: 'u1',
    event: 'Order Completed',
    properties: { total: 30, items: [{ sku: 'a' }], shipping: { country: 'FR', fast: true } },
    context: { library: { name: 'lib', version: '1.0.0' }, ip: '10.0.0.1' },
  });
  journal.record('accepted', 'k', {
    type: 'identify',
    userId: 'u2',
    traits: { plan: 'pro', address: { city: 'Lyon' } },
  });
  journal.record('accepted', 'k', { type: 'page', anonymousId: 'anon-1', name: 'Home', properties: { path: '/' } });
  return journal;
}

const seqs = (journal: EventJournal, query: JournalMatchQuery) => journal.query(query).events.map((entry) => entry.seq);

test('waitFor refuses an unknown key at once, naming it with a suggestion and the keys it knows', async (t) => {
  const journal = journalWithEvents();
  const error = await t.throwsAsync(journal.waitFor({ usrId: 'u1' } as JournalMatchQuery, { timeout: 60_000 }), {
    instanceOf: InvalidJournalQueryError,
  });
  t.is(error?.code, 'INVALID_JOURNAL_QUERY');
  t.regex(
    error?.message ?? '',
    /journal\.waitFor: unknown key "usrId" \(did you mean "userId"\?\); expected only status, type, userId/,
  );
  const two = await t.throwsAsync(journal.waitFor({ userID: 'u1', colour: 'red' } as JournalMatchQuery));
  t.regex(two?.message ?? '', /unknown keys "userID" \(did you mean "userId"\?\), "colour";/);
  t.throws(() => journal.query({ usrId: 'u1' } as JournalMatchQuery), {
    instanceOf: InvalidJournalQueryError,
    message: /journal\.query: unknown key "usrId"/,
  });
  await t.throwsAsync(
    journal.waitFor({ limit: 1 } as JournalMatchQuery),
    { message: /unknown key "limit"/ },
    'paging keys mean nothing to waitFor',
  );
});

test('a bad value is refused with what was received', async (t) => {
  const journal = journalWithEvents();
  await t.throwsAsync(journal.waitFor({ status: 'ok' } as unknown as JournalMatchQuery), {
    message: /status must be one of accepted, rejected, duplicate, filtered; received "ok"/,
  });
  await t.throwsAsync(journal.waitFor({ userId: 7 } as unknown as JournalMatchQuery), {
    message: /userId must be a string; received 7/,
  });
  await t.throwsAsync(journal.waitFor({ properties: 'x' } as unknown as JournalMatchQuery), {
    message: /properties must be an object matched as a deep partial; received "x"/,
  });
  t.throws(() => journal.query({ limit: -1 }), { message: /limit must be a whole number >= 0; received -1/ });
  t.throws(() => journal.query({ order: 'up' } as unknown as JournalMatchQuery), {
    message: /order must be oldest or newest; received "up"/,
  });
});

test('a track name that no event has does not match (the false pass of the trial)', async (t) => {
  const journal = journalWithEvents();
  t.deepEqual(seqs(journal, { event: 'Nope' }), []);
  t.deepEqual(seqs(journal, { event: 'Order Completed' }), [1]);
  const realTime = new EventJournal();
  realTime.record('accepted', 'k', { type: 'track', userId: 'u1', event: 'Order Completed' });
  const error = await t.throwsAsync(realTime.waitFor({ event: 'Nope' }, { timeout: 1 }));
  t.is(error?.name, 'JournalWaitTimeoutError');
});

test('properties, traits and context match as deep partials; name and anonymousId match exactly', (t) => {
  const journal = journalWithEvents();
  t.deepEqual(seqs(journal, { properties: { total: 30 } }), [1]);
  t.deepEqual(seqs(journal, { properties: { shipping: { country: 'FR' } } }), [1], 'nested keys may be left out');
  t.deepEqual(seqs(journal, { properties: { shipping: { country: 'DE' } } }), []);
  t.deepEqual(seqs(journal, { properties: { total: '30' } }), [], 'values compare by type too');
  t.deepEqual(seqs(journal, { properties: { items: [{ sku: 'a' }] } }), [1]);
  t.deepEqual(seqs(journal, { properties: { items: [] } }), [], 'arrays must have the same length');
  t.deepEqual(seqs(journal, { properties: { missing: undefined } }), [], 'a key given must be present');
  t.deepEqual(seqs(journal, { traits: { address: { city: 'Lyon' } } }), [2]);
  t.deepEqual(seqs(journal, { traits: { plan: 'free' } }), []);
  t.deepEqual(seqs(journal, { context: { library: { name: 'lib' } } }), [1]);
  t.deepEqual(seqs(journal, { context: { ip: '10.0.0.2' } }), []);
  t.deepEqual(seqs(journal, { name: 'Home', anonymousId: 'anon-1' }), [3]);
  t.deepEqual(seqs(journal, { name: 'Home', anonymousId: 'anon-2' }), []);
  t.deepEqual(
    seqs(journal, { type: 'track', userId: 'u1', properties: { total: 30 } }),
    [1],
    'indexed and event keys combine',
  );
  t.deepEqual(seqs(journal, { type: 'identify', properties: { total: 30 } }), []);
});

test('waitFor resolves on a later entry that matches the event keys, not on one that only shares the user', async (t) => {
  const journal = new EventJournal({ waitClock: createFakeClock() });
  const waiting = journal.waitFor({ userId: 'u9', event: 'Paid', properties: { amount: 5 } }, { timeout: 60_000 });
  journal.record('accepted', 'k', { type: 'track', userId: 'u9', event: 'Paid', properties: { amount: 4 } });
  journal.record('accepted', 'k', { type: 'track', userId: 'u9', event: 'Viewed', properties: { amount: 5 } });
  journal.record('accepted', 'k', {
    type: 'track',
    userId: 'u9',
    event: 'Paid',
    properties: { amount: 5, currency: 'EUR' },
  });
  t.is((await waiting).seq, 3);
});

test('deepPartialMatch: NaN equals NaN, objects are not arrays, null is a value', (t) => {
  t.true(deepPartialMatch({ a: Number.NaN }, { a: Number.NaN }));
  t.false(deepPartialMatch([1], { 0: 1 }));
  t.false(deepPartialMatch({ a: null }, { a: {} }));
  t.true(deepPartialMatch({ a: null }, { a: null }));
  t.true(deepPartialMatch({ a: 1, b: 2 }, {}));
});
