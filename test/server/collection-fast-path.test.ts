import test, { type ExecutionContext } from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Harness, HarnessOptions } from '../../src/harness/create-harness.js';
import type { HarnessServedRequest } from '../../src/harness/harness-server.js';
import { mountCollectionFastPath, ownBody } from '../../src/server/collection-fast-path.js';
import { basicAuth, startHarness } from '../helpers/harness.js';

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
    const target = new URL(sent.path, url);
    const body = sent.body ?? '';
    const req = httpRequest(
      target,
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

/** A harness as serve runs it (fast path in front of Hapi), counting the collection requests Hapi itself saw. */
async function withFastPath(
  t: ExecutionContext,
  options: HarnessOptions = {},
): Promise<{ harness: Harness; hapiSaw: string[]; handed: string[]; logged: string[] }> {
  const harness = await startHarness(t, options);
  const server = harness.server as unknown as HapiServer;
  // Requests the socket listener hands to Hapi (counted before the fast path takes Hapi's place).
  const handed: string[] = [];
  const listener = server.listener;
  const hapi = listener.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  listener.removeAllListeners('request');
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handed.push(`${req.method} ${req.url}`);
    for (const l of hapi) l.call(listener, req, res);
  });
  // Requests Hapi's lifecycle ran for (the handed ones its Host rule did not refuse, and the replayed ones).
  const hapiSaw: string[] = [];
  server.ext('onRequest', (request, h) => {
    if (request.path.startsWith('/v1/')) hapiSaw.push(`${request.method} ${request.path}`);
    return h.continue;
  });
  const logged: string[] = [];
  harness.server.events.on('response', (request: HarnessServedRequest) => {
    if (request.path.startsWith('/v1/')) logged.push(`${request.method} ${request.path} ${request.raw.res.statusCode}`);
  });
  mountCollectionFastPath(server, { core: harness.core, runs: harness.runs, host: '127.0.0.1' });
  return { harness, hapiSaw, handed, logged };
}

const auth = { 'content-type': 'application/json', authorization: basicAuth('wk') };
const batch = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    batch: Array.from({ length: n }, (_, i) => ({
      type: 'track',
      userId: `u${i}`,
      event: 'Clicked',
      messageId: `m-${i}-${Math.random()}`,
      ...extra,
    })),
    sentAt: '2024-01-01T00:00:01.000Z',
  });

/** Requests, and who answers: the fast path itself, Hapi replaying a refused request, or Hapi alone. */
const TABLE: readonly { readonly name: string; readonly sent: Sent; readonly via: 'fast' | 'replay' | 'hapi' }[] = [
  {
    name: 'an accepted batch without Origin',
    sent: { path: '/v1/batch', headers: auth, body: batch(20) },
    via: 'fast',
  },
  {
    name: 'an accepted batch from a page (Origin)',
    sent: { path: '/v1/b', headers: { ...auth, origin: 'http://app.test' }, body: batch(3) },
    via: 'fast',
  },
  {
    name: 'a track call',
    sent: { path: '/v1/track', headers: auth, body: JSON.stringify({ userId: 'u1', event: 'E' }) },
    via: 'fast',
  },
  {
    name: 'a gzip batch',
    sent: { path: '/v1/import', headers: { ...auth, 'content-encoding': 'gzip' }, body: gzipSync(batch(5)) },
    via: 'fast',
  },
  {
    name: 'an invalid event (200, journaled as rejected)',
    sent: { path: '/v1/batch', headers: auth, body: JSON.stringify({ batch: [{ type: 'track', userId: 'u1' }] }) },
    via: 'fast',
  },
  {
    name: 'bad JSON (400, replayed through Hapi)',
    sent: { path: '/v1/batch', headers: { ...auth, origin: 'http://app.test' }, body: '{"batch": [' },
    via: 'replay',
  },
  {
    name: 'a request over 500 KiB (400)',
    sent: { path: '/v1/batch', headers: auth, body: JSON.stringify({ batch: [], pad: 'x'.repeat(600_000) }) },
    via: 'replay',
  },
  { name: 'an unknown route (404)', sent: { path: '/v1/nope', headers: auth, body: '{}' }, via: 'hapi' },
  { name: 'a query string', sent: { path: '/v1/batch?x=1', headers: auth, body: batch(1) }, via: 'hapi' },
  {
    name: 'a GET',
    sent: { method: 'GET', path: '/v1/batch', headers: { authorization: basicAuth('wk') } },
    via: 'hapi',
  },
  {
    name: 'a preflight',
    sent: {
      method: 'OPTIONS',
      path: '/v1/batch',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    },
    via: 'hapi',
  },
  {
    name: 'a Host the allowlist refuses',
    sent: { path: '/v1/batch', headers: { ...auth, host: 'evil.test' }, body: batch(1) },
    via: 'hapi',
  },
];

