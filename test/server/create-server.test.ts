import test from 'ava';
import type { Server as HapiServer } from '@hapi/hapi';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FakeClock } from '../../src/clock/index.js';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';
import { trackOfSize } from '../helpers/collection-request.js';

const track = { type: 'track', userId: 'u1', event: 'Clicked' };

test('every collection route answers over HTTP; the journal holds the events', async (t) => {
  const harness = await startHarness(t);
  for (const route of ['identify', 'track', 'page', 'screen', 'group', 'alias', 'i', 't', 'p', 's', 'g', 'a']) {
    const response = await postJson(
      `${harness.url}/v1/${route}`,
      { userId: 'u1', anonymousId: 'a1', previousId: 'p1', groupId: 'g1', event: 'E' },
      { authorization: basicAuth('wk') },
    );
    t.is(response.status, 200, route);
  }
  for (const route of ['batch', 'import', 'b']) {
    t.is((await postJson(`${harness.url}/v1/${route}`, { writeKey: 'wk', batch: [track] })).status, 200, route);
  }
  t.is(harness.journal.counts().accepted, 15);
  t.deepEqual([...new Set(harness.journal.query().events.map((e) => e.event.type))].sort(), [
    'alias',
    'group',
    'identify',
    'page',
    'screen',
    'track',
  ]);
  // The success answer is written without Hapi's transmit: same shape and headers, over a socket and inject.
  const raw = await fetch(`${harness.url}/v1/track`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basicAuth('wk') },
    body: JSON.stringify(track),
  });
  t.deepEqual(
    [
      raw.status,
      raw.headers.get('content-type'),
      raw.headers.get('content-length'),
      raw.headers.get('cache-control'),
      await raw.text(),
    ],
    [200, 'application/json; charset=utf-8', '16', 'no-cache', '{"success":true}'],
  );
  const injected = await harness.inject({
    method: 'POST',
    url: '/v1/t',
    headers: { 'content-type': 'text/plain', authorization: basicAuth('wk') },
    payload: JSON.stringify(track),
  });
  t.deepEqual(
    [injected.statusCode, injected.headers['content-type'], injected.payload],
    [200, 'application/json; charset=utf-8', '{"success":true}'],
  );
});

test('errors leave as {success:false, code, message}: unknown path, oversized raw body, bad admin input', async (t) => {
  const harness = await startHarness(t);
  const missing = await postJson(`${harness.url}/v2/track`, track);
  t.deepEqual([missing.status, missing.body.success, missing.body.code], [404, false, 'NOT_FOUND']);
  const huge = await postJson(`${harness.url}/v1/batch`, {
    writeKey: 'wk',
    batch: [],
    pad: 'x'.repeat(9 * 1024 * 1024),
  });
  t.deepEqual([huge.status, huge.body.code], [400, 'REQUEST_TOO_LARGE']);
  t.regex(
    String(huge.body.message),
    /is 94\d{5} bytes or more; one request may be at most 512000 bytes/,
    'names the size received and the limit',
  );
  const badAdmin = await postJson(`${harness.url}/__harness/faults`, '{nope');
  t.is(badAdmin.status, 400);
  t.is(badAdmin.body.success, false);
  t.regex(String(badAdmin.body.message), /not valid JSON/);
  const badQuery = await getJson(`${harness.url}/__harness/events?status=lost`);
  t.deepEqual([badQuery.status, badQuery.body.code], [400, 'INVALID_REQUEST']);
  t.regex(String(badQuery.body.message), /received "lost"/);
  const badLimit = await getJson(`${harness.url}/__harness/events?limit=-1`);
  t.regex(String(badLimit.body.message), /limit must be a whole number/);
  const misspelt = await getJson(`${harness.url}/__harness/events?usrId=u1`);
  t.deepEqual([misspelt.status, misspelt.body.code], [400, 'INVALID_REQUEST']);
  t.regex(
    String(misspelt.body.message),
    /unknown query parameter "usrId"; expected only status, type, userId/,
    'a misspelt filter is refused, not ignored',
  );
});

