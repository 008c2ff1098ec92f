import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { batchEnvelope, collectionMessage, invalidCollectionMessage } from '../../../src/arbitraries/index.js';
import { createFakeClock } from '../../../src/clock/index.js';
import {
  CollectionService,
  MAX_BATCH_EVENTS,
  MAX_EVENT_BYTES,
  MAX_REQUEST_BYTES,
} from '../../../src/domain/collection/index.js';
import { EventJournal } from '../../../src/domain/journal/index.js';
import { parseKsuid } from '../../../src/domain/collection/ksuid.js';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import type { SourceConfig } from '../../../src/contract/index.js';
import { basic, jsonRequest, trackOfSize } from '../../helpers/collection-request.js';

function setup(options: { sources?: SourceConfig[]; strict?: boolean } = {}) {
  const clock = createFakeClock({ now: Date.parse('2024-03-01T12:00:00.000Z') });
  const journal = new EventJournal();
  const sources = new SourceRegistry(options.sources === undefined ? {} : { sources: options.sources });
  const service = new CollectionService({
    clock,
    journal,
    sources,
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
  });
  return { clock, journal, sources, service };
}

test('a single call is accepted with 200 {success:true}; the route sets the type', (t) => {
  const { service, journal } = setup();
  const response = service.handle(jsonRequest('t', { type: 'identify', userId: 'u1', event: 'Clicked' }));
  t.deepEqual([response.status, response.body], [200, { success: true }]);
  const [entry] = journal.query().events;
  t.is(entry?.status, 'accepted');
  t.is(entry?.event.type, 'track');
});

test('write key: Basic with and without the colon, or writeKey in the body (not kept on the event)', (t) => {
  const { service, journal } = setup();
  t.is(service.handle(jsonRequest('track', { userId: 'u', event: 'a' }, { writeKey: 'k1' })).status, 200);
  t.is(
    service.handle({
      ...jsonRequest('track', { userId: 'u', event: 'b' }, { writeKey: null }),
      headers: { authorization: basic('k2', false) },
    }).status,
    200,
  );
  t.is(
    service.handle(jsonRequest('track', { userId: 'u', event: 'c', writeKey: 'k3' }, { writeKey: null })).status,
    200,
  );
  t.deepEqual(
    journal.query().events.map((e) => e.writeKey),
    ['k1', 'k2', 'k3'],
  );
  t.false('writeKey' in (journal.query({ writeKey: 'k3' }).events[0]?.event ?? { writeKey: 1 }));
});

test('a missing or empty key is 400 MISSING_WRITE_KEY in every mode (as the real API answered in 2026); nothing is journaled', (t) => {
  const open = setup();
  const missing = open.service.handle(jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: null }));
  t.deepEqual([missing.status, missing.body.code], [400, 'MISSING_WRITE_KEY']);
  t.regex(String(missing.body.message), /no write key.*Basic username/);
  t.is(open.service.handle(jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: 'anything' })).status, 200);
  t.truthy(open.sources.get('anything'));
  // Zero-config takes any *non-empty* key: an empty one, by Basic or in the body, is a missing key.
  for (const empty of [
    jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: '' }),
    jsonRequest('track', { userId: 'u', event: 'e', writeKey: '' }, { writeKey: null }),
    jsonRequest('batch', { writeKey: '', batch: [{ type: 'track', userId: 'u', event: 'e' }] }, { writeKey: null }),
  ]) {
    t.is(open.service.handle(empty).status, 400);
  }
  t.deepEqual(open.sources.writeKeys(), ['anything']);
  t.deepEqual(
    open.journal.query().events.map((e) => [e.status, e.writeKey]),
    [['accepted', 'anything']],
  );
});

test('an unknown key with sources configured gets 200; its events are rejected with the reason and never delivered', (t) => {
  const closed = setup({ sources: [{ writeKey: 'known' }] });
  const delivered: string[] = [];
  closed.service.onAccepted(({ writeKey }) => delivered.push(writeKey));
  const unknown = closed.service.handle(
    jsonRequest(
      'batch',
      {
        batch: [
          { type: 'track', userId: 'u', event: 'e', messageId: 'm1' },
          { type: 'identify', userId: 'u' },
        ],
      },
      { writeKey: 'other' },
    ),
  );
  t.deepEqual([unknown.status, unknown.body], [200, { success: true }]);
  const entries = closed.journal.query({ writeKey: 'other' }).events;
  t.deepEqual(
    entries.map((e) => e.status),
    ['rejected', 'rejected'],
  );
  t.regex(String(entries[0]?.reason), /no source has the write key "other"; configured sources: "known"/);
  t.is(closed.sources.get('other'), undefined, 'an unknown key creates no source when sources are configured');
  t.is(
    closed.service.handle(jsonRequest('track', { userId: 'u', event: 'e', messageId: 'm1' }, { writeKey: 'known' }))
      .status,
    200,
  );
  t.deepEqual(delivered, ['known'], 'a refused request does not take the messageId of a later accepted one');
});

test('strict: a missing key is 400 MISSING_WRITE_KEY and an unknown one 401 UNKNOWN_WRITE_KEY; nothing is journaled', (t) => {
  const open = setup({ strict: true });
  const missing = open.service.handle(jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: null }));
  t.deepEqual([missing.status, missing.body.code], [400, 'MISSING_WRITE_KEY']);
  t.regex(String(missing.body.message), /Basic username/);
  const closed = setup({ sources: [{ writeKey: 'known' }], strict: true });
  const unknown = closed.service.handle(jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: 'other' }));
  t.deepEqual([unknown.status, unknown.body.code], [401, 'UNKNOWN_WRITE_KEY']);
  t.regex(String(unknown.body.message), /"other"/);
  t.is(open.journal.counts().all + closed.journal.counts().all, 0);
  t.is(closed.service.handle(jsonRequest('track', { userId: 'u', event: 'e' }, { writeKey: 'known' })).status, 200);
});