function comparable(answer: Answer): Answer {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, body: answer.body };
}

test('every answer is the same, byte for byte, with the fast path in front of Hapi as without it', async (t) => {
  const plain = await startHarness(t);
  const { harness, hapiSaw, handed, logged } = await withFastPath(t);
  for (const row of TABLE) {
    const [sawBefore, handedBefore] = [hapiSaw.length, handed.length];
    const expected = comparable(await send(plain.url, row.sent));
    const actual = comparable(await send(harness.url, row.sent));
    t.deepEqual(actual, expected, row.name);
    const handedNow = handed.length - handedBefore;
    // Hapi's own Host rule refuses before any later extension runs, so for Hapi's rows only the hand-over counts.
    if (row.via === 'hapi') t.is(handedNow, 1, `${row.name}: handed to Hapi`);
    else
      t.deepEqual(
        [handedNow, hapiSaw.length - sawBefore],
        row.via === 'replay' ? [0, 1] : [0, 0],
        `${row.name}: answered by ${row.via}`,
      );
  }
  // Nothing lost or doubled: the journals hold the same statuses, counted alike.
  t.deepEqual(harness.journal.counts(), plain.journal.counts());
  t.true(harness.journal.counts().accepted >= 29);
  // The request log and the log hear of every collection request, the fast ones too.
  t.is(logged.length, TABLE.length);
  t.true(logged.includes('post /v1/batch 200'));
  t.true(logged.includes('post /v1/batch 400'));
});

test('an accepted event is journaled as through Hapi: enriched, with the client address for a browser', async (t) => {
  const { harness, hapiSaw } = await withFastPath(t);
  const body = JSON.stringify({
    batch: [{ type: 'track', userId: 'u1', event: 'E', context: { library: { name: 'analytics.js', version: '1' } } }],
  });
  const answer = await send(harness.url, { path: '/v1/batch', headers: auth, body });
  t.is(answer.status, 200);
  t.deepEqual(hapiSaw, []);
  const [entry] = harness.journal.query().events;
  t.is(entry?.status, 'accepted');
  t.is(entry?.writeKey, 'wk');
  t.regex(String(entry?.event.messageId), /^api-[0-9A-Za-z]{27}$/);
  t.is((entry?.event.context as { ip?: string } | undefined)?.ip, '127.0.0.1');
});

test('pending faults, a rate limit and a full backlog are left to the Hapi route that owns them', async (t) => {
  const { harness, hapiSaw } = await withFastPath(t, { config: { rateLimit: { requestsPerSecond: 1000 } } });
  await send(harness.url, { path: '/v1/batch', headers: auth, body: batch(1) });
  t.deepEqual(hapiSaw, ['post /v1/batch'], 'a rate limit: Hapi answers');
  const faulted = await withFastPath(t);
  faulted.harness.faults.add({ count: 1, status: 503 });
  const refused = await send(faulted.harness.url, { path: '/v1/batch', headers: auth, body: batch(1) });
  t.is(refused.status, 503);
  t.deepEqual(faulted.hapiSaw, ['post /v1/batch']);
  const after = await send(faulted.harness.url, { path: '/v1/batch', headers: auth, body: batch(1) });
  t.is(after.status, 200);
  t.deepEqual(faulted.hapiSaw, ['post /v1/batch'], 'with the fault used up, the fast path answers again');
});

