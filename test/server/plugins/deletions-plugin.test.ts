import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { createServiceCore } from '../../../src/core/service-core.js';
import { AdminOperations } from '../../../src/core/admin/admin-operations.js';
import { adminFor } from '../../../src/server/run-routing.js';
import { deletionsPlugin } from '../../../src/server/plugins/deletions-plugin.js';
import { bareServer } from './plugin-test-server.js';

test('POST /deletions sends one delete per user to each affected source and lists the notices; a bad body is refused', async (t) => {
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 2) });
  const sent: string[] = [];
  const core = createServiceCore({
    clock,
    config: {
      sources: [{ writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'http://in-process.invalid/a' }] } } }],
    },
    transport: async (request) => {
      sent.push(request.body);
      return { kind: 'response', status: 200 };
    },
  });
  const dispatcher = core.dispatcher;
  t.teardown(() => dispatcher.close());
  // Jane sent events through source a; nobody sent none.
  core.journal.record('accepted', 'a', { type: 'identify', userId: 'jane', messageId: 'm1' });
  const server = bareServer(t);
  await server.register({ plugin: deletionsPlugin, options: { admin: adminFor(new AdminOperations(core)) } });

  const response = await server.inject({
    method: 'POST',
    url: '/__harness/deletions',
    payload: { userIds: ['jane', 'nobody'] },
  });
  t.is(response.statusCode, 200);
  const result = response.result as { success: boolean; notifications: { userId: string; writeKey: string }[] };
  t.true(result.success);
  t.deepEqual(
    result.notifications.map((n) => [n.userId, n.writeKey]),
    [['jane', 'a']],
  );
  await dispatcher.settled();
  t.deepEqual(
    sent.map((body) => JSON.parse(body) as unknown),
    [{ type: 'delete', userId: 'jane', timestamp: '2024-01-02T00:00:00.000Z' }],
  );

  const bad = await server.inject({ method: 'POST', url: '/__harness/deletions', payload: { userIds: 'jane' } });
  t.is(bad.statusCode, 400);
  t.is((JSON.parse(bad.payload) as { success: boolean }).success, false);
});
