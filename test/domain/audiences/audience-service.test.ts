import test from 'ava';
import fc from 'fast-check';
import { createFakeClock } from '../../../src/clock/index.js';
import {
  AudienceService,
  audienceComputationId,
  audienceTraitKey,
  computeMembership,
} from '../../../src/domain/audiences/index.js';
import type { OutgoingRequest } from '../../../src/domain/delivery/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { EventJournal } from '../../../src/domain/journal/index.js';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import { projectIdOf, RunSettings } from '../../../src/domain/sources/source-settings.js';
import { parseKsuid } from '../../../src/domain/collection/ksuid.js';
import { startReceiver } from '../../helpers/receiver.js';

test('the trait key is the name in snake_case', (t) => {
  t.is(audienceTraitKey('High Value Users'), 'high_value_users');
  t.is(audienceTraitKey('  --Churn Risk (30d)!! '), 'churn_risk_30d');
  t.is(audienceTraitKey('Café Lovers'), 'café_lovers');
  t.is(audienceTraitKey('already_snake'), 'already_snake');
});

test('first sync sends Identify {key: true} per member with context.personas; later syncs only changes', async (t) => {
  const receiver = await startReceiver(t);
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 2) });
  const sources = new SourceRegistry({
    sources: [
      { writeKey: 'a', destinations: { Webhooks: { sharedSecret: 's', webhooks: [{ url: receiver.url }] } } },
      { writeKey: 'silent' },
    ],
  });
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  const audiences = new AudienceService({ clock, sources, history: new EventJournal(), dispatcher });
  audiences.define('High Value Users', { members: ['u1', 'u2'] });
  const first = audiences.sync('High Value Users');
  await dispatcher.settled();
  t.true(first.first);
  t.deepEqual(first.changes, [
    { userId: 'u1', member: true },
    { userId: 'u2', member: true },
  ]);
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.deepEqual(
    bodies.map((b) => [b.type, b.version, b.userId, b.traits]),
    [
      ['identify', 1, 'u1', { high_value_users: true }],
      ['identify', 1, 'u2', { high_value_users: true }],
    ],
  );
  const personas = {
    computation_class: 'audience',
    computation_id: audienceComputationId('High Value Users'),
    computation_key: 'high_value_users',
    namespace: 'spa_eventharness',
    space_id: 'spa_eventharness',
  };
  t.deepEqual(bodies[0]?.context, { personas, library: { name: 'unknown', version: 'unknown' } });
  t.regex(personas.computation_id, /^aud_[A-Za-z0-9]{27}$/);
  t.not(audienceComputationId('Churners'), personas.computation_id, 'each audience has its own id');
  // As the real service forwards an Engage Identify: only the connected destination is named.
  t.deepEqual(bodies[0]?.integrations, { All: false, Webhooks: true });
  // As the public sample of an Engage identify shows one (enrich_with_traits at 8585954, src/tests/payload.ts):
  // "sentAt": null, "personas_" + a KSUID of the time, the source's projectId and writeKey.
  t.like(bodies[0], {
    channel: 'server',
    sentAt: null,
    projectId: projectIdOf({ writeKey: 'a' }),
    writeKey: 'a',
    receivedAt: '2024-01-02T00:00:00.000Z',
    originalTimestamp: '2024-01-02T00:00:00.000Z',
    timestamp: '2024-01-02T00:00:00.000Z',
  });
  t.regex(String(bodies[0]?.messageId), /^personas_[0-9A-Za-z]{27}$/);
  t.is(parseKsuid(String(bodies[0]?.messageId).slice('personas_'.length))?.epochMs, Date.UTC(2024, 0, 2));
  t.not(bodies[0]?.messageId, bodies[1]?.messageId);
  audiences.define('High Value Users', { members: ['u2', 'u3'] });
  const second = audiences.sync('High Value Users');
  t.false(second.first);
  t.deepEqual(second.changes, [
    { userId: 'u3', member: true },
    { userId: 'u1', member: false },
  ]);
  t.deepEqual(audiences.sync('High Value Users').changes, [], 'nothing changed, nothing sent');
  t.deepEqual(
    audiences.list().map((a) => [a.name, a.traitKey, a.synced]),
    [['High Value Users', 'high_value_users', true]],
  );
  t.throws(() => audiences.sync('Nope'), { code: 'AUDIENCE_NOT_FOUND' });
  t.throws(() => audiences.define('X', { members: 'u1' }), {
    code: 'CONTRACT_VIOLATION',
    message: /\/members must be of type array/,
  });
});

test('the space named in context.personas is a setting', async (t) => {
  const receiver = await startReceiver(t);
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 2) });
  const sources = new SourceRegistry({
    sources: [{ writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: receiver.url }] } } }],
  });
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  const audiences = new AudienceService({
    clock,
    sources,
    history: new EventJournal(),
    dispatcher,
    spaceId: 'spa_mine',
  });
  audiences.define('VIP', { members: ['u1'] });
  audiences.sync('VIP');
  await dispatcher.settled();
  const body = JSON.parse(receiver.requests[0]?.body ?? '{}') as { context: { personas: Record<string, string> } };
  t.like(body.context.personas, { namespace: 'spa_mine', space_id: 'spa_mine', computation_key: 'vip' });
});

