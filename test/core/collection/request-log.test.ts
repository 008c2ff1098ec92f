import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { CollectionRequestLog, type ServedCollectionRequest } from '../../../src/core/collection/request-log.js';

const served = (overrides: Partial<ServedCollectionRequest> = {}): ServedCollectionRequest => ({
  method: 'post',
  path: '/v1/track',
  headers: { authorization: `Basic ${Buffer.from('key-a:').toString('base64')}` },
  status: 200,
  code: undefined,
  receivedAt: Date.UTC(2025, 0, 1, 12),
  respondedAt: Date.UTC(2025, 0, 1, 12) + 7,
  ...overrides,
});

test('a record says when (harness and real time), what, whose key, the answer and whether a fault made it', (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  log.record(served());
  log.record(served({ status: 503, code: 'INJECTED_FAULT', headers: {} }));
  log.record(served({ status: undefined, headers: { authorization: ['Basic a2V5LWI=', 'Basic eA=='] } }));
  const [dropped, faulted, ok] = log.newest();
  t.deepEqual(ok, {
    seq: 1,
    at: '2024-01-01T00:00:00.000Z',
    realAt: '2025-01-01T12:00:00.000Z',
    method: 'POST',
    path: '/v1/track',
    writeKey: 'key-a',
    status: 200,
    injected: false,
    durationMs: 7,
  });
  t.like(faulted, { seq: 2, status: 503, code: 'INJECTED_FAULT', injected: true });
  t.is(faulted?.writeKey, undefined);
  t.like(
    dropped,
    { seq: 3, injected: true, writeKey: 'key-b' },
    'the first of repeated Authorization headers; a colonless key is read',
  );
  t.false(dropped !== undefined && 'status' in dropped, 'a dropped connection has no status');
});

test('the ring keeps the newest capacity requests, newest first; total counts them all; clear forgets', (t) => {
  const log = new CollectionRequestLog(createFakeClock(), 3);
  for (let i = 0; i < 5; i++) log.record(served({ path: `/v1/r${i}` }));
  t.is(log.total, 5);
  t.deepEqual(
    log.newest().map((r) => r.path),
    ['/v1/r4', '/v1/r3', '/v1/r2'],
  );
  t.deepEqual(
    log.newest(2).map((r) => r.seq),
    [5, 4],
  );
  t.deepEqual(log.newest(0), []);
  log.clear();
  t.deepEqual([log.total, log.newest().length], [0, 0]);
  t.throws(() => new CollectionRequestLog(createFakeClock(), 0), {
    instanceOf: RangeError,
    message: /capacity must be a whole number >= 1; received 0/,
  });
});

test('subscribers get each record as it is made, with what the adapter saw; unsubscribing stops them', (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  const seen: [number, string][] = [];
  const stop = log.subscribe((record, request) => seen.push([record.seq, request.method]));
  log.record(served());
  stop();
  log.record(served());
  t.deepEqual(seen, [[1, 'post']]);
});

test('a request recorded without an answer time keeps the duration it had when recorded, not one that grows as it is read', async (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  const receivedAt = Date.now() - 5;
  // serve's fast path and a dropped connection hand no answer time (0): the record is stamped when it is made.
  log.record(served({ receivedAt, respondedAt: 0 }));
  const first = log.newest()[0]?.durationMs ?? Number.NaN;
  t.true(first >= 5 && first < 5_000, `recorded ${first} ms`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(log.newest()[0]?.durationMs, first, 'read 300 ms later, the same duration');
});