test('a path nothing answers, or one that does not decode, is named in the error with what is expected', async (t) => {
  const harness = await startHarness(t);
  const missing = await getJson(`${harness.url}/favicon.ico`);
  t.deepEqual([missing.status, missing.body.code], [404, 'NOT_FOUND']);
  t.regex(String(missing.body.message), /nothing answers GET \/favicon\.ico: .*GET \/__harness\/openapi\.json/);
  const undecodable = await getJson(`${harness.url}/__harness/runs/%zz`);
  t.deepEqual([undecodable.status, undecodable.body.code], [400, 'BAD_REQUEST']);
  t.regex(String(undecodable.body.message), /the path of GET \/__harness\/runs\/%zz does not decode: .*%25/);
  // A handler's own 404 keeps its message.
  const noRun = await getJson(`${harness.url}/__harness/runs/nope`);
  t.deepEqual([noRun.status, noRun.body.code], [404, 'RUN_NOT_FOUND']);
});

test('browser SDKs get CORS on the collection routes', async (t) => {
  const harness = await startHarness(t);
  const preflight = await fetch(`${harness.url}/v1/t`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://app.test',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  t.is(preflight.status, 200);
  t.is(preflight.headers.get('access-control-allow-origin'), 'http://app.test');
  const post = await fetch(`${harness.url}/v1/t`, {
    method: 'POST',
    headers: { origin: 'http://app.test', 'content-type': 'text/plain' },
    body: JSON.stringify({ ...track, writeKey: 'wk' }),
  });
  t.is(post.headers.get('access-control-allow-origin'), 'http://app.test');
});

test('admin API: health, events with filters, sources, clock, reset', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  await postJson(`${harness.url}/v1/batch`, { writeKey: 'wk', batch: [track, { type: 'track', userId: 'u2' }] });
  t.deepEqual((await getJson(`${harness.url}/__harness/health`)).body, {
    ok: true,
    clock: 'fake',
    events: 2,
    store: { kind: 'memory', nodeId: 'local' },
  });
  const rejected = await getJson(`${harness.url}/__harness/events?status=rejected`);
  t.is(rejected.body.total, 1);
  t.deepEqual((rejected.body.counts as Record<string, number>).accepted, 1);
  const byUser = await getJson(
    `${harness.url}/__harness/events?userId=u1&type=track&writeKey=wk&limit=5&offset=0&order=newest`,
  );
  t.is(byUser.body.total, 1);
  const sources = await getJson(`${harness.url}/__harness/sources`);
  t.deepEqual(sources.body, { zeroConfig: true, evicted: 0, sources: [{ writeKey: 'wk', name: 'zero-config wk' }] });
  t.deepEqual((await getJson(`${harness.url}/__harness/clock`)).body, {
    mode: 'fake',
    now: '2024-01-01T00:00:00.000Z',
    epochMs: Date.UTC(2024, 0, 1),
  });
  const advanced = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 5000 });
  t.is(advanced.body.now, '2024-01-01T00:00:05.000Z');
  t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: -1 })).status, 400);
  t.is((await postJson(`${harness.url}/__harness/reset`, {})).status, 200);
  t.is(harness.journal.counts().all, 0);
  t.deepEqual((await getJson(`${harness.url}/__harness/sources`)).body.sources, []);
});

test('clock routes on the system clock answer 409 saying how to get a fake one', async (t) => {
  const harness = await startHarness(t);
  const response = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1 });
  t.deepEqual([response.status, response.body.code], [409, 'CLOCK_NOT_FAKE']);
  t.regex(String(response.body.message), /--clock fake/);
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, {})).status, 409);
});

test('fault injection: status, 429 with Retry-After, then normal handling; nothing journaled for faulted requests', async (t) => {
  const harness = await startHarness(t);
  t.is((await postJson(`${harness.url}/__harness/faults`, { count: 2, status: 503 })).status, 200);
  t.is((await postJson(`${harness.url}/__harness/faults`, { retryAfter: 3 })).status, 200);
  t.deepEqual(((await getJson(`${harness.url}/__harness/faults`)).body.faults as unknown[]).length, 2);
  const send = () => postJson(`${harness.url}/v1/batch`, { writeKey: 'wk', batch: [track] });
  const first = await send();
  t.deepEqual([first.status, first.body.code], [503, 'INJECTED_FAULT']);
  t.is((await send()).status, 503);
  const limited = await send();
  t.is(limited.status, 429);
  t.is(limited.headers.get('retry-after'), '3');
  t.is((await send()).status, 200);
  t.is(harness.journal.counts().all, 1);
  await postJson(`${harness.url}/__harness/faults`, { count: 5, status: 500 });
  t.is((await fetch(`${harness.url}/__harness/faults`, { method: 'DELETE' })).status, 200);
  t.is((await send()).status, 200);
});

