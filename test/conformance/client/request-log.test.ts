// The client suite's request log reads the core's collection request log, so it sees the same whichever
// adapter answered: here the msw handlers, with no Hapi server at all.
import test from 'ava';
import { setupServer } from 'msw/node';
import { gzipSync } from 'node:zlib';
import { createCollectionHandlers } from '../../../src/msw/index.js';
import { RequestLog } from '../../../conformance/client/request-log.js';

const BASE = 'https://collection.request-log.test';
const mock = createCollectionHandlers({ baseUrl: BASE, coreOptions: { clock: 'system' } });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
test.after.always(() => server.close());

const auth = `Basic ${Buffer.from('log-key:').toString('base64')}`;
const post = (route: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`${BASE}/v1/${route}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });

test.serial(
  'records POSTs to the collection API through msw: route, status, gunzipped bytes, parsed body',
  async (t) => {
    const log = new RequestLog(mock.core.requests);
    t.teardown(() => log.close());
    const batch = JSON.stringify({ batch: [{ type: 'track', userId: 'u1', event: 'Zipped' }] });
    await post('batch', gzipSync(batch), { 'content-encoding': 'gzip' });
    await fetch(`${BASE}/v1/batch`, { method: 'OPTIONS', headers: { origin: 'https://app.test' } });
    await post('track', '{"userId": "u2"');
    const [zipped, refused, ...rest] = log.all();
    t.is(rest.length, 0, 'the preflight is not a request a client sent');
    t.like(zipped, { seq: 0, route: 'batch', status: 200, bytes: Buffer.byteLength(batch) });
    t.deepEqual(zipped?.body, JSON.parse(batch));
    t.is(zipped?.headers.authorization, auth);
    t.like(refused, { route: 'track', status: 400, body: undefined });
    t.regex(refused?.answer ?? '', /JSON/, 'the mock message of a refusal is kept for failure messages');
    t.true((zipped?.respondedAt ?? 0) >= (zipped?.receivedAt ?? Number.POSITIVE_INFINITY));
  },
);

test.serial(
  'a dropped connection (reset fault) is recorded without status; waitFor sees it; close stops reading',
  async (t) => {
    const log = new RequestLog(mock.core.requests);
    mock.core.faults.add({ count: 1, reset: true });
    const seen = log.waitFor((requests) => requests.some((r) => r.status === undefined), 5_000);
    await t.throwsAsync(post('batch', '{"batch": []}'));
    t.true(await seen);
    t.like(log.all()[0], { status: undefined, respondedAt: undefined });
    log.close();
    await post('batch', '{"batch": []}');
    t.is(log.all().length, 1, 'nothing is recorded after close');
    t.false(await log.waitFor((requests) => requests.length > 1, 50), 'waitFor answers false at its deadline');
  },
);
