import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { DeletionService } from '../../../src/domain/deletions/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { EventJournal } from '../../../src/domain/journal/index.js';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import { startReceiver } from '../../helpers/receiver.js';

test('one delete notification per user to each affected source with Webhooks enabled; payload has only type, userId, timestamp', async (t) => {
  const receiverA = await startReceiver(t);
  const receiverB = await startReceiver(t);
  const clock = createFakeClock({ now: Date.UTC(2024, 4, 1) });
  const sources = new SourceRegistry({
    sources: [
      { writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: receiverA.url }] } } },
      { writeKey: 'b', destinations: { Webhooks: { webhooks: [{ url: receiverB.url }] } } },
      { writeKey: 'no-hooks' },
      { writeKey: 'disabled', destinations: { Webhooks: { enabled: false, webhooks: [{ url: receiverB.url }] } } },
    ],
  });
  const journal = new EventJournal();
  journal.record('accepted', 'a', { type: 'track', userId: 'jane', event: 'x' });
  journal.record('accepted', 'a', { type: 'identify', userId: 'jane' });
  journal.record('accepted', 'no-hooks', { type: 'track', userId: 'jane', event: 'x' });
  journal.record('accepted', 'disabled', { type: 'track', userId: 'jane', event: 'x' });
  journal.record('rejected', 'b', { type: 'track', userId: 'jane' }, 'bad');
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  const deletions = new DeletionService({ clock, sources, history: journal, dispatcher });

  const notices = deletions.request({ userIds: ['jane', 'jane', 'ghost'], writeKeys: ['b'] });
  await dispatcher.settled();
  t.deepEqual(
    notices.map((n) => [n.userId, n.writeKey]),
    [
      ['jane', 'a'],
      ['jane', 'b'],
      ['ghost', 'b'],
    ],
  );
  t.deepEqual(
    receiverA.requests.map((r) => JSON.parse(r.body) as unknown),
    [{ type: 'delete', userId: 'jane', timestamp: '2024-05-01T00:00:00.000Z' }],
  );
  t.deepEqual(receiverB.requests.map((r) => (JSON.parse(r.body) as { userId: string }).userId).sort(), [
    'ghost',
    'jane',
  ]);
  t.false(receiverA.requests[0]?.body.includes('version'));
  t.deepEqual(
    dispatcher.list().map((d) => d.type),
    ['delete', 'delete', 'delete'],
  );
});

test('bad requests are refused naming what is wrong; unknown named sources too', (t) => {
  const clock = createFakeClock();
  const dispatcher = new WebhookDispatcher({ clock });
  t.teardown(() => dispatcher.close());
  const deletions = new DeletionService({
    clock,
    sources: new SourceRegistry({ sources: [{ writeKey: 'a' }] }),
    history: new EventJournal(),
    dispatcher,
  });
  t.throws(() => deletions.request({ userIds: [] }), {
    code: 'CONTRACT_VIOLATION',
    message: /\/userIds must NOT have fewer than 1 items/,
  });
  t.throws(() => deletions.request({ users: ['x'] }), { message: /\/userIds is required/ });
  t.throws(() => deletions.request({ userIds: ['x'], writeKeys: ['zzz'] }), {
    code: 'UNKNOWN_SOURCE',
    message: /"zzz"/,
  });
  t.deepEqual(
    deletions.request({ userIds: ['x'], writeKeys: ['a'] }),
    [],
    'a named source without Webhooks gets nothing',
  );
});

test('the service sends through its PayloadSender port: any implementation will do, no dispatcher needed', (t) => {
  const clock = createFakeClock({ now: Date.UTC(2024, 4, 1) });
  const sources = new SourceRegistry({
    sources: [{ writeKey: 'a', destinations: { Webhooks: { webhooks: [{ url: 'https://a.test/hook' }] } } }],
  });
  const sent: unknown[] = [];
  const sender = {
    dispatchPayload(input: unknown) {
      sent.push(input);
      return { id: `sent-${sent.length}` };
    },
  };
  const deletions = new DeletionService({ clock, sources, history: new EventJournal(), dispatcher: sender });
  const notices = deletions.request({ userIds: ['jane'], writeKeys: ['a'] });
  t.deepEqual(notices, [{ userId: 'jane', writeKey: 'a', deliveryId: 'sent-1' }]);
  t.like(sent[0], {
    writeKey: 'a',
    payload: { type: 'delete', userId: 'jane', timestamp: '2024-05-01T00:00:00.000Z' },
  });
});
