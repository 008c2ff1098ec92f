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

test('a forwarded event carries the fields the real service adds: context.library, integrations, channel; sentAt and originalTimestamp only as the call carried them', (t) => {
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

// The public samples of real deliveries: the action-destinations README at 492c310 (a track: "projectId":
// "29qHxXL9muph5R19vwAnDP", "version": 2, no sentAt, no originalTimestamp) and an Engage identify in
// christyharagan/enrich_with_traits at 8585954 (src/tests/payload.ts: "projectId", "writeKey", "sentAt": null).
test('with its source, the payload names it as real deliveries do (projectId, writeKey); version 2 when asked, 1 by default', (t) => {
  const event = { type: 'track', userId: 'u', event: 'e', writeKey: 'forged', projectId: 'forged' };
  const source = { writeKey: 'wk_live', projectId: '29qHxXL9muph5R19vwAnDP' };
  const v1 = buildEventPayload(event, { source });
  t.like(v1, { version: 1, projectId: '29qHxXL9muph5R19vwAnDP', writeKey: 'wk_live' });
  const v2 = buildEventPayload(event, { source, version: 2 });
  t.is(v2.version, 2);
  t.like(
    buildEventPayload(
      { type: 'alias', previousId: 'a', userId: 'b' },
      { aliasFields: 'documented', version: 2, source },
    ),
    {
      version: 2,
      'Previous ID': 'a',
      projectId: '29qHxXL9muph5R19vwAnDP',
    },
  );
  t.false('projectId' in buildEventPayload({ type: 'track', userId: 'u' }), 'no source given, none named');
});

test('nulls the call carried are delivered as sent (page category and name, properties)', (t) => {
  const payload = buildEventPayload({
    type: 'page',
    userId: 'u',
    category: null,
    name: null,
    properties: null,
    sentAt: null,
  });
  t.like(payload, { category: null, name: null, properties: null, sentAt: null });
});