test('a delay fault waits on the harness clock (virtual), then handles the request', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  await postJson(`${harness.url}/__harness/faults`, { delayMs: 30_000 });
  let settled = false;
  const pending = postJson(`${harness.url}/v1/batch`, { writeKey: 'wk', batch: [track] }).then((r) => {
    settled = true;
    return r;
  });
  // Let the request reach the server, then move virtual time.
  while ((harness.clock as FakeClock).pendingTimers() === 0) await new Promise((resolve) => setImmediate(resolve));
  t.false(settled);
  await (harness.clock as FakeClock).advance(30_000);
  t.is((await pending).status, 200);
  t.is(harness.journal.counts().accepted, 1);
});

test('a reset fault drops the connection without an answer', async (t) => {
  const harness = await startHarness(t);
  await postJson(`${harness.url}/__harness/faults`, { reset: true });
  const error = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
    const req = httpRequest(
      `${harness.url}/v1/batch`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: basicAuth('wk') } },
      () => reject(new Error('got a response')),
    );
    req.on('error', resolve);
    req.end(JSON.stringify({ batch: [track] }));
  });
  t.regex(String(error.code), /ECONNRESET|EPIPE|socket hang up/);
  t.is(harness.journal.counts().all, 0);
  t.is((await postJson(`${harness.url}/v1/batch`, { writeKey: 'wk', batch: [track] })).status, 200);
});

test('the OpenAPI document covers the collection and admin routes and carries the schemas', async (t) => {
  const harness = await startHarness(t);
  const { status, body } = await getJson(`${harness.url}/__harness/openapi.json`);
  t.is(status, 200);
  t.is(body.openapi, '3.1.0');
  const paths = body.paths as Record<string, Record<string, unknown>>;
  for (const path of [
    '/v1/track',
    '/v1/batch',
    '/v1/import',
    '/v1/b',
    '/__harness/events',
    '/__harness/faults',
    '/__harness/clock/advance',
  ])
    t.truthy(paths[path], path);
  t.truthy(paths['/__harness/faults']?.delete);
  const schemas = (body.components as { schemas: Record<string, unknown> }).schemas;
  t.truthy(schemas.track);
  t.truthy(schemas['webhook-payload']);
});

test('inject answers without a socket; listen:false opens none', async (t) => {
  const harness = await startHarness(t, { listen: false });
  t.is(harness.url, '');
  const response = await harness.inject({
    method: 'POST',
    url: '/v1/track',
    headers: { authorization: basicAuth('wk'), 'content-type': 'application/json' },
    payload: JSON.stringify(track),
  });
  t.is(response.statusCode, 200);
  t.is(harness.journal.counts().accepted, 1);
  harness.reset();
  t.is(harness.journal.counts().all, 0);
});

test('admin routes are registered on the first /__harness request, which is replayed against them; eager with lazyAdmin:false', async (t) => {
  const harness = await startHarness(t);
  t.deepEqual(
    (harness.server as unknown as HapiServer)
      .table()
      .map((route) => route.path)
      .sort(),
    [
      '/__harness/{path*}',
      '/analytics-next/bundles/{file}',
      '/analytics.js/v1/{writeKey}/analytics.min.js',
      '/v1/projects/{writeKey}/settings',
      '/v1/projects/{writeKey}/settings',
      '/v1/{path*}',
      '/v1/{route}',
    ],
    'a fresh harness has only the collection, settings, snippet and /v1 catch-all routes and the admin stand-in',
  );
  // Concurrent first requests, one with a body: both are replayed once the routes exist.
  const [fault, health] = await Promise.all([
    postJson(`${harness.url}/__harness/faults`, { count: 1, status: 503 }),
    getJson(`${harness.url}/__harness/health`),
  ]);
  t.deepEqual([fault.status, fault.body.success], [200, true]);
  t.is(fault.headers.get('content-type'), 'application/json; charset=utf-8');
  t.deepEqual([health.status, health.body.ok], [200, true]);
  t.true((harness.server as unknown as HapiServer).table().length > 10);
  t.is((await postJson(`${harness.url}/v1/track`, track, { authorization: basicAuth('wk') })).status, 503);
  const unknown = await getJson(`${harness.url}/__harness/nothing-here`);
  t.deepEqual([unknown.status, unknown.body.code], [404, 'NOT_FOUND']);
  t.regex(String(unknown.body.message), /GET \/__harness\/nothing-here/);
  const document = await getJson(`${harness.url}/__harness/openapi.json`);
  t.false(
    Object.keys(document.body.paths as object).some((path) => path.includes('{path*}')),
    'the stand-in is not part of the documented surface',
  );

  const { createServer } = await import('../../src/server/create-server.js');
  const { createServiceCore } = await import('../../src/core/service-core.js');
  const eager = await createServer({ core: createServiceCore(), lazyAdmin: false });
  t.true(eager.table().some((route) => route.path === '/__harness/events'));
  t.false(eager.table().some((route) => route.path === '/__harness/{path*}'));
});

