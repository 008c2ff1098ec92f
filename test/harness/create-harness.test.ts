import test from 'ava';
import { SAMPLE_SECRET } from '../../src/harness/create-harness.js';
import { isFakeClock } from '../../src/clock/clock.js';
import { signPayload } from '../../src/domain/signing/index.js';
import { basicAuth, getJson, postJson, startHarness } from '../helpers/harness.js';
import { startReceiver } from '../helpers/receiver.js';

const HOUR = 3_600_000;

test("end to end: an event sent to the collection API is delivered, signed, to the source's webhook", async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, {
    config: {
      sources: [
        { writeKey: 'wk', destinations: { Webhooks: { sharedSecret: 'k', webhooks: [{ url: receiver.url }] } } },
      ],
    },
  });
  t.is(
    (
      await postJson(
        `${harness.url}/v1/batch`,
        { batch: [{ type: 'group', userId: 'u1', groupId: 'g1', traits: { 'total billed': 830 } }] },
        { authorization: basicAuth('wk') },
      )
    ).status,
    200,
  );
  await harness.settled();
  const [request] = receiver.requests;
  const payload = JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
  t.is(payload.version, 1);
  t.deepEqual(payload.traits, { 'total billed': 830 });
  t.is(request?.headers['x-signature'] as string | undefined, signPayload('k', request?.body ?? ''));
  const deliveries = await getJson(`${harness.url}/__harness/deliveries`);
  t.is(deliveries.body.total, 1);
  const [delivery] = deliveries.body.deliveries as { id: string; state: string; messageId: string }[];
  t.is(delivery?.state, 'delivered');
  t.is(delivery?.messageId, payload.messageId as string);
  const one = await getJson(`${harness.url}/__harness/deliveries/${delivery?.id ?? ''}`);
  t.is((one.body.request as { body: string }).body, request?.body ?? '');
});

test('on the fake clock, the admin API drives retries to expiry and redelivers', async (t) => {
  let healthy = false;
  const receiver = await startReceiver(t, () => ({ status: healthy ? 200 : 500 }));
  const harness = await startHarness(t, {
    clock: 'fake',
    config: { sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }] },
  });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('wk') });
  await harness.settled();
  const pending = await getJson(`${harness.url}/__harness/deliveries?state=pending`);
  t.is(pending.body.total, 1);
  t.is(
    (await postJson(`${harness.url}/__harness/clock/run-until-idle`, {})).body.now,
    new Date(Date.UTC(2024, 0, 1) + 4 * HOUR).toISOString(),
  );
  const expired = await getJson(`${harness.url}/__harness/deliveries?state=expired`);
  const [record] = expired.body.deliveries as { id: string; attempts: unknown[] }[];
  t.true((record?.attempts.length ?? 0) > 5);
  healthy = true;
  const redelivered = await postJson(`${harness.url}/__harness/deliveries/${record?.id ?? ''}/redeliver`, {});
  t.is(redelivered.status, 200);
  await harness.settled();
  t.is((await getJson(`${harness.url}/__harness/deliveries?state=delivered&limit=1&offset=0`)).body.total, 1);
  t.is((await getJson(`${harness.url}/__harness/deliveries?state=lost`)).status, 400);
  t.is((await getJson(`${harness.url}/__harness/deliveries?limit=x`)).status, 400);
  const missing = await getJson(`${harness.url}/__harness/deliveries/d_999`);
  t.deepEqual([missing.status, missing.body.code], [404, 'DELIVERY_NOT_FOUND']);
});

test('deletions and audiences over the admin API reach the webhook', async (t) => {
  const receiver = await startReceiver(t);
  const harness = await startHarness(t, {
    config: { sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }] },
  });
  await postJson(
    `${harness.url}/v1/identify`,
    { userId: 'jane', traits: { plan: 'pro' } },
    { authorization: basicAuth('wk') },
  );
  await harness.settled();
  const deletion = await postJson(`${harness.url}/__harness/deletions`, { userIds: ['jane'] });
  t.is(deletion.status, 200);
  t.deepEqual(
    (deletion.body.notifications as { userId: string }[]).map((n) => n.userId),
    ['jane'],
  );
  const badDeletion = await postJson(`${harness.url}/__harness/deletions`, { userIds: 'jane' });
  t.is(badDeletion.status, 400);
  t.regex(String(badDeletion.body.message), /\/userIds must be of type array/);
  t.is(
    (
      await fetch(`${harness.url}/__harness/audiences/Pro%20Users`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rule: { trait: 'plan', equals: 'pro' } }),
      })
    ).status,
    200,
  );
  const synced = await postJson(`${harness.url}/__harness/audiences/Pro%20Users/sync`, {});
  t.deepEqual(synced.body.changes, [{ userId: 'jane', member: true }]);
  t.is(((await getJson(`${harness.url}/__harness/audiences`)).body.audiences as unknown[]).length, 1);
  t.is((await postJson(`${harness.url}/__harness/audiences/Nobody/sync`, {})).status, 404);
  await harness.settled();
  t.deepEqual(
    receiver.requests.map((r) => (JSON.parse(r.body) as { type: string }).type),
    ['identify', 'delete', 'identify'],
  );
});

