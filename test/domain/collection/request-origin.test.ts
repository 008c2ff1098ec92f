import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { CollectionService } from '../../../src/domain/collection/index.js';
import { parseKsuid } from '../../../src/domain/collection/ksuid.js';
import { RequestOrigin } from '../../../src/domain/collection/request-origin.js';
import { EventJournal, type JournalEntry, MemoryJournalStore } from '../../../src/domain/journal/index.js';
import { TextArena } from '../../../src/domain/journal/text-arena.js';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import { basic } from '../../helpers/collection-request.js';

const receivedAt = { ms: Date.parse('2024-03-01T12:00:00.000Z'), iso: '2024-03-01T12:00:00.000Z', ip: '127.0.0.1' };

test('a body that came as bytes is held as a copy of its UTF-8 bytes: the caller may reuse its buffer', (t) => {
  const journal = new EventJournal();
  const service = new CollectionService({
    clock: createFakeClock({ now: receivedAt.ms }),
    journal,
    sources: new SourceRegistry({}),
  });
  const text = JSON.stringify({ batch: [{ type: 'track', userId: 'u-é', event: 'Bought ☕' }] });
  const body = Buffer.from(text);
  const answer = service.handle({ route: 'batch', method: 'POST', headers: { authorization: basic('k') }, body });
  t.is(answer.status, 200);
  body.fill(0x20);
  const [entry] = journal.query().events;
  t.like(entry?.event, { userId: 'u-é', event: 'Bought ☕' }, 'rebuilt from the bytes as they were received');
  t.is(journal.bytes, Buffer.byteLength(text), 'the journal charges the bytes held, once per request');
});

test('the origin rebuilds the same events from bytes as from the text they decode to', (t) => {
  const text = JSON.stringify({
    batch: [{ type: 'track', userId: 'u1', event: 'ö', messageId: 'm1' }],
    context: { a: 1 },
  });
  const bytes = new Uint8Array(Buffer.from(text));
  const fromBytes = new RequestOrigin(text, 'batch', receivedAt, bytes);
  const fromText = new RequestOrigin(text, 'batch', receivedAt);
  t.deepEqual(fromBytes.rebuild(0, 'm1'), fromText.rebuild(0, 'm1'));
  t.is(fromBytes.retainedBytes, bytes.byteLength);
  t.is(fromText.retainedBytes, text.length);
  bytes.fill(0x20);
  t.is(fromBytes.rebuild(0, 'm1').event, 'ö', 'the origin kept its own copy');
});

test('bytes handed over (CollectionRequest.bodyOwned) are kept as they are, not copied', (t) => {
  const text = JSON.stringify({ batch: [{ type: 'track', userId: 'u1', event: 'kept' }] });
  const bytes = new Uint8Array(Buffer.from(text));
  const origin = new RequestOrigin(text, 'batch', receivedAt, bytes, true);
  t.is(origin.rebuild(0, 'm1').event, 'kept');
  bytes.set(Buffer.from('KEPT'), text.indexOf('kept'));
  t.is(origin.rebuild(1 - 1, 'm1').event, 'kept', 'the one-request parse cache still answers');
  const other = new RequestOrigin('{"batch":[]}', 'batch', receivedAt);
  other.rebuild(0, undefined);
  t.is(origin.rebuild(0, 'm1').event, 'KEPT', 'parsed again, the origin reads the very buffer it was handed');
});

test('generated messageIds are `api-` and a KSUID of the time received, the index in its last two bytes, unique per request', (t) => {
  const origin = new RequestOrigin('{"batch":[]}', 'batch', receivedAt);
  const other = new RequestOrigin('{"batch":[]}', 'batch', receivedAt);
  const seen = new Set<string>();
  for (const index of [0, 1, 15, 16, 61, 62, 255, 2_499, 4_095, 4_096, 65_535]) {
    const id = origin.generatedMessageId(index);
    t.regex(id, /^api-[0-9A-Za-z]{27}$/, `index ${index}`);
    const parsed = parseKsuid(id.slice(4));
    t.is(parsed?.epochMs, Math.floor(receivedAt.ms / 1000) * 1000, 'the KSUID time is the time received');
    const payload = parsed?.payload ?? new Uint8Array(16);
    t.is(((payload[14] ?? 0) << 8) | (payload[15] ?? 0), index, `index ${index} in the last two bytes`);
    t.deepEqual(payload.slice(0, 14), parseKsuid(origin.generatedMessageId(0).slice(4))?.payload.slice(0, 14));
    t.is(origin.generatedMessageId(index), id, 'the same id again for the same index');
    seen.add(id);
  }
  t.is(seen.size, 11);
  t.not(other.generatedMessageId(7), origin.generatedMessageId(7), 'another request has another KSUID');
  const restored = RequestOrigin.restored(origin.durable());
  t.is(restored.generatedMessageId(9), origin.generatedMessageId(9), 'a restored request gives the same ids');
  const legacy = RequestOrigin.restored({ ...origin.durable(), idPrefix: '0123456789abcdef0123456789abcdef' });
  t.is(
    legacy.generatedMessageId(10),
    '0123456789abcdef0123456789abcdef000a',
    'a prefix kept before KSUIDs gives its old ids',
  );
});

