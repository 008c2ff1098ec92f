import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { RequestCapture } from '../../../src/core/collection/request-capture.js';
import { CollectionRequestLog, type ServedCollectionRequest } from '../../../src/core/collection/request-log.js';

const served = (body: string, overrides: Partial<ServedCollectionRequest> = {}): ServedCollectionRequest => ({
  method: 'post',
  path: '/v1/batch',
  headers: { 'content-type': 'application/json' },
  status: 200,
  code: undefined,
  receivedAt: 1_000,
  respondedAt: 1_004,
  body: Buffer.from(body),
  ...overrides,
});

test('keeps each request from the first read on with its body (base64), until the reader acknowledges it', (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  log.record(served('{"before":true}'));
  const capture = new RequestCapture(log);
  t.deepEqual(capture.read(0, 10), { next: 0, dropped: 0, requests: [] }, 'nothing before the capture started');
  log.record(served('{"a":1}'));
  log.record(served('{"b":2}', { status: 400, code: 'INVALID_JSON', message: 'bad' }));
  const first = capture.read(0, 1);
  t.is(first.requests.length, 1, 'at most limit');
  t.is(Buffer.from(first.requests[0]?.served.body ?? '', 'base64').toString(), '{"a":1}');
  t.like(first.requests[0]?.record, { seq: 2, method: 'POST', status: 200 });
  const second = capture.read(first.next, 10);
  t.like(second.requests[0]?.served, { status: 400, code: 'INVALID_JSON', message: 'bad' });
  t.is(second.next, 3);
  t.deepEqual(capture.read(second.next, 10).requests, [], 'acknowledged requests are forgotten');
  t.is(capture.read(0, 10).requests.length, 0, 'and not handed over again');
});

test('past its byte bound the oldest unread requests are dropped, and the next read says how many', (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  const capture = new RequestCapture(log, 100);
  for (let i = 0; i < 5; i++) log.record(served('x'.repeat(40)));
  const page = capture.read(0, 10);
  t.true(page.dropped > 0);
  t.is(page.dropped + page.requests.length, 5);
  t.is(page.requests.at(-1)?.record.seq, 5, 'the newest are kept');
  t.is(capture.read(page.next, 10).dropped, 0, 'counted once');
});

test('requests with empty bodies are bounded too: headers count, and so does the number held', (t) => {
  const log = new CollectionRequestLog(createFakeClock());
  // Empty bodies with 15 KB of headers each: only bodies were counted, so these were held without end.
  const capture = new RequestCapture(log, 1024 * 1024, 50);
  const headers = { 'content-type': 'application/json', 'x-junk': 'j'.repeat(15_000) };
  for (let i = 0; i < 200; i++) log.record(served('', { headers }));
  const page = capture.read(0, 1_000);
  t.true(page.requests.length <= 1024 / 15, `${page.requests.length} requests of 15 KB headers held under 1 MiB`);
  t.is(page.dropped + page.requests.length, 200, 'every one dropped is counted');
  const small = new RequestCapture(log, 1024 * 1024, 50);
  for (let i = 0; i < 200; i++) log.record(served(''));
  const countBound = small.read(0, 1_000);
  t.is(countBound.requests.length, 50, 'no more than maxRequests, however small');
  t.is(countBound.dropped, 150);
});