test('JSON is read under any Content-Type (rudder-sdk-node: form-urlencoded with a gzip body); strict keeps 415', (t) => {
  const { service, journal } = setup();
  t.is(
    service.handle(
      jsonRequest(
        'track',
        { userId: 'u', event: 'plain' },
        { headers: { 'content-type': 'text/plain;charset=UTF-8' } },
      ),
    ).status,
    200,
  );
  t.is(
    service.handle(jsonRequest('batch', { batch: [{ type: 'track', userId: 'u', event: 'zipped' }] }, { gzip: true }))
      .status,
    200,
  );
  const form = service.handle(
    jsonRequest(
      'batch',
      { batch: [{ type: 'track', userId: 'u', event: 'form' }] },
      { gzip: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ),
  );
  t.is(form.status, 200);
  t.is(
    service.handle(jsonRequest('track', { userId: 'u', event: 'none' }, { headers: { 'content-type': '' } })).status,
    200,
  );
  t.deepEqual(
    journal.query().events.map((e) => [e.status, e.event.event]),
    [
      ['accepted', 'plain'],
      ['accepted', 'zipped'],
      ['accepted', 'form'],
      ['accepted', 'none'],
    ],
  );
  const notJson = service.handle({
    ...jsonRequest('track', 'userId=u&event=x', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  });
  t.deepEqual([notJson.status, notJson.body.code], [400, 'INVALID_JSON']);
  t.regex(
    String(notJson.body.message),
    /came as application\/x-www-form-urlencoded; the collection API reads every body as JSON/,
  );
  const br = service.handle(
    jsonRequest('track', { userId: 'u', event: 'x' }, { headers: { 'content-encoding': 'br' } }),
  );
  t.deepEqual([br.status, br.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  const notGzip = service.handle({
    ...jsonRequest('track', { userId: 'u', event: 'x' }),
    headers: { 'content-encoding': 'gzip', authorization: basic('wk') },
  });
  t.deepEqual([notGzip.status, notGzip.body.code], [400, 'INVALID_GZIP']);

  const strict = setup({ strict: true });
  const refused = strict.service.handle(
    jsonRequest(
      'track',
      { userId: 'u', event: 'x' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ),
  );
  t.deepEqual([refused.status, refused.body.code], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  t.regex(String(refused.body.message), /x-www-form-urlencoded.*application\/json or text\/plain/);
  t.is(
    strict.service.handle(
      jsonRequest('track', { userId: 'u', event: 'plain' }, { headers: { 'content-type': 'text/plain' } }),
    ).status,
    200,
  );
});

test('userId: null counts as absent (analytics.js, anonymous users); numeric ids become strings', (t) => {
  const { service, journal } = setup();
  t.is(service.handle(jsonRequest('t', { userId: null, anonymousId: 'anon-1', event: 'Anonymous' })).status, 200);
  t.is(service.handle(jsonRequest('identify', { userId: 42, anonymousId: null })).status, 200);
  t.is(service.handle(jsonRequest('group', { userId: 'u', groupId: 7 })).status, 200);
  t.is(service.handle(jsonRequest('t', { userId: null, anonymousId: null, event: 'Nobody' })).status, 200);
  const events = journal.query().events;
  t.deepEqual(
    events.map((e) => e.status),
    ['accepted', 'accepted', 'accepted', 'rejected'],
  );
  t.false('userId' in (events[0]?.event ?? {}));
  t.is(events[0]?.event.anonymousId, 'anon-1');
  t.is(events[1]?.event.userId, '42');
  t.false('anonymousId' in (events[1]?.event ?? {}));
  t.is(events[2]?.event.groupId, '7');
  t.regex(String(events[3]?.reason), /userId|anonymousId/);
  // The strict answer judges the same reading of the event.
  t.is(
    setup({ strict: true }).service.handle(jsonRequest('t', { userId: null, anonymousId: 'a', event: 'E' })).status,
    200,
  );
});

test('timestamps with +0000-style offsets (analytics-go v2) are read and forwarded as ISO 8601 UTC', (t) => {
  const { service, journal } = setup();
  const body = {
    sentAt: '2024-03-01T12:00:00+0000',
    batch: [
      { type: 'track', userId: 'u', event: 'Go', timestamp: '2024-03-01T11:59:58+0000' },
      { type: 'track', userId: 'u', event: 'Tz', timestamp: '2024-03-01T13:59:59+02' },
    ],
  };
  t.is(service.handle(jsonRequest('batch', body)).status, 200);
  const [go, tz] = journal.query().events;
  t.deepEqual([go?.status, tz?.status], ['accepted', 'accepted']);
  t.is(go?.event.originalTimestamp, '2024-03-01T11:59:58.000Z');
  t.is(go?.event.sentAt, '2024-03-01T12:00:00.000Z');
  // Clock-skew correction: receivedAt (12:00:00.000 on the fake clock) - (sentAt - originalTimestamp) = 2 s earlier.
  t.is(go?.event.timestamp, '2024-03-01T11:59:58.000Z');
  t.is(tz?.event.originalTimestamp, '2024-03-01T11:59:59.000Z');
  t.is(service.handle(jsonRequest('track', { userId: 'u', event: 'Bad', timestamp: 'yesterday' })).status, 200);
  t.is(journal.query({ status: 'rejected' }).events[0]?.event.event, 'Bad');
});

test('"batch": null, an empty batch and a body without one are 200 with nothing journaled; strict refuses a missing batch', (t) => {
  const { service, journal } = setup();
  for (const body of [{ batch: null }, { batch: [] }, {}, { batch: null, sentAt: '2024-03-01T12:00:00+0000' }]) {
    const response = service.handle(jsonRequest('b', body));
    t.deepEqual([response.status, response.body], [200, { success: true }], JSON.stringify(body));
  }
  t.is(journal.counts().all, 0);
  t.deepEqual([service.handle(jsonRequest('batch', { batch: 'x' })).status], [400]);
  const strict = setup({ strict: true });
  t.is(strict.service.handle(jsonRequest('batch', { batch: null })).status, 200);
  t.deepEqual(
    [strict.service.handle(jsonRequest('batch', {})).status, strict.service.handle(jsonRequest('batch', {})).body.code],
    [400, 'INVALID_BODY'],
  );
});

test('bad JSON and non-object bodies are 400 with a JSON error; nothing is journaled', (t) => {
  const { service, journal } = setup();
  for (const [body, code] of [
    ['{"a":', 'INVALID_JSON'],
    ['[1,2]', 'INVALID_BODY'],
    ['null', 'INVALID_BODY'],
    ['"x"', 'INVALID_BODY'],
  ] as const) {
    const response = service.handle({ route: 'track', headers: { authorization: basic('wk') }, body });
    t.is(response.status, 400, body);
    t.is(response.body.success, false);
    t.is(response.body.code, code);
  }
  const noBatch = service.handle(jsonRequest('batch', { batch: { events: [] } }));
  t.deepEqual([noBatch.status, noBatch.body.code], [400, 'INVALID_BODY']);
  t.is(journal.counts().all, 0);
});

test('an event of exactly 32,768 bytes is accepted; 32,769 is refused naming the size and limit', (t) => {
  const { service, journal } = setup();
  t.is(MAX_EVENT_BYTES, 32_768);
  t.is(service.handle(jsonRequest('batch', { batch: [trackOfSize(32_768)] })).status, 200);
  const over = service.handle(jsonRequest('batch', { batch: [trackOfSize(100), trackOfSize(32_769)] }));
  t.deepEqual([over.status, over.body.code], [400, 'EVENT_TOO_LARGE']);
  t.regex(String(over.body.message), /\/batch\/1 is 32769 bytes.*at most 32768/);
  const single = service.handle(jsonRequest('track', trackOfSize(32_769)));
  t.is(single.status, 400);
  t.is(journal.counts().all, 1, 'a refused request journals none of its events');
});

test('a request of exactly 512,000 bytes is accepted; 512,001 is refused, also after gunzip', (t) => {
  const { service } = setup();
  t.is(MAX_REQUEST_BYTES, 512_000);
  const batchOf = (total: number) => {
    const events = Array.from({ length: 15 }, () => trackOfSize(32_000));
    const body = { batch: events, pad: '' };
    const pad = total - Buffer.byteLength(JSON.stringify(body));
    return JSON.stringify({ ...body, pad: 'p'.repeat(pad) });
  };
  const exact = batchOf(512_000);
  t.is(Buffer.byteLength(exact), 512_000);
  t.is(service.handle(jsonRequest('batch', exact)).status, 200);
  const over = service.handle(jsonRequest('batch', batchOf(512_001)));
  t.deepEqual([over.status, over.body.code], [400, 'REQUEST_TOO_LARGE']);
  t.regex(String(over.body.message), /512001 bytes.*at most 512000/);
  t.is(service.handle(jsonRequest('batch', exact, { gzip: true })).status, 200);
  const zipped = service.handle(jsonRequest('batch', batchOf(512_001), { gzip: true }));
  t.deepEqual([zipped.status, zipped.body.code], [400, 'REQUEST_TOO_LARGE']);
});

test('more than 2,500 events: 200 and every event rejected with the reason (the real service); strict answers 400', (t) => {
  const { service, journal } = setup();
  const event = { type: 'track', userId: 'u', event: 'e' };
  t.is(
    service.handle(jsonRequest('batch', { batch: Array.from({ length: MAX_BATCH_EVENTS }, () => event) })).status,
    200,
  );
  t.is(journal.counts().accepted, MAX_BATCH_EVENTS);
  const over = service.handle(
    jsonRequest('batch', { batch: Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => event) }),
  );
  t.deepEqual([over.status, over.body], [200, { success: true }]);
  const rejected = journal.query({ status: 'rejected', limit: 5000 });
  t.is(rejected.total, MAX_BATCH_EVENTS + 1);
  t.regex(String(rejected.events[0]?.reason), /2501 events.*at most 2500/);
  t.is(journal.counts().accepted, MAX_BATCH_EVENTS, 'none of the long batch is accepted');

  const strict = setup({ strict: true });
  const refused = strict.service.handle(
    jsonRequest('batch', { batch: Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => event) }),
  );
  t.deepEqual([refused.status, refused.body.code], [400, 'BATCH_TOO_MANY_EVENTS']);
  t.regex(String(refused.body.message), /2501 events.*at most 2500/);
  t.is(strict.journal.counts().all, 0);
});

test('lenient mode: invalid events get 200 and are journaled as rejected with the reason', (t) => {
  const { service, journal } = setup();
  const response = service.handle(
    jsonRequest('batch', {
      batch: [
        { type: 'track', userId: 'u' },
        { type: 'group', anonymousId: 'a' },
        { type: 'alias', userId: 'u' },
        { type: 'identify' },
        { type: 'rocket', userId: 'u' },
        { type: 'track', userId: 'u', event: 'ok' },
      ],
    }),
  );
  t.is(response.status, 200);
  const rejected = journal.query({ status: 'rejected' }).events.map((e) => e.reason);
  t.deepEqual(rejected, [
    '/event is required; received nothing',
    '/groupId is required; received nothing',
    '/previousId is required; received nothing',
    '/ needs userId or anonymousId; received none of them',
    '/type must be one of identify, track, page, screen, group, alias; received string "rocket"',
  ]);
  t.is(journal.counts().accepted, 1);
});

test('strict mode: 400 listing every violation with its pointer in the request; nothing journaled', (t) => {
  const { service, journal } = setup({ strict: true });
  const response = service.handle(
    jsonRequest('batch', {
      batch: [
        { type: 'track', event: 'x' },
        { type: 'track', userId: 'u', event: 'fine' },
        { type: 'group', userId: 'u' },
      ],
    }),
  );
  t.is(response.status, 400);
  t.is(response.body.code, 'INVALID_EVENTS');
  const errors = response.body.errors as { pointer: string; rule: string }[];
  t.deepEqual(
    errors.map((e) => [e.pointer, e.rule]),
    [
      ['/batch/0/userId', 'anyOf'],
      ['/batch/2/groupId', 'required'],
    ],
  );
  t.is(journal.counts().all, 0);
  service.strict = false;
  t.false(service.strict);
  t.is(service.handle(jsonRequest('track', { userId: 'u' })).status, 200);
});

test('enrichment: messageId added, receivedAt from the clock, envelope context and integrations merged (event keys win)', (t) => {
  const { service, journal } = setup();
  service.handle(
    jsonRequest('batch', {
      context: { ip: '1.2.3.4', library: { name: 'envelope' } },
      integrations: { All: false, Webhooks: true, Mixpanel: false },
      batch: [
        {
          type: 'track',
          userId: 'u',
          event: 'e',
          context: { library: { name: 'event' } },
          integrations: { Mixpanel: true, Amplitude: false },
        },
      ],
    }),
  );
  const event = journal.query().events[0]?.event ?? {};
  t.regex(String(event.messageId), /^api-[0-9A-Za-z]{27}$/);
  t.is(event.receivedAt, '2024-03-01T12:00:00.000Z');
  t.deepEqual(event.context, { ip: '1.2.3.4', library: { name: 'event' } });
  t.deepEqual(
    event.integrations,
    { All: false, Webhooks: true, Mixpanel: true, Amplitude: false },
    "the event's Mixpanel:true beats the envelope's false",
  );
  t.is(event.timestamp, '2024-03-01T12:00:00.000Z', 'no client timestamp: the server time is used');
});

test('clock-skew correction: timestamp = receivedAt - (sentAt - originalTimestamp) on the fake clock', async (t) => {
  const { service, journal, clock } = setup();
  await clock.advance(60_000);
  // The client clock runs 1 h ahead: it stamped the event 10 s before it sent the batch.
  service.handle(
    jsonRequest('batch', {
      sentAt: '2024-03-01T13:01:00.000Z',
      batch: [{ type: 'track', userId: 'u', event: 'e', timestamp: '2024-03-01T13:00:50.000Z' }],
    }),
  );
  const event = journal.query().events[0]?.event ?? {};
  t.is(event.receivedAt, '2024-03-01T12:01:00.000Z');
  t.is(event.timestamp, '2024-03-01T12:00:50.000Z');
  t.is(event.originalTimestamp, '2024-03-01T13:00:50.000Z');
  // Without sentAt the client's timestamp is kept, normalised to UTC milliseconds.
  service.handle(jsonRequest('track', { userId: 'u', event: 'e', timestamp: '2024-03-01T14:00:00+02:00' }));
  t.is(journal.query().events[1]?.event.timestamp, '2024-03-01T12:00:00.000Z');
});

test('property: skew correction preserves the client-side interval between event and send', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        (skew, age) => {
          const { service, journal, clock } = setup();
          const sentAt = clock.now() + skew;
          service.handle(
            jsonRequest('batch', {
              sentAt: new Date(sentAt).toISOString(),
              batch: [{ type: 'track', userId: 'u', event: 'e', timestamp: new Date(sentAt - age).toISOString() }],
            }),
          );
          return Date.parse(String(journal.query().events[0]?.event.timestamp)) === clock.now() - age;
        },
      ),
      { numRuns: 50 },
    ),
  );
});

