import test from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { collectionPathOf } from '../../src/server/collection-front.js';
import { ownBody } from '../../src/server/read-request-body.js';
import type { Harness } from '../../src/harness/create-harness.js';
import { basicAuth, startHarness } from '../helpers/harness.js';
import { onOneSocket } from '../helpers/raw-http.js';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Sent {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

/** One request over a socket, with the raw status, headers and body of the answer (bounded by 10 s). */
function send(url: string, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = sent.body ?? '';
    const req = httpRequest(
      new URL(sent.path, url),
      {
        method: sent.method ?? 'POST',
        headers: { 'content-length': String(Buffer.byteLength(body)), ...sent.headers },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${sent.method ?? 'POST'} ${sent.path} within 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The same request through Hapi's own route for the door (harness.inject: no socket, Hapi's whole lifecycle). */
async function injected(harness: Harness, sent: Sent): Promise<Answer> {
  const answer = await harness.inject({
    method: sent.method ?? 'POST',
    url: sent.path,
    headers: { ...sent.headers },
    ...(sent.body !== undefined ? { payload: sent.body } : {}),
  });
  return { status: answer.statusCode, headers: answer.headers as IncomingHttpHeaders, body: answer.payload };
}

/** Requests under /v1/ that reach Hapi's lifecycle (its onRequest point), by path. */
function hapiSees(harness: Harness): string[] {
  const seen: string[] = [];
  (harness.server as unknown as HapiServer).ext('onRequest', (request, h) => {
    seen.push(`${request.method.toUpperCase()} ${request.path}`);
    return h.continue;
  });
  return seen;
}

const auth = { 'content-type': 'application/json', authorization: basicAuth('wk') };
const batch = (n: number) =>
  JSON.stringify({
    batch: Array.from({ length: n }, (_, i) => ({ type: 'track', userId: `u${i}`, event: 'Clicked' })),
    sentAt: '2024-01-01T00:00:01.000Z',
  });

const TABLE: readonly { readonly name: string; readonly sent: Sent }[] = [
  { name: 'an accepted batch without Origin', sent: { path: '/v1/batch', headers: auth, body: batch(20) } },
  {
    name: 'an accepted batch from a page (Origin)',
    sent: { path: '/v1/b', headers: { ...auth, origin: 'http://app.test' }, body: batch(3) },
  },
  {
    name: 'a track call',
    sent: { path: '/v1/track', headers: auth, body: JSON.stringify({ userId: 'u1', event: 'E' }) },
  },
  {
    name: 'a gzip batch',
    sent: { path: '/v1/import', headers: { ...auth, 'content-encoding': 'gzip' }, body: gzipSync(batch(5)) },
  },
  {
    name: 'an invalid event (200, journaled as rejected)',
    sent: { path: '/v1/batch', headers: auth, body: JSON.stringify({ batch: [{ type: 'track', userId: 'u1' }] }) },
  },
  {
    name: 'bad JSON (400)',
    sent: { path: '/v1/batch', headers: { ...auth, origin: 'http://app.test' }, body: '{"batch": [' },
  },
  {
    name: 'a request over 500 KiB (400)',
    sent: { path: '/v1/batch', headers: auth, body: JSON.stringify({ batch: [], pad: 'x'.repeat(600_000) }) },
  },
  { name: 'an unknown route (404)', sent: { path: '/v1/nope', headers: auth, body: '{}' } },
  { name: 'a deeper path (404)', sent: { path: '/v1/a/b', headers: auth, body: '{}' } },
  { name: 'a query string', sent: { path: '/v1/batch?x=1', headers: auth, body: batch(1) } },
  { name: 'a GET', sent: { method: 'GET', path: '/v1/batch', headers: { authorization: basicAuth('wk') } } },
  {
    name: 'a preflight',
    sent: {
      method: 'OPTIONS',
      path: '/v1/batch',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    },
  },
  { name: 'the settings', sent: { method: 'GET', path: '/v1/projects/wk/settings', headers: { host: 'localhost:1' } } },
  {
    name: 'a Host the allowlist refuses (403)',
    sent: { path: '/v1/batch', headers: { ...auth, host: 'evil.test', origin: 'http://evil.test' }, body: batch(1) },
  },
];

/** Status, body and the headers a client acts on; node:http and Hapi differ in the others (date, connection). */
function comparable(answer: Answer) {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (name.startsWith('access-control-') || ['content-type', 'vary', 'retry-after'].includes(name))
      headers[name] = value;
  return { status: answer.status, headers, body: answer.body };
}

test('the front on the socket and Hapi route answer alike: both only translate the door', async (t) => {
  const harness = await startHarness(t);
  const seen = hapiSees(harness);
  for (const row of TABLE) {
    const direct = comparable(await send(harness.url, row.sent));
    const throughHapi = comparable(await injected(harness, row.sent));
    t.deepEqual(direct, throughHapi, row.name);
  }
  // Over the socket, no request under /v1/ went through Hapi's lifecycle: the injected ones did, one each.
  t.is(seen.length, TABLE.length);
  t.deepEqual(harness.journal.counts(), { all: 62, accepted: 60, rejected: 2, duplicate: 0, filtered: 0 });
});

test('every request under /v1/ is recorded in the request log by the door, over the socket as through Hapi', async (t) => {
  const harness = await startHarness(t);
  await send(harness.url, { path: '/v1/track', headers: auth, body: JSON.stringify({ userId: 'u', event: 'E' }) });
  await send(harness.url, { path: '/v1/batch', headers: auth, body: '{nope' });
  await send(harness.url, { method: 'GET', path: '/v1/projects/wk/settings' });
  harness.faults.add({ count: 1, reset: true });
  await t.throwsAsync(send(harness.url, { path: '/v1/batch', headers: auth, body: batch(1) }));
  const logged = harness.core.requests.newest(10).reverse();
  t.deepEqual(
    logged.map((record) => [record.method, record.path, record.status, record.code, record.injected]),
    [
      ['POST', '/v1/track', 200, undefined, false],
      ['POST', '/v1/batch', 400, 'INVALID_JSON', false],
      ['GET', '/v1/projects/wk/settings', 200, undefined, false],
      ['POST', '/v1/batch', undefined, undefined, true],
    ],
  );
  for (const record of logged) t.true(record.durationMs >= 0 && record.durationMs < 5_000, `${record.durationMs} ms`);
});

test('an accepted event is enriched with the client address for a browser, and journaled from its own body', async (t) => {
  const harness = await startHarness(t);
  const body = JSON.stringify({
    batch: [{ type: 'track', userId: 'u1', event: 'E', context: { library: { name: 'analytics.js', version: '1' } } }],
  });
  t.is((await send(harness.url, { path: '/v1/batch', headers: auth, body })).status, 200);
  const [entry] = harness.journal.query().events;
  t.is(entry?.status, 'accepted');
  t.regex(String(entry?.event.messageId), /^api-[0-9A-Za-z]{27}$/);
  t.is((entry?.event.context as { ip?: string } | undefined)?.ip, '127.0.0.1');
  t.is(harness.journal.bytes, Buffer.byteLength(body), 'the request is held once, as its bytes');
});

test("pending faults and the rate limit are the door's answer on the socket too, with CORS", async (t) => {
  const limited = await startHarness(t, { config: { rateLimit: { requestsPerSecond: 1 } } });
  const answers = [];
  for (let i = 0; i < 3; i++)
    answers.push(await send(limited.url, { path: '/v1/batch', headers: auth, body: batch(1) }));
  t.true(answers.some((answer) => answer.status === 429 && answer.headers['retry-after'] !== undefined));
  const faulted = await startHarness(t);
  faulted.faults.add({ count: 1, status: 503 });
  const refused = await send(faulted.url, {
    path: '/v1/batch',
    headers: { ...auth, origin: 'http://a.test' },
    body: batch(1),
  });
  t.like(refused, { status: 503 });
  t.is(refused.headers['access-control-allow-origin'], 'http://a.test');
  t.is((await send(faulted.url, { path: '/v1/batch', headers: auth, body: batch(1) })).status, 200);
  t.is(faulted.journal.counts().accepted, 1, 'the faulted request journaled nothing');
});

test('a body over the raw limit is drained and answered 400, and its kept-alive connection takes the next request', async (t) => {
  const harness = await startHarness(t);
  const host = new URL(harness.url).host;
  const big = 'x'.repeat(9 * 1024 * 1024);
  const { statuses, open } = await onOneSocket(harness.url, [
    `POST /v1/batch HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${basicAuth('wk')}\r\nContent-Length: ${big.length}\r\n\r\n${big}`,
    `POST /v1/track HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${basicAuth('wk')}\r\nContent-Length: 27\r\n\r\n{"userId":"u","event":"E"}\n`,
  ]);
  t.deepEqual(statuses, [400, 200]);
  t.true(open);
});

test("with runs, a request goes to its key's run (Basic auth, the body's writeKey, X-Harness-Run); each run logs its own", async (t) => {
  const harness = await startHarness(t);
  const a = await harness.runs.create({ clock: 'fake' });
  const b = await harness.runs.create({ clock: 'fake' });
  const keyA = a.writeKeys[0] ?? '';
  const keyB = b.writeKeys[0] ?? '';
  const track = (userId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'track', event: 'E', userId, ...extra });
  const json = { 'content-type': 'application/json' };
  const post = (headers: Record<string, string>, body: string) =>
    send(harness.url, { path: '/v1/track', headers, body });
  t.is((await post({ ...json, authorization: basicAuth(keyA) }, track('basic-a'))).status, 200);
  t.is((await post(json, track('body-b', { writeKey: keyB }))).status, 200);
  t.is((await post({ ...json, authorization: basicAuth(keyB), 'x-harness-run': b.id }, track('named-b'))).status, 200);
  const wrong = await post({ ...json, authorization: basicAuth(keyB), 'x-harness-run': a.id }, track('wrong'));
  t.is(wrong.status, 409);
  t.is((JSON.parse(wrong.body) as { code: string }).code, 'RUN_WRITE_KEY_MISMATCH');
  const users = (run: typeof a) => run.core.journal.query({}).events.map((entry) => entry.event.userId);
  t.deepEqual(users(a), ['basic-a']);
  t.deepEqual(users(b), ['body-b', 'named-b']);
  t.is(harness.journal.counts().all, 0, 'nothing reached the default run');
  t.is(a.core.requests.newest(10).length, 1);
  t.is(b.core.requests.newest(10).length, 2);
  t.is(harness.core.requests.newest(10).length, 1, 'the mismatch is answered, and logged, by the default run');
});

test('the paths the door answers: every path under /v1/, read as a router reads it', (t) => {
  t.is(collectionPathOf('/v1/batch'), '/v1/batch');
  t.is(collectionPathOf('/v1/batch?x=1'), '/v1/batch');
  t.is(collectionPathOf('/v1/batch/'), '/v1/batch');
  t.is(collectionPathOf('/v1/projects/k/settings'), '/v1/projects/k/settings');
  t.is(collectionPathOf('/v1/../__harness/reset'), undefined, 'dot segments resolved: an admin path is Hapi’s');
  t.is(collectionPathOf('/__harness/events'), undefined);
  t.is(collectionPathOf('/v1'), undefined);
  t.is(collectionPathOf(undefined), undefined);
});

test('the body handed to the journal is one exact-size buffer of its own: a lone chunk as it is, several joined outside the pool', (t) => {
  const lone = Buffer.from(new Uint8Array(Buffer.from('{"batch":[]}')).buffer);
  t.is(ownBody([lone], lone.length), lone, 'a chunk node:http copied out of the socket is used as it is');
  const view = Buffer.from('xx{"batch":[]}').subarray(2);
  const fromView = ownBody([view], view.length);
  t.not(fromView, view, 'a view on a larger buffer is copied');
  t.is(fromView.toString(), '{"batch":[]}');
  const joined = ownBody([Buffer.from('{"batch"'), Buffer.from(':[]}')], 12);
  t.is(joined.toString(), '{"batch":[]}');
  t.deepEqual([joined.byteOffset, joined.buffer.byteLength], [0, 12], 'not a slice of the shared 8 KiB pool');
});
