import test from 'ava';
import { request as httpRequest } from 'node:http';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';

/** A request with a Host header of our choosing (fetch does not let one set Host). */
function requestWithHost(
  url: string,
  host: string,
  method = 'GET',
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { host, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('a cross-origin simple POST (text/plain, a form, no body) is refused and changes nothing', async (t) => {
  const harness = await startHarness(t);
  harness.faults.add({ count: 3, status: 503 });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'e' }, { authorization: basicAuth('wk') });
  const before = { events: harness.journal.counts().all, faults: harness.faults.pending().length };
  const evil = 'http://evil.test';
  const attempts: [string, RequestInit][] = [
    ['/__harness/reset', { method: 'POST', headers: { origin: evil, 'content-type': 'text/plain' }, body: '{}' }],
    ['/__harness/reset', { method: 'POST', headers: { origin: evil } }],
    [
      '/__harness/deletions',
      {
        method: 'POST',
        headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'userIds=u',
      },
    ],
    [
      '/__harness/audiences/vip/sync',
      { method: 'POST', headers: { origin: 'null', 'content-type': 'text/plain' }, body: '{}' },
    ],
    // Even as JSON (which a page could only send after a preflight the mock never grants).
    ['/__harness/reset', { method: 'POST', headers: { origin: evil, 'content-type': 'application/json' }, body: '{}' }],
    ['/__harness/faults', { method: 'DELETE', headers: { origin: evil } }],
  ];
  for (const [path, init] of attempts) {
    const response = await fetch(`${harness.url}${path}`, init);
    const body = (await response.json()) as Record<string, unknown>;
    t.is(response.status, 403, `${path} ${JSON.stringify(init.headers)}`);
    t.is(body.code, 'CROSS_ORIGIN_REFUSED');
    t.regex(String(body.message), /received Origin "(http:\/\/evil\.test|null)"/);
    t.is(response.headers.get('access-control-allow-origin'), null);
  }
  t.deepEqual(
    { events: harness.journal.counts().all, faults: harness.faults.pending().length },
    before,
    'state unchanged',
  );
});

test("without an Origin a state change must still be JSON; the mock's own origin and curl-like clients pass", async (t) => {
  const harness = await startHarness(t);
  const plain = await fetch(`${harness.url}/__harness/faults`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{"count":1,"status":503}',
  });
  const plainBody = (await plain.json()) as Record<string, unknown>;
  t.deepEqual([plain.status, plainBody.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  t.regex(String(plainBody.message), /Content-Type "text\/plain" is not supported; send application\/json/);
  const bare = await fetch(`${harness.url}/__harness/reset`, { method: 'POST' });
  t.is(bare.status, 415);
  t.is(harness.faults.pending().length, 0);
  t.is(
    (await postJson(`${harness.url}/__harness/faults`, { count: 1, status: 503 })).status,
    200,
    'JSON without Origin (curl, scripts)',
  );
  t.is(
    (await postJson(`${harness.url}/__harness/faults`, { count: 1, status: 502 }, { origin: harness.url })).status,
    200,
    'the inspector: same origin',
  );
  t.is(harness.faults.pending().length, 2);
  t.is(
    (await fetch(`${harness.url}/__harness/faults`, { method: 'DELETE' })).status,
    200,
    'DELETE needs a preflight a page cannot get: no body needed',
  );
  t.is(harness.faults.pending().length, 0);
});

test('/__harness grants no CORS, to reads, preflights or errors; the collection API still does', async (t) => {
  const harness = await startHarness(t);
  const origin = 'http://app.test';
  const read = await fetch(`${harness.url}/__harness/sources`, { headers: { origin } });
  t.is(read.status, 200);
  t.is(read.headers.get('access-control-allow-origin'), null);
  const preflight = await fetch(`${harness.url}/__harness/reset`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  t.is(preflight.headers.get('access-control-allow-origin'), null);
  t.is(preflight.headers.get('access-control-allow-methods'), null);
  const collection = await fetch(`${harness.url}/v1/t`, {
    method: 'POST',
    headers: { origin, 'content-type': 'text/plain' },
    body: JSON.stringify({ writeKey: 'wk', userId: 'u', event: 'e' }),
  });
  t.is(collection.headers.get('access-control-allow-origin'), origin);
});

test('a foreign Host is refused on every route while bound to loopback; allowedHosts adds names', async (t) => {
  const harness = await startHarness(t);
  const port = harness.port;
  for (const path of ['/__harness/sources', '/__harness/events', '/', '/v1/track']) {
    const refused = await requestWithHost(
      `${harness.url}${path}`,
      `rebound.attacker.test:${port}`,
      path === '/v1/track' ? 'POST' : 'GET',
      path === '/v1/track' ? JSON.stringify({ writeKey: 'wk', userId: 'u', event: 'e' }) : undefined,
    );
    t.is(refused.status, 403, path);
    t.is(refused.body.code, 'HOST_NOT_ALLOWED');
    t.regex(
      String(refused.body.message),
      /"rebound\.attacker\.test:\d+" is not a name of this mock.*127\.0\.0\.1, localhost, \[::1\].*--allow-host/,
    );
  }
  t.is(harness.journal.counts().all, 0);
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST.:${port}`, `[::1]:${port}`])
    t.is((await requestWithHost(`${harness.url}/__harness/health`, host)).status, 200, host);

  const named = await startHarness(t, { allowedHosts: ['mock.internal'] });
  t.is((await requestWithHost(`${named.url}/__harness/health`, `mock.internal:${named.port}`)).status, 200);
  t.is((await requestWithHost(`${named.url}/__harness/health`, `other.internal:${named.port}`)).status, 403);
});

test('bound to all interfaces the Host allowlist is off (a LAN or container name reaches it)', async (t) => {
  const harness = await startHarness(t, { host: '0.0.0.0' });
  const answer = await requestWithHost(`http://127.0.0.1:${harness.port}/__harness/health`, `mock.lan:${harness.port}`);
  t.is(answer.status, 200);
  t.is((await getJson(`http://127.0.0.1:${harness.port}/__harness/health`)).status, 200);
});