test('dedup: a messageId already seen for the same source is kept as duplicate; other sources are separate', (t) => {
  const { service, journal } = setup();
  const event = { type: 'track', userId: 'u', event: 'e', messageId: 'm-1' };
  service.handle(jsonRequest('batch', { batch: [event, event] }, { writeKey: 'a' }));
  service.handle(jsonRequest('batch', { batch: [event] }, { writeKey: 'b' }));
  t.deepEqual(
    journal.query().events.map((e) => [e.writeKey, e.status]),
    [
      ['a', 'accepted'],
      ['a', 'duplicate'],
      ['b', 'accepted'],
    ],
  );
  t.regex(String(journal.query({ status: 'duplicate' }).events[0]?.reason), /"m-1" was already received/);
  service.reset();
  service.handle(jsonRequest('batch', { batch: [event] }, { writeKey: 'a' }));
  t.is(journal.query().events.at(-1)?.status, 'accepted', 'reset forgets seen messageIds');
});

test('integrations map: Webhooks:false and All:false filter; listeners hear only what is forwarded', (t) => {
  const { service, journal } = setup();
  const heard: unknown[] = [];
  const off = service.onAccepted((accepted) => heard.push(accepted.event.event));
  service.handle(
    jsonRequest('batch', {
      batch: [
        { type: 'track', userId: 'u', event: 'off', integrations: { Webhooks: false } },
        { type: 'track', userId: 'u', event: 'all-off', integrations: { All: false } },
        { type: 'track', userId: 'u', event: 'all-off-but-on', integrations: { All: false, Webhooks: true } },
        { type: 'track', userId: 'u', event: 'lowercase-key', integrations: { webhooks: false } },
      ],
    }),
  );
  t.deepEqual(
    journal.query({ status: 'filtered' }).events.map((e) => e.event.event),
    ['off', 'all-off'],
  );
  t.deepEqual(heard, ['all-off-but-on', 'lowercase-key']);
  off();
  service.handle(jsonRequest('track', { userId: 'u', event: 'after' }));
  t.is(heard.length, 2);
});

