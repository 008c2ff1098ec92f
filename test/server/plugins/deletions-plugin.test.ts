import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { DeletionService } from '../../../src/domain/deletions/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { deletionsPlugin } from '../../../src/server/plugins/deletions-plugin.js';
import { bareServer } from './plugin-test-server.js';

test('POST /deletions sends one delete per user to each affected source and lists the notices; a bad body is refused', async (t) => {
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 2) });
  const sent: string[] = [];
  const dispatcher = new WebhookDispatcher({ clock, transport: async (request) => (sent.push(request.body), { kind: 'response', status: 200 }) });
  t.teardown(() => dispatcher.close());
  const source = { writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'http://in-process.invalid/a' }] } } };
  const sources = { list: () => [source], get: (key: string) => (key === 'a' ? source : undefined) };
  const history = { writeKeysForUser: (userId: string) => (userId === 'jane' ? ['a'] : []), acceptedEvents: () => [] };
  const deletions = new DeletionService({ clock, sources, history, dispatcher });
  const server = bareServer(t);
  await server.register({ plugin: deletionsPlugin, options: { deletions } });

  const response = await server.inject({ method: 'POST', url: '/__harness/deletions', payload: { userIds: ['jane', 'nobody'] } });
  t.is(response.statusCode, 200);
  const result = response.result as { success: boolean; notifications: { userId: string; writeKey: string }[] };
  t.true(result.success);
  t.deepEqual(result.notifications.map((n) => [n.userId, n.writeKey]), [['jane', 'a']]);
  await dispatcher.settled();
  t.deepEqual(sent.map((body) => JSON.parse(body) as unknown), [{ type: 'delete', userId: 'jane', timestamp: '2024-01-02T00:00:00.000Z' }]);

  const bad = await server.inject({ method: 'POST', url: '/__harness/deletions', payload: { userIds: 'jane' } });
  t.is(bad.statusCode, 400);
  t.is((JSON.parse(bad.payload) as { success: boolean }).success, false);
});
