// The admin routes over HTTP that the inspector page relies on: the request log, free-text search, delivery
// filters and the clock's retry steps. They are admin routes of every server (src/server/plugins).
import test from 'ava';
import type { WebhookTransport } from '../../../src/domain/delivery/http-transport.js';
import type { HarnessOptions } from '../../../src/harness/create-harness.js';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { deliveryIdNamer } from '../../helpers/harness-store.js';

const failing503: WebhookTransport = () => Promise.resolve({ kind: 'response', status: 503 });

/** Sources with a Webhooks destination (the transport replaces HTTP, so the URL is never called). */
const withWebhooks = (...writeKeys: string[]): NonNullable<HarnessOptions['config']> => ({
  sources: writeKeys.map((writeKey) => ({
    writeKey,
    destinations: { Webhooks: { sharedSecret: 's', webhooks: [{ url: 'http://127.0.0.1:9/hook' }] } },
  })),
});

test('GET /__harness/requests lists collection requests: injected faults, dropped connections, write keys', async (t) => {
  const harness = await startHarness(t, { clock: 'fake', requestLogCapacity: 3 });
  harness.faults.add({ count: 1, status: 503 });
  harness.faults.add({ count: 1, reset: true });
  t.is(
    (await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('client-a') }))
      .status,
    503,
  );
  await t.throwsAsync(
    postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('client-a') }),
  );
  t.is((await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E', writeKey: 'body-key' })).status, 200);
  t.is(
    (
      await postJson(
        `${harness.url}/v1/track`,
        { userId: 'u', event: 'E' },
        { authorization: `Basic ${Buffer.from('colonless').toString('base64')}` },
      )
    ).status,
    200,
  );
  const { body } = await getJson(`${harness.url}/__harness/requests`);
  const requests = body.requests as {
    seq: number;
    status?: number;
    injected: boolean;
    writeKey?: string;
    code?: string;
    path: string;
    at: string;
    realAt: string;
  }[];
  t.true(Math.abs(Date.parse(requests[0]?.realAt ?? '') - Date.now()) < 60_000, 'real time beside the fake clock');
  t.is(body.total, 4);
  t.deepEqual(
    requests.map((r) => r.seq),
    [4, 3, 2],
    'newest first, the oldest dropped past the capacity',
  );
  t.like(requests[0], {
    status: 200,
    injected: false,
    writeKey: 'colonless',
    path: '/v1/track',
    at: '2024-01-01T00:00:00.000Z',
  });
  t.is(requests[1]?.writeKey, undefined, 'a key in the body is not read back from the request log');
  t.like(requests[2], { injected: true, writeKey: 'client-a' });
  t.is(requests[2]?.status, undefined, 'a dropped connection has no status');
  const limited = await getJson(`${harness.url}/__harness/requests?limit=1`);
  t.deepEqual(
    (limited.body.requests as { seq: number }[]).map((r) => r.seq),
    [4],
  );
  const before = await getJson(`${harness.url}/__harness/requests?limit=0`);
  t.deepEqual(before.body.requests, []);
  const bad = await getJson(`${harness.url}/__harness/requests?limit=many`);
  t.is(bad.status, 400);
  t.regex(bad.body.message as string, /limit must be a whole number >= 0; received "many"/);
  const injected = await startHarness(t, { clock: 'fake' });
  injected.faults.add({ count: 1, status: 429, retryAfter: 2 });
  await postJson(`${injected.url}/v1/batch`, { batch: [] }, { authorization: basicAuth('k') });
  const { body: log } = await getJson(`${injected.url}/__harness/requests`);
  t.like((log.requests as object[])[0], { status: 429, code: 'INJECTED_FAULT', injected: true });
});

test('GET /__harness/events?q= searches the text of each entry, case-insensitively', async (t) => {
  const harness = await startHarness(t);
  await postJson(
    `${harness.url}/v1/batch`,
    {
      batch: [
        { type: 'track', userId: 'a', event: 'Needle In Haystack' },
        { type: 'track', userId: 'b', event: 'Hay' },
        { type: 'track', event: 'no user' },
      ],
    },
    { authorization: basicAuth('k') },
  );
  const found = await getJson(`${harness.url}/__harness/events?q=needle`);
  t.is(found.body.total, 1);
  t.is((found.body.events as { event: { userId: string } }[])[0]?.event.userId, 'a');
  t.is(
    (await getJson(`${harness.url}/__harness/events?q=NEEDS%20USERID&status=rejected`)).body.total,
    1,
    'the reason is searched too',
  );
  t.is((await getJson(`${harness.url}/__harness/events?q=hay&userId=b`)).body.total, 1);
  t.is((await getJson(`${harness.url}/__harness/events?q=`)).body.total, 3, 'an empty q filters nothing');
  t.is((await getJson(`${harness.url}/__harness/events?q=a&q=b`)).status, 400);
});