test('unknown routes and methods are 404 in the service shape', (t) => {
  const { service } = setup();
  const response = service.handle(jsonRequest('nope', {}));
  t.deepEqual([response.status, response.body.code], [404, 'NOT_FOUND']);
  t.is(service.handle({ ...jsonRequest('track', {}), method: 'GET' }).status, 404);
});

test('a single call of exactly 32,768 bytes as sent is accepted, even though the route then sets its type', (t) => {
  const { service, journal } = setup();
  const { type: _type, ...untyped } = trackOfSize(32_768 + 15);
  t.is(Buffer.byteLength(JSON.stringify(untyped)), 32_768);
  t.is(service.handle(jsonRequest('track', untyped)).status, 200);
  const { type: _t2, ...over } = trackOfSize(32_769 + 15);
  t.is(service.handle(jsonRequest('track', over)).body.code, 'EVENT_TOO_LARGE');
  t.is(journal.counts().accepted, 1);
});

test('a small request whose event re-serializes over 32 KiB is still refused (exponent numbers, lone surrogates)', (t) => {
  const { service, journal } = setup();
  // "1e20" is 4 bytes as sent and 21 bytes once parsed and serialized again.
  const numbers = `{"batch":[{"type":"track","userId":"u","event":"e","properties":{"n":[${Array.from({ length: 1_600 }, () => '1e20').join(',')}]}}]}`;
  t.true(Buffer.byteLength(numbers) < 32_768);
  const refused = service.handle(jsonRequest('batch', numbers));
  t.deepEqual([refused.status, refused.body.code], [400, 'EVENT_TOO_LARGE']);
  t.regex(String(refused.body.message), /\/batch\/0 is 3\d{4} bytes/);
  t.is(
    service.handle(
      jsonRequest(
        'track',
        `{"userId":"u","event":"e","properties":{"n":[${Array.from({ length: 1_600 }, () => '1e20').join(',')}]}}`,
      ),
    ).body.code,
    'EVENT_TOO_LARGE',
  );
  // A lone surrogate (only possible in a string body) is 3 bytes of text and 6 bytes as an escape.
  const surrogates = `{"batch":[{"type":"track","userId":"u","event":"e","properties":{"s":"${'\uD800'.repeat(6_000)}"}}]}`;
  t.true(Buffer.byteLength(surrogates) < 32_768);
  t.is(service.handle(jsonRequest('batch', surrogates)).body.code, 'EVENT_TOO_LARGE');
  t.is(journal.counts().all, 0);
});

