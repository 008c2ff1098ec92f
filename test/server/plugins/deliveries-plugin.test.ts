import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { createServiceCore } from '../../../src/core/service-core.js';
import { AdminOperations } from '../../../src/core/admin/admin-operations.js';
import { adminFor } from '../../../src/server/run-routing.js';
import { deliveriesPlugin } from '../../../src/server/plugins/deliveries-plugin.js';
import { bareServer } from './plugin-test-server.js';

test('GET /deliveries lists newest first and filters by state; redeliver starts a new walk; bad queries are 400', async (t) => {
  const clock = createFakeClock();
  let status = 503;
  const core = createServiceCore({ clock, transport: async () => ({ kind: 'response', status }) });
  const dispatcher = core.dispatcher;
  t.teardown(() => dispatcher.close());
  const server = bareServer(t);
  await server.register({ plugin: deliveriesPlugin, options: { admin: adminFor(new AdminOperations(core)) } });
  const settings = { webhooks: [{ url: 'http://in-process.invalid/a' }] };
  const first = dispatcher.dispatchPayload({
    writeKey: 'k',
    settings,
    payload: { type: 'delete', userId: 'u1', timestamp: '2024-01-01T00:00:00.000Z' },
  });
  status = 404;
  const second = dispatcher.dispatchPayload({
    writeKey: 'k',
    settings,
    payload: { type: 'delete', userId: 'u2', timestamp: '2024-01-01T00:00:00.000Z' },
  });
  await dispatcher.settled();

  const all = await server.inject({ method: 'GET', url: '/__harness/deliveries' });
  const listed = all.result as { total: number; deliveries: { id: string; state: string }[] };
  t.is(listed.total, 2);
  t.deepEqual(
    listed.deliveries.map((d) => [d.id, d.state]),
    [
      [second.id, 'failed'],
      [first.id, 'pending'],
    ],
  );
  const pending = (await server.inject({ method: 'GET', url: '/__harness/deliveries?state=pending&limit=5' }))
    .result as { deliveries: { id: string }[] };
  t.deepEqual(
    pending.deliveries.map((d) => d.id),
    [first.id],
  );
  const paged = (await server.inject({ method: 'GET', url: '/__harness/deliveries?offset=1&limit=1' })).result as {
    deliveries: { id: string }[];
  };
  t.deepEqual(
    paged.deliveries.map((d) => d.id),
    [first.id],
  );

  // Beyond DESIGN's list: the exact request sent and, while pending, when the next attempt is due.
  const detail = (await server.inject({ method: 'GET', url: `/__harness/deliveries/${first.id}` })).result as {
    createdAt: string;
    nextAttemptAt?: string;
    request: { body: string; headers: Record<string, string> };
  };
  t.is(detail.request.body, '{"type":"delete","userId":"u1","timestamp":"2024-01-01T00:00:00.000Z"}');
  t.is(detail.request.headers['Content-Type'], 'application/json');
  t.is(detail.createdAt, new Date(clock.now()).toISOString());
  t.true(Date.parse(detail.nextAttemptAt ?? '') > clock.now());

  status = 200;
  const redelivered = await server.inject({ method: 'POST', url: `/__harness/deliveries/${second.id}/redeliver` });
  t.is(redelivered.statusCode, 200);
  await dispatcher.settled();
  const one = (await server.inject({ method: 'GET', url: `/__harness/deliveries/${second.id}` })).result as {
    state: string;
    attempts: { status?: number }[];
  };
  t.is(one.state, 'delivered');
  t.deepEqual(
    one.attempts.map((a) => a.status),
    [404, 200],
  );

  const badState = await server.inject({ method: 'GET', url: '/__harness/deliveries?state=lost' });
  t.is(badState.statusCode, 400);
  t.regex(badState.payload, /INVALID_REQUEST|state must be one of/);
  const badLimit = await server.inject({ method: 'GET', url: '/__harness/deliveries?limit=-1' });
  t.is(badLimit.statusCode, 400);
  const missing = await server.inject({ method: 'POST', url: '/__harness/deliveries/d_999/redeliver' });
  t.is(missing.statusCode, 400);
  t.regex(missing.payload, /d_999/);
});
