import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { CollectionService } from '../../../src/domain/collection/index.js';
import { RequestOrigin } from '../../../src/domain/collection/request-origin.js';
import { EventJournal } from '../../../src/domain/journal/index.js';
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

test('generated messageIds: one random UUID prefix per request, the index as the last four hex digits, past 4,096 too', (t) => {
  const origin = new RequestOrigin('{"batch":[]}', 'batch', receivedAt);
  const other = new RequestOrigin('{"batch":[]}', 'batch', receivedAt);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  for (const index of [0, 1, 15, 16, 255, 2_499, 4_095, 4_096, 65_535]) {
    const id = origin.generatedMessageId(index);
    t.regex(id, uuid, `index ${index}`);
    t.is(Number.parseInt(id.slice(-4), 16), index, `index ${index}`);
    t.is(id.slice(0, 32), origin.generatedMessageId(0).slice(0, 32));
    t.is(origin.generatedMessageId(index), id, 'the same id again for the same index');
  }
  t.not(other.generatedMessageId(7), origin.generatedMessageId(7), 'another request has another prefix');
});