test("messageIds the service generates are never taken for duplicates; the client's own are", (t) => {
  const { service, journal } = setup();
  const event = { type: 'track', userId: 'u', event: 'e' };
  service.handle(jsonRequest('batch', { batch: [event, event, event] }));
  t.deepEqual(
    journal.query().events.map((e) => e.status),
    ['accepted', 'accepted', 'accepted'],
  );
  t.is(new Set(journal.query().events.map((e) => e.event.messageId)).size, 3);
  const reused = String(journal.query().events[0]?.event.messageId);
  service.handle(
    jsonRequest('batch', {
      batch: [
        { ...event, messageId: reused },
        { ...event, messageId: reused },
      ],
    }),
  );
  t.deepEqual(
    journal
      .query()
      .events.slice(3)
      .map((e) => e.status),
    ['accepted', 'duplicate'],
  );
});

test('property: an event read back from the journal is exactly the event the service recorded (rebuilt from the request text)', (t) => {
  const request = fc.oneof(
    fc.tuple(
      fc.constant('batch'),
      batchEnvelope({ maxEvents: 4, unicode: 'hostile' }).map((b) => JSON.stringify(b)),
    ),
    fc.tuple(
      fc.constantFrom('track', 'identify', 'group'),
      collectionMessage({ unicode: 'hostile' }).map((m) => JSON.stringify(m)),
    ),
    // Invalid and non-object batch items are journaled (as rejected) too.
    fc.tuple(
      fc.constant('batch'),
      fc
        .array(
          fc.oneof(
            fc.jsonValue(),
            invalidCollectionMessage({ type: 'track' }).map((i) => i.value),
          ),
          { maxLength: 4 },
        )
        .map((batch) => JSON.stringify({ batch, sentAt: '2024-03-01T11:59:00.000Z', context: { ip: '1.2.3.4' } })),
    ),
  );
  t.notThrows(() =>
    fc.assert(
      fc.property(request, fc.boolean(), ([route, body], gzip) => {
        const { service, journal } = setup();
        const live: { seq: number; event: Record<string, unknown> }[] = [];
        journal.subscribe((entry) => live.push({ seq: entry.seq, event: entry.event }));
        const response = service.handle(jsonRequest(route, body, { gzip }));
        if (response.status !== 200) return true;
        const held = journal.query().events;
        return (
          held.length === live.length &&
          held.every(
            (entry, i) =>
              entry.seq === live[i]?.seq &&
              isDeepStrictEqual(entry.event, live[i]?.event) &&
              JSON.stringify(entry.event) === JSON.stringify(live[i]?.event),
          )
        );
      }),
      { numRuns: 150 },
    ),
  );
});

