// The dispatcher, deletions and audiences as an embedder reaches them: createHarness() on the fake clock,
// its JavaScript API and the admin API's clock/advance, against a real receiver on loopback.
import test from 'ava';
import { basicAuth, getJson, postJson, startHarness } from '../../helpers/harness.js';
import { startReceiver } from '../../helpers/receiver.js';

const source = (url: string) => ({
  sources: [{ writeKey: 'wk', destinations: { Webhooks: { sharedSecret: 'k', webhooks: [{ url }] } } }],
});

test('POST /__harness/clock/advance fires a due retry and not before: the delivery moves only with virtual time', async (t) => {
  const receiver = await startReceiver(t, (_r, i) => ({ status: i === 0 ? 503 : 200 }));
  const harness = await startHarness(t, { clock: 'fake', config: source(receiver.url) });
  await postJson(`${harness.url}/v1/track`, { userId: 'u', event: 'E' }, { authorization: basicAuth('wk') });
  await harness.settled();
  const [pending] = (await getJson(`${harness.url}/__harness/deliveries?state=pending`)).body.deliveries as {
    id: string;
    nextAttemptAt: string;
  }[];
  t.truthy(pending?.nextAttemptAt);
  const waitMs = Date.parse(pending?.nextAttemptAt ?? '') - harness.clock.now();
  t.true(waitMs > 0);
  await postJson(`${harness.url}/__harness/clock/advance`, { ms: waitMs - 1 });
  await harness.settled();
  t.is(receiver.requests.length, 1, 'not due yet');
  const advanced = await postJson(`${harness.url}/__harness/clock/advance`, { ms: 1 });
  t.is(advanced.body.now, pending?.nextAttemptAt);
  await harness.settled();
  t.is(receiver.requests.length, 2);
  const delivered = await getJson(`${harness.url}/__harness/deliveries/${pending?.id ?? ''}`);
  t.is(delivered.body.state, 'delivered');
  t.deepEqual(
    (delivered.body.attempts as { status: number }[]).map((a) => a.status),
    [503, 200],
  );
  t.is((await postJson(`${harness.url}/__harness/clock/advance`, { ms: -5 })).status, 400);
});

test('the embedding API: deletions.request and audiences.define/sync reach the receiver; runUntilIdle drives retries to expiry', async (t) => {
  let failing = false;
  const receiver = await startReceiver(t, () => ({ status: failing ? 500 : 200 }));
  const harness = await startHarness(t, { clock: 'fake', config: source(receiver.url) });
  await postJson(
    `${harness.url}/v1/identify`,
    { userId: 'jane', traits: { plan: 'pro' } },
    { authorization: basicAuth('wk') },
  );
  await harness.settled();

  const notices = harness.deletions.request({ userIds: ['jane'] });
  t.deepEqual(
    notices.map((n) => [n.userId, n.writeKey]),
    [['jane', 'wk']],
  );
  harness.audiences.define('Pro Users', { rule: { trait: 'plan', equals: 'pro' } });
  const first = harness.audiences.sync('Pro Users');
  t.deepEqual(first.changes, [{ userId: 'jane', member: true }]);
  await harness.settled();
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.is(bodies[0]?.type, 'identify');
  // The notice and the audience call are two deliveries started together: with the PostgreSQL store each first
  // claims its walk in the database, so either may reach the receiver first.
  const later = bodies.slice(1);
  t.deepEqual(later.map((b) => b.type).sort(), ['delete', 'identify']);
  t.deepEqual(
    later.find((b) => b.type === 'delete'),
    { type: 'delete', userId: 'jane', timestamp: '2024-01-01T00:00:00.000Z' },
  );
  t.deepEqual(later.find((b) => b.type === 'identify')?.traits, { pro_users: true });

  failing = true;
  harness.audiences.define('Pro Users', { members: [] });
  const left = harness.audiences.sync('Pro Users');
  t.deepEqual(left.changes, [{ userId: 'jane', member: false }]);
  await harness.runUntilIdle();
  const record = harness.dispatcher.get(left.deliveryIds[0] ?? '');
  t.is(record.state, 'expired');
  t.is(Date.parse(record.attempts.at(-1)?.at ?? '') - Date.parse(record.attempts[0]?.at ?? ''), 4 * 3_600_000);
});