test('CORS preflight names the methods and echoes the requested headers; other methods are 404; unknown routes take no fault', async (t) => {
  const harness = await startHarness(t);
  const preflight = await fetch(`${harness.url}/v1/batch`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://app.test',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-encoding',
    },
  });
  t.is(preflight.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
  t.is(preflight.headers.get('access-control-allow-headers'), 'authorization, content-encoding');
  const bare = await fetch(`${harness.url}/v1/batch`, { method: 'OPTIONS' });
  t.is(bare.headers.get('access-control-allow-origin'), '*');
  t.is(
    bare.headers.get('access-control-allow-headers'),
    'authorization, content-type, content-encoding, x-retry-count',
  );
  const get = await getJson(`${harness.url}/v1/track`);
  t.deepEqual([get.status, get.body.code], [404, 'NOT_FOUND']);
  harness.faults.add({ count: 1, status: 503 });
  t.is((await postJson(`${harness.url}/v1/nope`, track, { authorization: basicAuth('wk') })).status, 404);
  const refused = await postJson(
    `${harness.url}/v1/track`,
    { userId: 'u' },
    { authorization: basicAuth('wk'), origin: 'http://app.test' },
  );
  t.is(refused.status, 503, 'the fault waited for a real collection route');
  t.is(
    (
      await postJson(`${harness.url}/v1/track`, '{', { authorization: basicAuth('wk'), origin: 'http://app.test' })
    ).headers.get('access-control-allow-origin'),
    'http://app.test',
    'errors carry CORS too',
  );
});

/** A batch body of exactly `total` bytes: 15 events of 32,000 bytes plus padding in an envelope field. */
function batchBodyOf(total: number): string {
  const body = { batch: Array.from({ length: 15 }, () => trackOfSize(32_000)), pad: '' };
  return JSON.stringify({ ...body, pad: 'p'.repeat(total - Buffer.byteLength(JSON.stringify(body))) });
}

test('byte limits over HTTP: 32,768-byte event and 512,000-byte request accepted, one byte more refused, plain or gzipped', async (t) => {
  const harness = await startHarness(t);
  const send = async (text: string, options: { gzip?: boolean; type?: string } = {}) => {
    const response = await fetch(`${harness.url}/v1/batch`, {
      method: 'POST',
      headers: {
        'content-type': options.type ?? 'application/json',
        authorization: basicAuth('wk'),
        ...(options.gzip === true ? { 'content-encoding': 'gzip' } : {}),
      },
      body: options.gzip === true ? gzipSync(text) : text,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  for (const gzip of [false, true]) {
    const event = (bytes: number) => JSON.stringify({ batch: [trackOfSize(bytes)] });
    t.is((await send(event(32_768), { gzip })).status, 200, `32,768-byte event (gzip: ${gzip})`);
    const over = await send(event(32_769), { gzip, type: 'text/plain' });
    t.deepEqual([over.status, over.body.success, over.body.code], [400, false, 'EVENT_TOO_LARGE']);
    t.regex(String(over.body.message), /32769 bytes.*at most 32768/);
    t.is(over.type, 'application/json; charset=utf-8');
    const exact = batchBodyOf(512_000);
    t.is(Buffer.byteLength(exact), 512_000);
    t.is((await send(exact, { gzip })).status, 200, `512,000-byte request (gzip: ${gzip})`);
    const tooBig = await send(batchBodyOf(512_001), { gzip });
    t.deepEqual([tooBig.status, tooBig.body.code], [400, 'REQUEST_TOO_LARGE']);
    t.regex(String(tooBig.body.message), /512001 bytes.*at most 512000/);
  }
  t.is(harness.journal.counts().accepted, 2 * (1 + 15));
  t.is(harness.journal.counts().all, 2 * (1 + 15), 'refused requests journal nothing');
});