test('reading an event from the journal gives a fresh copy: a reader cannot change what the journal holds', (t) => {
  const { service, journal } = setup();
  service.handle(
    jsonRequest('batch', {
      context: { library: { name: 'envelope' } },
      batch: [
        { type: 'track', userId: 'u', event: 'e', properties: { n: 1 } },
        { type: 'track', userId: 'u', event: 'f' },
      ],
    }),
  );
  const [entry, sibling] = journal.query().events;
  type Read = { properties: { n: number }; context: { library: { name: string } } };
  const first = entry?.event as Read;
  first.properties.n = 2;
  first.context.library.name = 'changed';
  t.is((entry!.event as Read).properties.n, 1);
  t.is((entry!.event as Read).context.library.name, 'envelope');
  t.is((sibling!.event as Read).context.library.name, 'envelope', 'events of one request share no objects');
  t.not(entry?.event, entry?.event);
  t.deepEqual(JSON.parse(JSON.stringify(entry)), { seq: 1, status: 'accepted', writeKey: 'wk', event: entry?.event });
});

test('generated messageIds are `api-` and a KSUID (as the real service writes them), unique across events and requests, and queryable like client ones', (t) => {
  const { service, journal } = setup();
  const events = Array.from({ length: 300 }, (_, i) => ({ type: 'track', userId: 'u', event: `e${i}` }));
  service.handle(
    jsonRequest('batch', {
      batch: [
        ...events,
        { type: 'track', event: 'no user, rejected' },
        { type: 'track', userId: 'u', event: 'own', messageId: 'client-id' },
      ],
    }),
  );
  service.handle(jsonRequest('batch', { batch: events.slice(0, 2) }));
  const held = journal.query().events;
  const ids = held.map((e) => e.event.messageId);
  const generated = ids.filter((id) => id !== 'client-id' && id !== undefined) as string[];
  t.is(generated.length, 303, 'the rejected event gets one too');
  t.true(
    generated.every((id) => /^api-[0-9A-Za-z]{27}$/.test(id)),
    'api- and 27 base-62 digits, as the public samples of real deliveries show (api-1iI59hvBEtckNicjbfqG7VdjRw2)',
  );
  t.deepEqual(
    new Set(generated.map((id) => parseKsuid(id.slice(4))?.epochMs)),
    new Set([Date.parse('2024-03-01T12:00:00.000Z')]),
    'the KSUID time is the time received',
  );
  t.is(new Set(generated).size, 303);
  t.is(held[300]?.status, 'rejected');
  for (const id of [generated[0], generated[299], generated[300], generated[302], 'client-id']) {
    const found = journal.query({ messageId: id }).events;
    t.is(found.length, 1, String(id));
    t.is(found[0]?.event.messageId, id);
  }
});

test('dedup remembers the newest 100,000 messageIds of a source by default: the 100,001st newer id evicts the oldest', (t) => {
  const { service, journal } = setup();
  const batch = (ids: readonly number[]) =>
    jsonRequest('batch', { batch: ids.map((i) => ({ type: 'track', userId: 'u', event: 'e', messageId: `m-${i}` })) });
  for (let start = 0; start < 100_000; start += 2_500)
    service.handle(batch(Array.from({ length: 2_500 }, (_, i) => start + i)));
  service.handle(batch([99_999, 0])); // both still remembered
  service.handle(batch([100_000])); // one id more: m-0, the oldest, is forgotten
  service.handle(batch([1, 0])); // m-1 is still remembered; m-0 comes in anew
  const newest = journal
    .query({ order: 'newest', limit: 5 })
    .events.map((e) => [e.event.messageId, e.status])
    .reverse();
  t.deepEqual(newest, [
    ['m-99999', 'duplicate'],
    ['m-0', 'duplicate'],
    ['m-100000', 'accepted'],
    ['m-1', 'duplicate'],
    ['m-0', 'accepted'],
  ]);
});

test('context.ip is filled from the client address for browser events only, as the real service does for client-side events', (t) => {
  const { service, journal } = setup();
  const browser = { library: { name: 'analytics.js', version: 'next-1.84.3' } };
  const send = (body: object) => service.handle({ ...jsonRequest('t', body), remoteAddress: '203.0.113.7' });
  send({ anonymousId: 'a', event: 'Browser', context: browser });
  send({ anonymousId: 'a', event: 'OwnIp', context: { ...browser, ip: '198.51.100.1' } });
  send({ userId: 'u', event: 'Server', context: { library: { name: 'analytics-node', version: '6' } } });
  send({ userId: 'u', event: 'Bare' });
  const ips = journal.query().events.map((e) => [e.event.event, (e.event.context as { ip?: string } | undefined)?.ip]);
  t.deepEqual(ips, [
    ['Browser', '203.0.113.7'],
    ['OwnIp', '198.51.100.1'],
    ['Server', undefined],
    ['Bare', undefined],
  ]);
});