test('GET /__harness/deliveries filters by write key, type, message id and text, pages newest first', async (t) => {
  const harness = await startHarness(t, { clock: 'fake', transport: failing503, config: withWebhooks('a', 'b') });
  for (const [key, type, extra] of [
    ['a', 'track', { event: 'Red' }],
    ['a', 'identify', { traits: { colour: 'blue' } }],
    ['b', 'track', { event: 'Green' }],
  ] as const) {
    await postJson(
      `${harness.url}/v1/${type}`,
      { userId: 'u', messageId: `m-${key}-${type}`, ...extra },
      { authorization: basicAuth(key) },
    );
  }
  await harness.settled();
  const idOf = await deliveryIdNamer(harness.url);
  const list = async (query: string) =>
    (await getJson(`${harness.url}/__harness/deliveries?${query}`)).body as {
      total: number;
      deliveries: { id: string }[];
    };
  t.deepEqual(
    (await list('')).deliveries.map((d) => d.id),
    [idOf(3), idOf(2), idOf(1)],
  );
  t.is((await list('writeKey=a')).total, 2);
  t.deepEqual(
    (await list('type=track')).deliveries.map((d) => d.id),
    [idOf(3), idOf(1)],
  );
  t.deepEqual(
    (await list('messageId=m-a-identify')).deliveries.map((d) => d.id),
    [idOf(2)],
  );
  t.deepEqual(
    (await list('q=BLUE')).deliveries.map((d) => d.id),
    [idOf(2)],
    'the body is searched',
  );
  t.is((await list('q=503')).total, 3, 'attempt outcomes are searched');
  t.is((await list(`q=${idOf(1)}`)).total, 1);
  t.deepEqual(
    (await list('limit=1&offset=1')).deliveries.map((d) => d.id),
    [idOf(2)],
  );
  t.is((await list('limit=1&offset=1')).total, 3);
  t.is((await list('state=pending&writeKey=b')).total, 1);
  t.is((await list('state=delivered')).total, 0);
  t.is((await getJson(`${harness.url}/__harness/deliveries?type=a&type=b`)).status, 400);
  t.deepEqual(harness.dispatcher.counts(), { all: 3, pending: 3, delivered: 0, failed: 0, expired: 0 });
});

test('POST /__harness/clock/next-retry lands on the earliest retry and lets it run; advance steps through retries, settle or not', async (t) => {
  const attempts: number[] = [];
  const transport: WebhookTransport = () => {
    attempts.push(Date.now());
    return Promise.resolve({ kind: 'response', status: 503 });
  };
  const harness = await startHarness(t, { clock: 'fake', transport, config: withWebhooks('k') });
  const none = await postJson(`${harness.url}/__harness/clock/next-retry`, {});
  t.like(none.body, { fired: false, now: '2024-01-01T00:00:00.000Z' });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('k') });
  await harness.settled();
  const idOf = await deliveryIdNamer(harness.url);
  const due = harness.dispatcher.get(idOf(1)).nextAttemptAt as string;
  const next = await postJson(`${harness.url}/__harness/clock/next-retry`, {});
  t.like(next.body, { fired: true, retryAt: due, now: due });
  t.is(harness.dispatcher.get(idOf(1)).attempts.length, 2, 'the retry ran before the answer');
  const advanced = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 60_000 });
  t.is(advanced.status, 200);
  const afterMinute = harness.dispatcher.get(idOf(1));
  t.true(afterMinute.attempts.length >= 6, `${afterMinute.attempts.length} attempts in the first minute`);
  t.true(afterMinute.attempts.every((a) => a.status === 503));
  t.is(advanced.body.now, new Date(Date.parse(due) + 60_000).toISOString());
  t.is(attempts.length, afterMinute.attempts.length, 'the answer came once every attempt of the minute was recorded');
  // The old option changes nothing: the next minute, with settle false, is as true.
  const ignored = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 60_000, settle: false });
  t.is(ignored.status, 200);
  t.true(harness.dispatcher.get(idOf(1)).attempts.every((a) => a.status === 503));
});

test('next-retry and advance need the fake clock; runUntil on a system clock does nothing', async (t) => {
  const harness = await startHarness(t);
  t.is((await postJson(`${harness.url}/__harness/clock/next-retry`, {})).status, 409);
  t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1 })).status, 409);
  const before = harness.clock.now();
  await harness.dispatcher.runUntil(before + 60_000);
  t.true(harness.clock.now() - before < 60_000);
});
