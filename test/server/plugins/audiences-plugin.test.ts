import test from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { AdminOperations } from '../../../src/core/admin/admin-operations.js';
import { audiencesPlugin } from '../../../src/server/plugins/audiences-plugin.js';
import { adminFor } from '../../../src/server/run-routing.js';
import { bareServer } from './plugin-test-server.js';

test('PUT /audiences/{name} defines, POST .../sync sends Identify calls (first all, then only changes), GET lists', async (t) => {
  const sent: Record<string, unknown>[] = [];
  const core = createServiceCore({
    clock: 'fake',
    config: {
      sources: [{ writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'http://in-process.invalid/a' }] } } }],
    },
    transport: async (request) => {
      sent.push(JSON.parse(request.body) as Record<string, unknown>);
      return { kind: 'response', status: 200 };
    },
  });
  const dispatcher = core.dispatcher;
  t.teardown(() => dispatcher.close());
  const server = bareServer(t);
  await server.register({ plugin: audiencesPlugin, options: { admin: adminFor(new AdminOperations(core)) } });

  t.is(
    (
      await server.inject({
        method: 'PUT',
        url: '/__harness/audiences/Big Spenders',
        payload: { members: ['u1', 'u2'] },
      })
    ).statusCode,
    200,
  );
  const first = (await server.inject({ method: 'POST', url: '/__harness/audiences/Big Spenders/sync' })).result as {
    traitKey: string;
    first: boolean;
    changes: unknown[];
  };
  t.is(first.traitKey, 'big_spenders');
  t.true(first.first);
  await server.inject({ method: 'PUT', url: '/__harness/audiences/Big Spenders', payload: { members: ['u2', 'u3'] } });
  const later = (await server.inject({ method: 'POST', url: '/__harness/audiences/Big Spenders/sync' })).result as {
    first: boolean;
    changes: unknown[];
  };
  t.false(later.first);
  t.deepEqual(later.changes, [
    { userId: 'u3', member: true },
    { userId: 'u1', member: false },
  ]);
  await dispatcher.settled();
  t.deepEqual(
    sent.map((p) => [p.userId, (p.traits as Record<string, boolean>).big_spenders]),
    [
      ['u1', true],
      ['u2', true],
      ['u3', true],
      ['u1', false],
    ],
  );
  const listed = (await server.inject({ method: 'GET', url: '/__harness/audiences' })).result as {
    audiences: { name: string; synced: boolean }[];
  };
  t.deepEqual(
    listed.audiences.map((a) => [a.name, a.synced]),
    [['Big Spenders', true]],
  );

  const bad = await server.inject({ method: 'PUT', url: '/__harness/audiences/x', payload: { members: 'u1' } });
  t.is(bad.statusCode, 400);
  const unknown = await server.inject({ method: 'POST', url: '/__harness/audiences/nope/sync' });
  t.is(unknown.statusCode, 400);
  t.regex(unknown.payload, /nope/);
});

test('PUT /audiences/{name} refuses {} and members with rule, saying which', async (t) => {
  const { createHarness } = await import('../../../src/harness/create-harness.js');
  const harness = await createHarness({ listen: false });
  t.teardown(() => harness.stop());
  for (const [payload, said] of [
    [{}, 'neither'],
    [{ members: ['u1'], rule: { performed: 'Bought' } }, 'both'],
  ] as const) {
    const response = await harness.inject({
      method: 'PUT',
      url: '/__harness/audiences/vip',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    t.is(response.statusCode, 400);
    t.regex(response.payload, new RegExp(`exactly one of members .* or rule .*; received ${said}`));
  }
  t.is(
    (
      await harness.inject({
        method: 'PUT',
        url: '/__harness/audiences/vip',
        headers: { 'content-type': 'application/json' },
        payload: '{"members":[]}',
      })
    ).statusCode,
    200,
  );
  t.deepEqual(
    harness.audiences.list().map((a) => a.name),
    ['vip'],
  );
});