test('property: a source no destination takes is journaled without enriching on arrival, and reads the same as one enriched at once', (t) => {
  // Two sources in one service: events of "eager" are enriched as they arrive (a listener takes them), those of
  // "lazy" are enriched only when read. The same request sent with either key must journal the same entries.
  const generatedId = /^api-[0-9A-Za-z]{27}$/;
  t.notThrows(() =>
    fc.assert(
      fc.property(batchEnvelope({ maxEvents: 4, unicode: 'hostile' }), (envelope) => {
        const { service, journal } = setup({ sources: [{ writeKey: 'eager' }, { writeKey: 'lazy' }] });
        const live: Record<string, unknown>[] = [];
        const heard: Record<string, unknown>[] = [];
        service.onAccepted(
          ({ event }) => live.push(structuredClone(event)),
          (source) => source.writeKey === 'eager',
        );
        journal.subscribe((entry) => {
          if (entry.writeKey === 'lazy') heard.push(entry.event);
        });
        const body = JSON.stringify(envelope);
        for (const key of ['eager', 'lazy'])
          t.is(service.handle(jsonRequest('batch', body, { writeKey: key })).status, 200);
        const entries = (writeKey: string) => journal.query({ writeKey }).events;
        const withoutIds = (event: Record<string, unknown>) => {
          const { messageId, ...rest } = event;
          return { rest, messageId };
        };
        const eager = entries('eager');
        const lazy = entries('lazy');
        const sameEntries =
          eager.length === lazy.length &&
          eager.every((e, i) => {
            const l = lazy[i];
            if (l === undefined || e.status !== l.status || e.reason !== l.reason) return false;
            const a = withoutIds(e.event);
            const b = withoutIds(l.event);
            // A generated messageId is new per request; a client's is the same.
            const ids =
              a.messageId === b.messageId ||
              (generatedId.test(String(a.messageId)) && generatedId.test(String(b.messageId)));
            return ids && isDeepStrictEqual(a.rest, b.rest);
          });
        // The eager source's listener got the enriched objects; the journal reads them back the same.
        const accepted = eager.filter((e) => e.status === 'accepted').map((e) => e.event);
        // Listeners of the journal hear the lazy source's entries enriched too.
        const lazyHeard = lazy.map((e) => e.event);
        return (
          sameEntries &&
          isDeepStrictEqual(accepted, live) &&
          heard.length === lazyHeard.length &&
          heard.every((event, i) => isDeepStrictEqual(event, lazyHeard[i]) && typeof event.receivedAt === 'string')
        );
      }),
      { numRuns: 150 },
    ),
  );
});

test("the envelope's sentAt is every event's sentAt, with or without a timestamp of its own; a call without one has neither sentAt nor originalTimestamp", (t) => {
  const { service, journal } = setup();
  service.handle(
    jsonRequest('batch', {
      sentAt: '2024-03-01T11:59:59.000Z',
      batch: [
        { type: 'track', userId: 'u', event: 'no time' },
        { type: 'track', userId: 'u', event: 'timed', timestamp: '2024-03-01T11:59:58.000Z' },
        { type: 'track', userId: 'u', event: 'own sentAt', sentAt: '2024-03-01T11:59:57.000Z' },
      ],
    }),
  );
  service.handle(jsonRequest('track', { userId: 'u', event: 'bare' }));
  const events = journal.query().events.map((entry) => entry.event);
  t.is(events[0]?.sentAt, '2024-03-01T11:59:59.000Z', 'the bug: it became receivedAt when the event had no timestamp');
  t.false('originalTimestamp' in (events[0] ?? {}), 'no time of its own: no originalTimestamp');
  t.is(events[0]?.timestamp, '2024-03-01T12:00:00.000Z');
  t.is(events[1]?.sentAt, '2024-03-01T11:59:59.000Z');
  t.is(events[1]?.originalTimestamp, '2024-03-01T11:59:58.000Z');
  t.is(events[2]?.sentAt, '2024-03-01T11:59:57.000Z', "the event's own sentAt wins");
  t.false('sentAt' in (events[3] ?? {}), 'a call that carried no sentAt has none');
  t.false('originalTimestamp' in (events[3] ?? {}));
});

// What analytics-python 2.3.4 sends for `analytics.page('u1')` (segment/analytics/client.py page() and _enqueue(),
// request.py post()): category and name are None, so "category": null and "name": null; anonymousId null.
const PYTHON_PAGE_BATCH = {
  batch: [
    {
      integrations: {},
      anonymousId: null,
      properties: {},
      timestamp: '2024-03-01T11:59:59.123+00:00',
      category: null,
      context: { library: { name: 'analytics-python', version: '2.3.4' } },
      userId: 'u1',
      type: 'page',
      name: null,
      messageId: '5f0e5c4b-6f5e-4a55-9f0a-0d5f3f1b2a7c',
    },
  ],
  sentAt: '2024-03-01T11:59:59.500000+00:00',
  writeKey: 'wk_python',
};

test('analytics-python\'s page() without a category ("category": null, "name": null) is accepted and kept as sent, in strict mode too', (t) => {
  for (const strict of [false, true]) {
    const { service, journal } = setup({ strict });
    const answer = service.handle(jsonRequest('batch', PYTHON_PAGE_BATCH, { writeKey: null }));
    t.is(answer.status, 200, `strict ${strict}`);
    const [entry] = journal.query().events;
    t.is(entry?.status, 'accepted', String(entry?.reason));
    t.is(entry?.event.category, null);
    t.is(entry?.event.name, null);
    t.is(entry?.writeKey, 'wk_python');
  }
});

