import test from 'ava';
import { buildEventPayload } from '../../../src/domain/delivery/index.js';

test('adds version 1 (overriding any other), normalises the timestamp to ISO UTC milliseconds', (t) => {
  const payload = buildEventPayload({
    type: 'track',
    userId: 'u',
    event: 'e',
    version: 2,
    timestamp: '2024-01-01T02:00:00+02:00',
  });
  t.is(payload.version, 1);
  t.is(payload.timestamp, '2024-01-01T00:00:00.000Z');
  t.is(buildEventPayload({ type: 'track', timestamp: 'not a date' }).timestamp, 'not a date');
});

test('alias: previousId/userId by default, "Previous ID"/"User ID" when documented', (t) => {
  const alias = { type: 'alias', previousId: 'old', userId: 'new' };
  t.like(buildEventPayload(alias), { previousId: 'old', userId: 'new' });
  const documented = buildEventPayload(alias, 'documented');
  t.deepEqual(
    [documented['Previous ID'], documented['User ID'], 'previousId' in documented, 'userId' in documented],
    ['old', 'new', false, false],
  );
  t.false('Previous ID' in buildEventPayload({ type: 'track', userId: 'u' }, 'documented'));
});

test('a forwarded event carries the fields the real service adds: context.library, integrations, channel, originalTimestamp, sentAt', (t) => {
  const received = '2024-03-01T12:00:00.000Z';
  const raw = buildEventPayload({
    type: 'track',
    userId: 'u',
    event: 'e',
    messageId: 'm1',
    receivedAt: received,
    timestamp: received,
  });
  t.deepEqual(raw, {
    version: 1,
    type: 'track',
    userId: 'u',
    event: 'e',
    messageId: 'm1',
    receivedAt: received,
    timestamp: received,
    context: { library: { name: 'unknown', version: 'unknown' } },
    integrations: {},
    channel: 'server',
    originalTimestamp: received,
    sentAt: received,
  });
  // What the client sent wins; the channel follows its library.
  const browser = buildEventPayload({
    type: 'page',
    anonymousId: 'a',
    receivedAt: received,
    timestamp: received,
    sentAt: '2024-03-01T11:59:59.000Z',
    originalTimestamp: '2024-03-01T11:59:58.000Z',
    context: { library: { name: 'analytics.js', version: 'next-1.84.3' }, ip: '10.0.0.1' },
    integrations: { Webhooks: true },
  });
  t.like(browser, {
    channel: 'browser',
    sentAt: '2024-03-01T11:59:59.000Z',
    originalTimestamp: '2024-03-01T11:59:58.000Z',
    integrations: { Webhooks: true },
    context: { library: { name: 'analytics.js', version: 'next-1.84.3' }, ip: '10.0.0.1' },
  });
  t.is(
    buildEventPayload({ type: 'screen', userId: 'u', context: { library: { name: 'analytics-ios', version: '4' } } })
      .channel,
    'mobile',
  );
  t.is(
    buildEventPayload({ type: 'track', userId: 'u', channel: 'server', context: { library: { name: 'analytics.js' } } })
      .channel,
    'server',
    'a channel the client set stays',
  );
  // The event given is not changed (its context is copied before library is added).
  const context = { ip: '1.2.3.4' };
  buildEventPayload({ type: 'track', userId: 'u', context });
  t.deepEqual(context, { ip: '1.2.3.4' });
});