test('the sample receiver verifies signatures and refuses bad ones', async (t) => {
  const harness = await startHarness(t, { sampleReceiver: true });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'Hello' }, { authorization: basicAuth('fresh') });
  await harness.settled();
  const body = '{"type":"track"}';
  t.is(
    (
      await postJson(`${harness.url}/__harness/sample-receiver`, body, {
        'x-signature': signPayload(SAMPLE_SECRET, body),
      })
    ).status,
    200,
  );
  const forged = await postJson(`${harness.url}/__harness/sample-receiver`, body, { 'x-signature': '0'.repeat(40) });
  t.deepEqual([forged.status, forged.body.signatureValid], [401, false]);
  t.is(
    (
      await fetch(`${harness.url}/__harness/sample-receiver`, {
        method: 'POST',
        body: 'not json',
        headers: { 'content-type': 'text/plain' },
      })
    ).status,
    401,
  );
  const listed = await getJson(`${harness.url}/__harness/sample-receiver`);
  const received = listed.body.received as { signatureValid: boolean; body: { event?: string } }[];
  t.is(received[0]?.body.event, 'Hello');
  t.deepEqual(
    received.map((r) => r.signatureValid),
    [true, true, false, false],
  );
});

test('reset forgets deliveries and audiences too', async (t) => {
  const harness = await startHarness(t, {
    clock: 'fake',
    config: {
      sources: [{ writeKey: 'wk', destinations: { Webhooks: { webhooks: [{ url: 'http://127.0.0.1:9/closed' }] } } }],
    },
  });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('wk') });
  await harness.settled();
  harness.audiences.define('A', { members: ['u'] });
  t.is(harness.dispatcher.list().length, 1);
  await postJson(`${harness.url}/__harness/reset`, {});
  t.deepEqual(harness.dispatcher.list(), []);
  t.deepEqual(harness.audiences.list(), []);
  t.deepEqual(
    harness.sources.list().map((s) => s.writeKey),
    ['wk'],
  );
  t.is((await postJson(`${harness.url}/__harness/clock/next`, {})).body.fired, false);
});

test('createHarness(): a free port and its url, the clock, journal waitFor over real arrivals, and stop closes the port', async (t) => {
  const { createHarness } = await import('../../src/harness/create-harness.js');
  const { isFakeClock } = await import('../../src/clock/index.js');
  const harness = await createHarness({ clock: 'fake' });
  t.teardown(() => harness.stop());
  t.true(harness.port > 0);
  t.is(harness.url, `http://127.0.0.1:${harness.port}`);
  t.true(isFakeClock(harness.clock));
  t.is(harness.clock.now(), Date.UTC(2024, 0, 1));
  const arrival = harness.journal.waitFor({ userId: 'waited-for' }, { timeout: 5_000 });
  t.is(
    (await postJson(`${harness.url}/v1/identify`, { userId: 'waited-for' }, { authorization: basicAuth('wk') })).status,
    200,
  );
  const entry = await arrival;
  t.deepEqual(
    [entry.status, entry.writeKey, entry.event.type, entry.event.receivedAt],
    ['accepted', 'wk', 'identify', '2024-01-01T00:00:00.000Z'],
  );
  await harness.stop();
  await t.throwsAsync(fetch(`${harness.url}/__harness/health`), undefined, 'nothing listens after stop()');
  const second = await createHarness();
  t.teardown(() => second.stop());
  t.not(second.port, 0);
  t.is(second.clock.mode, 'system');
});

test('harness.runs makes runs in process: each with its own clock and journal, reached over HTTP by its write key', async (t) => {
  const harness = await startHarness(t, { clock: 'fake' });
  const run = await harness.runs.create({ clock: 'fake', name: 'in process' });
  t.is(harness.runs.get(run.id), run);
  const key = run.writeKeys[0] ?? '';
  t.is(
    (await postJson(`${harness.url}/v1/track`, { event: 'E', userId: 'u' }, { authorization: basicAuth(key) })).status,
    200,
  );
  t.is(run.core.journal.counts().all, 1);
  t.is(harness.journal.counts().all, 0, 'the default run (harness.journal) saw nothing');
  const runClock = run.core.clock;
  if (!isFakeClock(runClock)) return t.fail('the run asked for a fake clock');
  await runClock.advance(HOUR);
  t.is(run.core.clock.now() - harness.clock.now(), HOUR, "the run's fake clock moved alone");
  t.is((await getJson(`${harness.url}/__harness/runs/${run.id}/events`)).body.total, 1);
  t.true(await harness.runs.delete(run.id));
  t.is((await getJson(`${harness.url}/__harness/runs/${run.id}/events`)).status, 404);
});