test('nulls in optional fields, per field: kept as sent, or read as none where the service fills the field in', (t) => {
  const { service, journal } = setup({ strict: true });
  const nulls = {
    userId: 'u',
    category: null,
    name: null,
    properties: null,
    context: null,
    integrations: null,
    timestamp: null,
    originalTimestamp: null,
    sentAt: null,
    messageId: null,
  };
  t.is(service.handle(jsonRequest('page', nulls)).status, 200);
  t.is(service.handle(jsonRequest('screen', { ...nulls })).status, 200);
  t.is(service.handle(jsonRequest('identify', { userId: 'u', traits: null, context: null })).status, 200);
  t.is(service.handle(jsonRequest('group', { userId: 'u', groupId: 'g', traits: null })).status, 200);
  t.is(
    service.handle(jsonRequest('batch', { sentAt: null, batch: [{ type: 'track', userId: 'u', event: 'e' }] })).status,
    200,
  );
  const [page, screen, identify, group, track] = journal.query().events.map((entry) => entry.event);
  for (const event of [page, screen]) {
    t.like(event, { category: null, name: null, properties: null, originalTimestamp: null, sentAt: null });
    t.regex(String(event?.messageId), /^api-/, 'messageId: null is none, and one is generated');
    t.is(event?.timestamp, '2024-03-01T12:00:00.000Z', 'timestamp: null is none: the time received');
    t.false('context' in (event ?? {}) && event?.context === null, 'context: null is none');
    t.false(event?.integrations === null, 'integrations: null is none');
  }
  t.is(identify?.traits, null);
  t.is(group?.traits, null);
  t.is(track?.sentAt, null, "the envelope's sentAt: null, as carried");
  // Required fields stay required: null is no event name, no groupId, no previousId.
  const refused = service.handle(
    jsonRequest('batch', {
      batch: [
        { type: 'track', userId: 'u', event: null },
        { type: 'group', userId: 'u', groupId: null },
        { type: 'alias', userId: 'u', previousId: null },
      ],
    }),
  );
  t.is(refused.status, 400);
  t.deepEqual((refused.body.errors as { pointer: string }[]).map((e) => e.pointer).sort(), [
    '/batch/0/event',
    '/batch/1/groupId',
    '/batch/2/previousId',
  ]);
});

test('strict mode refuses a messageId of 100 characters or more (the docs: "under 100 characters"); lenient mode accepts it', (t) => {
  const strict = setup({ strict: true });
  t.is(strict.service.handle(jsonRequest('track', { userId: 'u', event: 'e', messageId: 'm'.repeat(99) })).status, 200);
  const refused = strict.service.handle(
    jsonRequest('batch', { batch: [{ type: 'track', userId: 'u', event: 'e', messageId: 'm'.repeat(100) }] }),
  );
  t.is(refused.status, 400);
  t.like((refused.body.errors as unknown[])[0], { pointer: '/batch/0/messageId', rule: 'maxLength' });
  t.regex(String(refused.body.message), /messageId must be shorter than 100 characters; received 100/);
  t.is(strict.journal.counts().all, 1, 'only the 99-character one');
  const lenient = setup();
  t.is(
    lenient.service.handle(jsonRequest('track', { userId: 'u', event: 'e', messageId: 'm'.repeat(150) })).status,
    200,
  );
  t.is(lenient.journal.query().events[0]?.status, 'accepted');
});

// The vendor's Python e2e CLI calls the SDK with `event.get("userId", "")` and `event.get("anonymousId", "")`
// (segmentio/analytics-python e2e-cli/src/cli.py), so one of the two is always sent as "" beside the real one.
test('an empty userId or anonymousId beside a real one is read as absent (what analytics-python sends through its e2e CLI), in strict mode too', (t) => {
  for (const strict of [false, true]) {
    const { service, journal } = setup({ strict });
    const answer = service.handle(
      jsonRequest('batch', {
        batch: [
          { type: 'track', event: 'e', userId: 'u1', anonymousId: '' },
          { type: 'identify', userId: '', anonymousId: 'a1' },
          { type: 'page', userId: 'u2', anonymousId: '', name: null, category: null },
        ],
      }),
    );
    t.is(answer.status, 200, `strict ${strict}`);
    const events = journal.query().events;
    t.deepEqual(
      events.map((entry) => entry.status),
      ['accepted', 'accepted', 'accepted'],
      events.map((entry) => entry.reason ?? '').join('; '),
    );
    t.false('anonymousId' in (events[0]?.event ?? {}), 'the empty anonymousId is none');
    t.false('userId' in (events[1]?.event ?? {}), 'the empty userId is none');
  }
  // Both empty is no identity at all: refused as before.
  const { service, journal } = setup();
  service.handle(jsonRequest('track', { event: 'e', userId: '', anonymousId: '' }));
  t.is(journal.query().events[0]?.status, 'rejected');
});

// analytics-php decodes its input with json_decode(..., true), so an empty object becomes [] and is sent as such
// (lib/Client.php casts only top-level properties and traits back to objects).
test('an empty array for integrations or context is read as none (what analytics-php sends for {}), in strict mode too', (t) => {
  for (const strict of [false, true]) {
    const { service, journal } = setup({ strict });
    const answer = service.handle(
      jsonRequest('batch', { batch: [{ type: 'track', event: 'e', userId: 'u1', integrations: [], context: [] }] }),
    );
    t.is(answer.status, 200, `strict ${strict}`);
    const [entry] = journal.query().events;
    t.is(entry?.status, 'accepted', String(entry?.reason));
    t.false('integrations' in (entry?.event ?? {}) && Array.isArray(entry?.event.integrations));
  }
  // A non-empty array is still not a map: refused, naming it.
  const { service, journal } = setup();
  service.handle(jsonRequest('track', { event: 'e', userId: 'u1', integrations: ['All'] }));
  t.is(journal.query().events[0]?.status, 'rejected');
  t.regex(String(journal.query().events[0]?.reason), /integrations must be of type object/);
});