test("each source's copy names that source (projectId, writeKey) with its payload version, else the run's", async (t) => {
  const receiver = await startReceiver(t);
  const clock = createFakeClock({ now: Date.UTC(2024, 0, 2) });
  const webhooks = { webhooks: [{ url: receiver.url }] };
  const sources = new SourceRegistry({
    sources: [
      { writeKey: 'one', projectId: 'proj_one', destinations: { Webhooks: webhooks } },
      { writeKey: 'two', payloadVersion: 1, destinations: { Webhooks: webhooks } },
    ],
  });
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  const settings = new RunSettings({ payloadVersion: 2 });
  const audiences = new AudienceService({ clock, sources, history: new EventJournal(), dispatcher, settings });
  audiences.define('VIP', { members: ['u1'] });
  audiences.sync('VIP');
  await dispatcher.settled();
  const bodies = receiver.requests.map((r) => JSON.parse(r.body) as Record<string, unknown>);
  t.deepEqual(bodies.map((b) => [b.writeKey, b.projectId, b.version]).sort(), [
    ['one', 'proj_one', 2],
    ['two', projectIdOf({ writeKey: 'two' }), 1],
  ]);
});

test('writeKeys limits the sources; an unknown or hook-less one is refused', (t) => {
  const clock = createFakeClock();
  const sources = new SourceRegistry({
    sources: [
      { writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'http://127.0.0.1:9/x' }] } } },
      { writeKey: 'plain' },
    ],
  });
  const dispatcher = new WebhookDispatcher({ clock, transport: async () => ({ kind: 'response', status: 200 }) });
  t.teardown(() => dispatcher.close());
  const audiences = new AudienceService({ clock, sources, history: new EventJournal(), dispatcher });
  audiences.define('A', { members: ['u'], writeKeys: ['a'] });
  t.is(audiences.sync('A').deliveryIds.length, 1);
  audiences.define('B', { members: ['u'], writeKeys: ['plain'] });
  t.throws(() => audiences.sync('B'), { code: 'UNKNOWN_SOURCE', message: /no enabled Webhooks destination/ });
  audiences.define('C', { members: ['u'], writeKeys: ['missing'] });
  t.throws(() => audiences.sync('C'), { code: 'UNKNOWN_SOURCE' });
});

test('rules compute membership from the journal: performed at least N times, latest trait equals', (t) => {
  const journal = new EventJournal();
  const track = (userId: string, event: string) => journal.record('accepted', 'a', { type: 'track', userId, event });
  track('u1', 'Order Completed');
  track('u1', 'Order Completed');
  track('u2', 'Order Completed');
  track('u3', 'Viewed');
  journal.record('rejected', 'a', { type: 'track', userId: 'u2', event: 'Order Completed' }, 'x');
  t.deepEqual(
    [...computeMembership({ name: 'P', rule: { performed: 'Order Completed', atLeast: 2 } }, journal)],
    ['u1'],
  );
  t.deepEqual([...computeMembership({ name: 'P', rule: { performed: 'Order Completed' } }, journal)].sort(), [
    'u1',
    'u2',
  ]);
  journal.record('accepted', 'a', { type: 'identify', userId: 'u1', traits: { plan: 'pro' } });
  journal.record('accepted', 'a', { type: 'identify', userId: 'u2', traits: { plan: 'pro' } });
  journal.record('accepted', 'a', { type: 'identify', userId: 'u2', traits: { plan: 'free' } });
  t.deepEqual([...computeMembership({ name: 'T', rule: { trait: 'plan', equals: 'pro' } }, journal)], ['u1']);
  t.deepEqual([...computeMembership({ name: 'E' }, journal)], []);
});

test('model-based property: a receiver rebuilding membership from Identify calls always matches the audience, and syncs send only changes', async (t) => {
  const userIds = ['u1', 'u2', 'u3', 'u4', 'u5'];
  const command = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), members: fc.subarray(userIds) }),
    fc.record({ kind: fc.constant('sync' as const) }),
  );
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 12 }), async (commands) => {
        const received: Record<string, unknown>[] = [];
        const transport = async (request: OutgoingRequest) => {
          received.push(JSON.parse(request.body) as Record<string, unknown>);
          return { kind: 'response' as const, status: 200 };
        };
        const clock = createFakeClock();
        const dispatcher = new WebhookDispatcher({ clock, transport });
        const sources = new SourceRegistry({
          sources: [{ writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'http://receiver.test/' }] } } }],
        });
        const audiences = new AudienceService({ clock, sources, history: new EventJournal(), dispatcher });
        let model = new Set<string>();
        let lastSynced: Set<string> | undefined;
        const rebuilt = new Map<string, boolean>();
        audiences.define('Model Audience', { members: [] });
        for (const c of commands) {
          if (c.kind === 'set') {
            model = new Set(c.members);
            audiences.define('Model Audience', { members: c.members });
            continue;
          }
          const before = received.length;
          audiences.sync('Model Audience');
          await dispatcher.settled();
          const sent = received
            .slice(before)
            .map((b) => [b.userId as string, (b.traits as Record<string, boolean>).model_audience] as const);
          for (const [userId, member] of sent) rebuilt.set(userId, member === true);
          // Only changes: every Identify flips (or, on the first sync, sets) that user's membership.
          const expectedChanged =
            lastSynced === undefined ? [...model] : userIds.filter((u) => model.has(u) !== lastSynced?.has(u));
          if (JSON.stringify(sent.map(([u]) => u).sort()) !== JSON.stringify([...expectedChanged].sort())) return false;
          lastSynced = new Set(model);
          const members = [...rebuilt]
            .filter(([, member]) => member)
            .map(([u]) => u)
            .sort();
          if (JSON.stringify(members) !== JSON.stringify([...model].sort())) return false;
        }
        dispatcher.close();
        return true;
      }),
      { numRuns: 100 },
    ),
  );
});
