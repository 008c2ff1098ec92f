// Hostile input against the whole server, over real sockets: the failures measured in issue 16 first.
import test from 'ava';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';
import { parseRawAnswer, rawExchange } from '../helpers/raw-http.js';
import { protocolErrorAnswer } from '../../src/server/protocol-errors.js';
import { COLLECTION_ROUTES } from '../../src/domain/collection/index.js';
import { MAX_JSON_DEPTH } from '../../src/contract/json-depth.js';
import type { FakeClock } from '../../src/clock/index.js';
import { connectionSlotsOf } from '../../src/server/create-server.js';
import type { Server as HapiServer } from '@hapi/hapi';

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** A track call whose properties.p nests so that the whole body is `depth` levels deep. */
const trackAtDepth = (depth: number) => `{"userId":"u1","event":"Deep","properties":{"p":${deepArray(depth - 2)}}}`;

test('POST /clock/advance {"ms": 1e308} is a 400 naming the range; the clock, the server and the collection API carry on', async (t) => {
  const harness = await startHarness(t, { clock: 'fake', sampleReceiver: true });
  const before = harness.clock.now();
  for (const ms of [1e308, 8.64e15, Number.MAX_VALUE]) {
    const response = await postJson(`${harness.url}/__harness/clock/advance`, `{"ms": ${ms}}`);
    t.is(response.status, 400);
    t.is(response.body.code, 'CLOCK_OUT_OF_RANGE');
    t.regex(
      String(response.body.message),
      /would move the clock past 9999-12-31T23:59:59\.999Z.*at most \d+ ms from 2024-01-01T00:00:00\.000Z/,
    );
  }
  t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1e308 })).status, 400);
  t.is(harness.clock.now(), before);
  t.is(
    (await postJson(`${harness.url}/v1/track`, { userId: 'u1', event: 'After' }, { authorization: basicAuth('wk') }))
      .status,
    200,
  );
  // The largest advance that is allowed works, and everything written afterwards is still a date.
  const room = Date.UTC(9999, 11, 31, 23, 59, 59, 999) - harness.clock.now();
  t.is(
    (await postJson(`${harness.url}/__harness/clock/advance`, { ms: room - 60_000 })).body.now,
    '9999-12-31T23:58:59.999Z',
  );
  t.is(
    (await postJson(`${harness.url}/v1/track`, { userId: 'u1', event: 'Late' }, { authorization: basicAuth('wk') }))
      .status,
    200,
  );
  t.is((await postJson(`${harness.url}/__harness/clock/run-until-idle`, {})).status, 200);
  const events = await getJson(`${harness.url}/__harness/events?order=newest&limit=1`);
  t.is((events.body.events as { event: { receivedAt: string } }[])[0]?.event.receivedAt, '9999-12-31T23:58:59.999Z');
  t.is((await getJson(`${harness.url}/__harness/deliveries`)).status, 200);
});

test('5,000 levels of nesting are a 400 naming the depth on every collection route and every admin body; nothing is journaled', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  const body = trackAtDepth(5_000);
  for (const route of Object.keys(COLLECTION_ROUTES)) {
    const batch = route === 'batch' || route === 'import' || route === 'b';
    const response = await postJson(`${harness.url}/v1/${route}`, batch ? `{"batch":[${body}]}` : body, {
      authorization: basicAuth('wk'),
    });
    t.is(response.status, 400, route);
    t.is(response.body.code, 'JSON_TOO_DEEP');
    t.regex(
      String(response.body.message),
      new RegExp(`nests ${batch ? 5_002 : 5_000} levels.*at most ${MAX_JSON_DEPTH}`),
    );
  }
  const deep = deepArray(5_000);
  for (const [method, path, text] of [
    ['POST', '/__harness/faults', `{"count":1,"status":503,"routes":${deep}}`],
    ['POST', '/__harness/deletions', `{"userIds":${deep}}`],
    ['PUT', '/__harness/audiences/vip', `{"members":${deep}}`],
    ['POST', '/__harness/clock/advance', `{"ms":${deep}}`],
  ] as const) {
    const response = await fetch(`${harness.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    const answer = (await response.json()) as Record<string, unknown>;
    t.deepEqual([response.status, answer.code], [400, 'JSON_TOO_DEEP'], path);
    t.regex(String(answer.message), /nests 5001 levels/);
  }
  t.is(harness.journal.counts().all, 0);
  t.is(harness.faults.pending().length, 0);
});

test('the deepest accepted body (100 levels) is journaled, read back, delivered signed and listed; 101 is refused', async (t) => {
  const harness = await startHarness(t, { clock: 'fake', sampleReceiver: true });
  t.is(
    (await postJson(`${harness.url}/v1/track`, trackAtDepth(MAX_JSON_DEPTH + 1), { authorization: basicAuth('wk') }))
      .status,
    400,
  );
  t.is(
    (await postJson(`${harness.url}/v1/track`, trackAtDepth(MAX_JSON_DEPTH), { authorization: basicAuth('wk') }))
      .status,
    200,
  );
  t.is(
    (
      await postJson(
        `${harness.url}/v1/batch`,
        `{"batch":[{"type":"track",${trackAtDepth(MAX_JSON_DEPTH - 2).slice(1)}]}`,
        { authorization: basicAuth('wk') },
      )
    ).status,
    200,
  );
  await harness.runUntilIdle();
  const events = await getJson(`${harness.url}/__harness/events?q=deep`);
  t.deepEqual([events.status, events.body.total], [200, 2]);
  const deliveries = await getJson(`${harness.url}/__harness/deliveries?state=delivered`);
  t.is(deliveries.body.total, 2);
  const received = await getJson(`${harness.url}/__harness/sample-receiver`);
  t.true((received.body.received as { signatureValid: boolean }[]).every((r) => r.signatureValid));
  t.is((await getJson(`${harness.url}/__harness/deliveries?q=deep`)).status, 200);
});

test('a __proto__ key in an admin body is named as such, not called invalid JSON', async (t) => {
  const harness = await startHarness(t);
  const response = await postJson(
    `${harness.url}/__harness/faults`,
    '{"__proto__":{"polluted":true},"count":1,"status":503}',
  );
  t.deepEqual([response.status, response.body.code], [400, 'INVALID_REQUEST']);
  t.regex(String(response.body.message), /"__proto__" key/);
  t.false(Object.hasOwn(Object.prototype, 'polluted'));
});

test('an oversized admin body names the admin limit (1 MiB), not the collection one', async (t) => {
  const harness = await startHarness(t);
  const response = await postJson(`${harness.url}/__harness/deletions`, { userIds: ['x'.repeat(1_100_000)] });
  t.deepEqual([response.status, response.body.code], [400, 'REQUEST_TOO_LARGE']);
  t.regex(String(response.body.message), /admin request may be at most 1048576 bytes \(1 MiB\)/);
});

test('protocol errors answer in the JSON shape: a bad request line, a lying Content-Length, huge headers', async (t) => {
  const harness = await startHarness(t);
  const garbage = parseRawAnswer(await rawExchange(harness.url, 'NOT HTTP AT ALL\r\n\r\n'));
  t.is(garbage.status, 400);
  t.deepEqual([garbage.body.success, garbage.body.code], [false, 'BAD_REQUEST']);
  t.regex(String(garbage.body.message), /not valid HTTP\/1\.1 \(HPE_/);
  t.regex(garbage.headers, /content-type: application\/json/i);
  const lying = parseRawAnswer(
    await rawExchange(
      harness.url,
      'POST /v1/track HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ),
  );
  t.deepEqual([lying.status, lying.body.code], [400, 'BAD_REQUEST']);
  const huge = parseRawAnswer(
    await rawExchange(
      harness.url,
      `GET /__harness/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ),
  );
  t.deepEqual([huge.status, huge.body.code], [431, 'HEADERS_TOO_LARGE']);
  t.is((await getJson(`${harness.url}/__harness/health`)).status, 200, 'the server carries on');
});

