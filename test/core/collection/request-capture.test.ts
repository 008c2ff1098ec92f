import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { RequestCapture } from '../../../src/core/collection/request-capture.js';
import { CaptureBudget } from '../../../src/core/collection/capture-budget.js';
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
  const capture = new RequestCapture(log, { maxBytes: 100 });
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
  const capture = new RequestCapture(log, { maxBytes: 1024 * 1024, maxRequests: 50 });
  const headers = { 'content-type': 'application/json', 'x-junk': 'j'.repeat(15_000) };
  for (let i = 0; i < 200; i++) log.record(served('', { headers }));
  const page = capture.read(0, 1_000);
  t.true(page.requests.length <= 1024 / 15, `${page.requests.length} requests of 15 KB headers held under 1 MiB`);
  t.is(page.dropped + page.requests.length, 200, 'every one dropped is counted');
  const small = new RequestCapture(log, { maxBytes: 1024 * 1024, maxRequests: 50 });
  for (let i = 0; i < 200; i++) log.record(served(''));
  const countBound = small.read(0, 1_000);
  t.is(countBound.requests.length, 50, 'no more than maxRequests, however small');
  t.is(countBound.dropped, 150);
});

test('the captures of many runs share one bound: past it the one holding the most drops its oldest, counted', (t) => {
  const budget = new CaptureBudget(10_000);
  const abandonedLog = new CollectionRequestLog(createFakeClock());
  const readLog = new CollectionRequestLog(createFakeClock());
  // Each capture alone may hold 1 MiB; 1,000 runs' captures started and never read would hold 1,000 times that.
  const abandoned = new RequestCapture(abandonedLog, { budget });
  const read = new RequestCapture(readLog, { budget });
  for (let i = 0; i < 40; i++) abandonedLog.record(served('a'.repeat(300)));
  t.true(budget.bytes <= 10_000, `${budget.bytes} held together`);
  for (let i = 0; i < 5; i++) readLog.record(served('r'.repeat(300)));
  t.true(budget.bytes <= 10_000, `${budget.bytes} held together`);
  const page = read.read(0, 100);
  t.is(page.requests.length, 5, 'the capture read steadily keeps what it holds: the largest gave way');
  t.is(page.dropped, 0);
  const abandonedPage = abandoned.read(0, 100);
  t.is(abandonedPage.dropped + abandonedPage.requests.length, 40, 'what the largest dropped is counted');
  abandoned.close();
  t.true(budget.bytes < 10_000 - 1_000, 'a closed capture no longer counts');
});
