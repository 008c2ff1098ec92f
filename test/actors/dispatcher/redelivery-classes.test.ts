import test from 'ava';
import { createFakeClock } from '../../../src/clock/index.js';
import { WebhookDispatcher } from '../../../src/actors/dispatcher/index.js';
import { classifyActionsOutcome, type WebhookTransport } from '../../../src/domain/delivery/index.js';

// 501 is retried by the classic Webhooks classes (any 5xx) and permanent for Webhooks (Actions).
const answers501: WebhookTransport = async () => ({ kind: 'response', status: 501 });

test('a redelivered Webhooks (Actions) delivery follows its kind’s retry classes: 501 fails again, not retried', async (t) => {
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock(), transport: answers501 });
  t.teardown(() => dispatcher.close());
  const request = {
    writeKey: 'wk',
    type: 'track',
    messageId: 'm-1',
    body: '{}',
    targets: [{ url: 'http://receiver.test/a', headers: {} }],
    timeoutMs: 10_000,
  };
  const actions = dispatcher.dispatchRequest({
    ...request,
    destination: 'Webhooks (Actions)',
    classify: classifyActionsOutcome,
  });
  await dispatcher.settled();
  t.is(dispatcher.get(actions.id).state, 'failed');
  dispatcher.redeliver(actions.id);
  await dispatcher.settled();
  t.like(dispatcher.get(actions.id), { state: 'failed' });
  t.is(dispatcher.get(actions.id).attempts.length, 2);
  t.is(dispatcher.nextRetryAt(), undefined);
});

test('a redelivered classic Webhooks delivery follows the classic classes: 501 is retried', async (t) => {
  const dispatcher = new WebhookDispatcher({ clock: createFakeClock(), transport: answers501 });
  t.teardown(() => dispatcher.close());
  const view = dispatcher.dispatchEvent({
    writeKey: 'wk',
    settings: { webhooks: [{ url: 'http://receiver.test/a' }] },
    event: { type: 'track', userId: 'u', event: 'E' },
  });
  await dispatcher.settled();
  const id = view?.id ?? '';
  t.is(dispatcher.get(id).state, 'pending');
  t.not(dispatcher.nextRetryAt(), undefined);
  dispatcher.redeliver(id);
  await dispatcher.settled();
  t.like(dispatcher.get(id), { state: 'pending' });
  t.is(dispatcher.get(id).attempts.length, 2);
});