test("headers and bodies that stop arriving are cut off: the listener's bounds (real time, checked each second)", async (t) => {
  // The timeouts are real time: the test checks the configured bounds; the soak dribbles for real (docs/limits.md).
  const harness = await startHarness(t);
  // The harness's public type hides Hapi (users need not install its types); the test looks underneath.
  const listener = (harness.server as unknown as HapiServer).listener;
  t.deepEqual(
    [listener.headersTimeout, listener.requestTimeout, connectionSlotsOf(harness.server as unknown as HapiServer)?.cap],
    [20_000, 30_000, 1_024],
  );
  t.is((harness.clock as FakeClock | { mode: string }).mode, 'system');
});

test('the 408 a timed-out request gets is in the JSON shape', (t) => {
  const answer = parseRawAnswer(protocolErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT'));
  t.deepEqual([answer.status, answer.body.code], [408, 'REQUEST_TIMEOUT']);
  t.regex(String(answer.body.message), /headers within 20 s, the whole request within 30 s/);
});

test('a clock-skew correction that would leave years 0000-9999 is not applied: every timestamp can be read', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  const cases = [
    ['9999-12-31T23:59:59.999Z', '0000-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z'],
    ['0000-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['2024-01-01T00:00:00.000Z', '2023-12-31T23:59:59.000Z', '2023-12-31T23:59:59.000Z'],
  ];
  for (const [sentAt, timestamp] of cases) {
    t.is(
      (
        await postJson(
          `${harness.url}/v1/batch`,
          { sentAt, batch: [{ type: 'track', userId: 'u', event: 'e', timestamp }] },
          { authorization: basicAuth('wk') },
        )
      ).status,
      200,
    );
  }
  t.deepEqual(
    harness.journal.query().events.map((e) => e.event.timestamp),
    cases.map((c) => c[2]),
  );
});

test('past the connection cap a new connection is closed at once, until the held ones have sent nothing for a second: then it takes the slot of the slowest', async (t) => {
  const harness = await startHarness(t, { maxConnections: 3 });
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(harness.url);
  const open = () =>
    new Promise<import('node:net').Socket>((resolve) => {
      const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
      socket.on('error', () => undefined);
    });
  const opened = Date.now();
  const held = [await open(), await open(), await open()];
  t.teardown(() => {
    for (const socket of held) socket.destroy();
  });
  // Let the server count them before the next one knocks.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  const health = 'GET /__harness/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
  const answer = await rawExchange(harness.url, health, 5_000);
  // Within the second a connection may take to send its request, the held ones keep their slots.
  if (Date.now() - opened < 900) t.is(answer, '', 'closed without an answer');
  else t.log('the machine took over 0.9 s to knock: the held connections could already give way');
  // Past it, they give way to new clients (docs/limits.md "Slow clients").
  await new Promise((resolve) => setTimeout(resolve, 1_300));
  t.regex(await rawExchange(harness.url, health, 5_000), /^HTTP\/1\.1 200/);
  for (const socket of held) socket.destroy();
  let status = 0;
  for (let i = 0; i < 50 && status !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await fetch(`${harness.url}/__harness/health`).then(
      (r) => r.status,
      () => 0,
    );
  }
  t.is(status, 200);
});