test('unmounting puts Hapi back in front', async (t) => {
  const harness = await startHarness(t);
  const server = harness.server as unknown as HapiServer;
  const hapiSaw: string[] = [];
  server.ext('onRequest', (request, h) => {
    hapiSaw.push(request.path);
    return h.continue;
  });
  const { unmount } = mountCollectionFastPath(server, { core: harness.core, host: '127.0.0.1' });
  await send(harness.url, { path: '/v1/batch', headers: auth, body: batch(1) });
  t.deepEqual(hapiSaw, []);
  unmount();
  await send(harness.url, { path: '/v1/batch', headers: auth, body: batch(1) });
  t.deepEqual(hapiSaw, ['/v1/batch']);
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

test('a request answered on the fast path is journaled from its own body, with no copy kept beside it', async (t) => {
  const harness = await startHarness(t, {});
  mountCollectionFastPath(harness.server as unknown as HapiServer, { core: harness.core, host: '127.0.0.1' });
  const body = JSON.stringify({ batch: [{ type: 'track', userId: 'u', event: 'Owned' }] });
  const answer = await send(harness.url, {
    path: '/v1/batch',
    headers: { 'content-type': 'application/json', authorization: basicAuth('k') },
    body,
  });
  t.is(answer.status, 200);
  t.is(harness.journal.bytes, Buffer.byteLength(body), 'the request is held once, as its bytes');
  t.is(harness.journal.query({ text: 'owned' }).events[0]?.event.event, 'Owned');
});

test('a request answered on the fast path is logged with the time it took, which does not grow as the log is read', async (t) => {
  const { harness, hapiSaw } = await withFastPath(t);
  const answer = await send(harness.url, { path: '/v1/track', headers: auth, body: JSON.stringify({ userId: 'u' }) });
  t.is(answer.status, 200);
  t.deepEqual(hapiSaw, [], 'answered on the fast path');
  const first = harness.core.requests.newest(1)[0]?.durationMs ?? Number.NaN;
  t.true(first >= 0 && first < 5_000, `logged ${first} ms`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(harness.core.requests.newest(1)[0]?.durationMs, first, 'read 300 ms later, the same duration');
});

test("with runs, the fast path answers a Basic-auth request on its key's run; a body key or X-Harness-Run goes through Hapi to the same runs", async (t) => {
  const { harness, hapiSaw } = await withFastPath(t);
  const a = await harness.runs.create({ clock: 'fake' });
  const b = await harness.runs.create({ clock: 'fake' });
  const keyA = a.writeKeys[0] ?? '';
  const keyB = b.writeKeys[0] ?? '';
  const track = (userId: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'track', event: 'E', userId, ...extra });
  const json = { 'content-type': 'application/json' };
  const basicA = await send(harness.url, {
    path: '/v1/track',
    headers: { ...json, authorization: basicAuth(keyA) },
    body: track('fast-a'),
  });
  t.is(basicA.status, 200);
  t.deepEqual(hapiSaw, [], 'a Basic-auth request of a run is answered in front of Hapi');
  const bodyB = await send(harness.url, {
    path: '/v1/track',
    headers: json,
    body: track('body-b', { writeKey: keyB }),
  });
  t.is(bodyB.status, 200);
  const namedB = await send(harness.url, {
    path: '/v1/track',
    headers: { ...json, authorization: basicAuth(keyB), 'x-harness-run': b.id },
    body: track('named-b'),
  });
  t.is(namedB.status, 200);
  const wrong = await send(harness.url, {
    path: '/v1/track',
    headers: { ...json, authorization: basicAuth(keyB), 'x-harness-run': a.id },
    body: track('wrong'),
  });
  t.is(wrong.status, 409);
  t.is((JSON.parse(wrong.body) as { code: string }).code, 'RUN_WRITE_KEY_MISMATCH');
  t.deepEqual(hapiSaw, ['post /v1/track', 'post /v1/track', 'post /v1/track']);
  const users = (run: typeof a) => run.core.journal.query({}).events.map((entry) => entry.event.userId);
  t.deepEqual(users(a), ['fast-a']);
  t.deepEqual(users(b), ['body-b', 'named-b']);
  t.is(harness.journal.counts().all, 0, 'nothing reached the default run');
  // The request log of each run holds its own requests, the fast one included.
  t.is(a.core.requests.newest(10).length, 1);
  t.is(b.core.requests.newest(10).length, 2);
});