// A service whose journal holds `capacity` events, each request's text in the journal's arena.
function arenaJournal(capacity: number) {
  const store = new MemoryJournalStore({ capacity });
  const journal = new EventJournal({ store });
  const service = new CollectionService({
    clock: createFakeClock({ now: receivedAt.ms }),
    journal,
    sources: new SourceRegistry({}),
  });
  const arena = store.textArena;
  if (arena === undefined) throw new Error('the memory store has no arena');
  // Request n: ten events whose userIds name it, padded so that a few hundred requests fill a chunk.
  const send = (n: number) => {
    const batch = Array.from({ length: 10 }, (_, i) => ({
      type: 'track',
      userId: `r${n}-e${i}`,
      event: 'x'.repeat(400),
    }));
    const body = Buffer.from(JSON.stringify({ batch }));
    const answer = service.handle({ route: 'batch', method: 'POST', headers: { authorization: basic('k') }, body });
    if (answer.status !== 200) throw new Error(`request ${n} answered ${answer.status}`);
    return body.byteLength;
  };
  return { journal, arena, send };
}

test('held texts live in reused arena chunks: a long run allocates a few chunks, and held events read back as sent', (t) => {
  const { journal, arena, send } = arenaJournal(50);
  for (let n = 0; n < 2_000; n++) send(n);
  // Chunks grow from 16 KiB (text-arena.ts): a few of them, reused, hold a journal of 50 entries.
  t.true(arena.allocatedChunks <= 4, `${arena.allocatedChunks} chunks for 2,000 requests of about 4 KiB`);
  const held = journal.query().events;
  t.is(held.length, 50);
  t.deepEqual(
    held.map((entry) => entry.event.userId),
    Array.from({ length: 50 }, (_, i) => `r${1_995 + Math.floor(i / 10)}-e${i % 10}`),
  );
});

test('an entry handed out (a read, waitFor, a listener that may keep it) stays readable after its chunk is reused', async (t) => {
  const { journal, arena, send } = arenaJournal(20);
  // Each way out on an entry of a request of its own: a request's text is kept if any of its entries is.
  send(0);
  const [read] = journal.query({ userId: 'r0-e1' }).events;
  let kept: JournalEntry | undefined;
  const stopKeeping = journal.subscribe((entry) => {
    if (entry.event.userId === 'r1-e3') kept = entry;
  });
  send(1);
  stopKeeping();
  const waited = journal.waitFor({ userId: 'r2-e5' });
  send(2);
  const resolved = await waited;
  send(3);
  const listed = [...journal.entries()].find((entry) => entry.event.userId === 'r3-e7');
  for (let n = 4; n < 1_500; n++) send(n);
  t.true(arena.allocatedChunks <= 2);
  t.is(read?.event.userId, 'r0-e1', 'an entry a query answered');
  t.is(listed?.event.userId, 'r3-e7', 'an entry entries() listed');
  t.is(resolved.event.userId, 'r2-e5', 'the entry waitFor resolved with');
  t.is(kept?.event.userId, 'r1-e3', 'an entry a listener kept');
});

test('a listener that keeps no entries, and a query past the entries it does not return, let their texts go with the journal; clear lets every text go', (t) => {
  const { journal, arena, send } = arenaJournal(20);
  let heard: JournalEntry | undefined;
  const stop = journal.subscribe(
    (entry) => {
      heard ??= entry;
    },
    { keepsEntries: false },
  );
  send(0);
  stop();
  t.is(heard?.event.userId, 'r0-e0', 'read while it is held');
  send(1);
  // A query walks every held entry (request 0's first) but hands out, and keeps, only its page.
  t.is(journal.query({ userId: 'r1-e5', limit: 1 }).events[0]?.event.userId, 'r1-e5');
  for (let n = 2; n < 400; n++) send(n);
  const [read] = journal.query().events;
  // Read once, so the one-request parse cache holds another request than the one heard.
  t.is(read?.event.userId, 'r398-e0');
  t.throws(() => heard?.event, { message: /read after the journal released it/ }, 'its text went back to the arena');
  const free = arena.freeChunks;
  journal.clear();
  t.true(arena.freeChunks >= free, 'the chunks of the cleared texts are free again');
  t.is(read?.event.userId, 'r398-e0', 'an entry read before clear still is');
});

test("a held origin's durable form is a copy, not a view of the arena chunk", (t) => {
  const arena = new TextArena();
  const text = JSON.stringify({ batch: [{ type: 'track', userId: 'u1', event: 'first' }] });
  const origin = new RequestOrigin(text, 'batch', receivedAt, Buffer.from(text), true);
  origin.holdIn(arena);
  const durable = origin.durable();
  origin.releaseFrom(arena);
  const next = new RequestOrigin(text, 'batch', receivedAt, Buffer.from(text.replace('first', 'other')), true);
  for (let i = 0; i < 300; i++) next.holdIn(arena);
  t.is(Buffer.from(durable.text as Uint8Array).toString('utf8'), text);
  t.is(RequestOrigin.restored(durable).rebuild(0, undefined).event, 'first');
});

test('a journal of one entry keeps the text of the request whose events replace each other in it', (t) => {
  const { journal, arena, send } = arenaJournal(1);
  const bytes = send(0);
  t.is(journal.query().events[0]?.event.userId, 'r0-e9', "the request's last event, read from its text");
  t.is(journal.bytes, bytes, 'its text charged once');
  send(1);
  t.is(journal.query().events[0]?.event.userId, 'r1-e9');
  t.is(arena.allocatedChunks, 1);
});

test("a clear while a request's events are being recorded (from a listener) leaves its next events readable", (t) => {
  const { journal, send } = arenaJournal(50);
  journal.subscribe(
    (entry) => {
      if (entry.event.userId === 'r0-e3') journal.clear();
    },
    { keepsEntries: false },
  );
  send(0);
  t.deepEqual(
    journal.query().events.map((entry) => entry.event.userId),
    ['r0-e4', 'r0-e5', 'r0-e6', 'r0-e7', 'r0-e8', 'r0-e9'],
  );
  send(1);
  t.is(journal.query({ userId: 'r0-e9' }).events[0]?.event.userId, 'r0-e9');
});
