// The admin operations on the core, without any adapter: what each answers and what each refuses.
import test from 'ava';
import { createServiceCore } from '../../../src/core/service-core.js';
import { AdminOperations } from '../../../src/core/admin/admin-operations.js';
import { ClockNotFakeError, ClockOutOfRangeError } from '../../../src/errors/clock-errors.js';
import { InvalidRequestError } from '../../../src/errors/admin-errors.js';
import type { WebhookTransport } from '../../../src/domain/delivery/http-transport.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

test('clock operations move the fake clock and refuse on the system clock or past year 9999', async (t) => {
  const core = createServiceCore({ clock: 'fake' });
  const admin = new AdminOperations(core);
  t.deepEqual(admin.clock(), { mode: 'fake', now: '2024-01-01T00:00:00.000Z', epochMs: Date.UTC(2024, 0, 1) });
  t.is((await admin.advanceClock({ ms: 1_500 })).now, '2024-01-01T00:00:01.500Z');
  await t.throwsAsync(admin.advanceClock({ ms: 1e308 }), {
    instanceOf: ClockOutOfRangeError,
    message: /would move the clock past 9999-12-31/,
  });
  t.like(await admin.nextTimer(), { fired: false });
  t.like(await admin.nextRetry(), { fired: false });
  const system = new AdminOperations(createServiceCore());
  await t.throwsAsync(system.advanceClock({ ms: 1 }), { instanceOf: ClockNotFakeError });
  await t.throwsAsync(system.runUntilIdle(), { instanceOf: ClockNotFakeError });
});

test('faults, reset and the request log; reset calls onReset and keeps the request log', async (t) => {
  const core = createServiceCore({ clock: 'fake' });
  let resets = 0;
  const admin = new AdminOperations(core, { onReset: () => resets++ });
  t.deepEqual((await admin.addFault({ count: 2, status: 503 })).faults, [{ fault: { status: 503 }, remaining: 2 }]);
  core.collection.handle({
    route: 'track',
    headers: { authorization: basic('k') },
    body: '{"userId":"u","event":"E"}',
  });
  core.requests.record({
    method: 'POST',
    path: '/v1/track',
    headers: {},
    status: 200,
    code: undefined,
    receivedAt: 1,
    respondedAt: 2,
  });
  t.like(admin.health(), { ok: true, clock: 'fake', events: 1 });
  t.is(admin.events({ writeKey: 'k' }).total, 1);
  t.deepEqual(admin.reset(), { success: true });
  t.is(resets, 1);
  t.deepEqual((await admin.faults()).faults, []);
  t.is(admin.health().events, 0);
  t.is(admin.requests(10).total, 1, 'the request log is a log of the wire: a reset keeps it');
});

test('deliveries are shown redacted; an audience needs exactly one of members or rule', async (t) => {
  const transport: WebhookTransport = async () => ({ kind: 'response', status: 200 });
  const config = {
    sources: [
      {
        writeKey: 'k',
        destinations: {
          Webhooks: {
            webhooks: [
              { url: 'http://user:hunter2@in-process.invalid/hook', headers: { 'X-Api-Key': 'secret-value' } },
            ],
          },
        },
      },
    ],
  };
  const core = createServiceCore({ clock: 'fake', config, transport });
  t.teardown(() => core.dispatcher.close());
  const admin = new AdminOperations(core);
  core.collection.handle({
    route: 'track',
    headers: { authorization: basic('k') },
    body: '{"userId":"u","event":"E"}',
  });
  await core.dispatcher.settled();
  const shown = JSON.stringify(admin.deliveries({}));
  t.false(shown.includes('hunter2'));
  t.false(shown.includes('secret-value'));
  t.is(admin.delivery('d_1').state, 'delivered');
  t.false(JSON.stringify([...admin.exportLines()]).includes('hunter2'), 'the export is redacted too');
  t.throws(() => admin.defineAudience('vip', { members: ['u'], rule: {} }), {
    instanceOf: InvalidRequestError,
    message: /exactly one of members .* or rule .*; received both/,
  });
  t.like(admin.defineAudience('vip', { members: ['u'] }), { success: true });
});
