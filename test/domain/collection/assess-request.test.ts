import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { batchEnvelope, collectionMessage, invalidCollectionMessage } from '../../../src/arbitraries/index.js';
import { createFakeClock } from '../../../src/clock/index.js';
import type { SourceConfig } from '../../../src/contract/index.js';
import { assessRequest, TO_WEBHOOKS } from '../../../src/domain/collection/assess-request.js';
import { portableAssessment, receivedAssessment } from '../../../src/domain/collection/portable-assessment.js';
import { type CollectionRequest, CollectionService } from '../../../src/domain/collection/index.js';
import { EventJournal } from '../../../src/domain/journal/index.js';
import { SourceRegistry } from '../../../src/domain/sources/index.js';
import { jsonRequest } from '../../helpers/collection-request.js';

function setup(options: { sources?: SourceConfig[]; strict?: boolean } = {}) {
  const clock = createFakeClock({ now: Date.parse('2024-03-01T12:00:00.000Z') });
  const journal = new EventJournal();
  const sources = new SourceRegistry(options.sources === undefined ? {} : { sources: options.sources });
  const service = new CollectionService({ clock, journal, sources, strict: options.strict ?? false });
  return { journal, service };
}

/** The request as an ingest thread hands it over: the body as bytes of its own. */
function asBytes(request: CollectionRequest): CollectionRequest & { body: Uint8Array } {
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  return { ...request, body, bodyOwned: true };
}

// A messageId the service generated: `api-` and a KSUID.
const generatedId = /^api-[0-9A-Za-z]{27}$/;

/** Entries of two journals alike: status, key, reason, and the events read back (a generated messageId aside). */
function sameEntries(a: EventJournal, b: EventJournal): boolean {
  const left = a.query({ limit: 1000 }).events;
  const right = b.query({ limit: 1000 }).events;
  return (
    left.length === right.length &&
    left.every((l, i) => {
      const r = right[i];
      if (r === undefined || l.status !== r.status || l.reason !== r.reason || l.writeKey !== r.writeKey) return false;
      const { messageId: lid, ...lrest } = l.event;
      const { messageId: rid, ...rrest } = r.event;
      const ids = lid === rid || (generatedId.test(String(lid)) && generatedId.test(String(rid)));
      return ids && isDeepStrictEqual(lrest, rrest);
    })
  );
}

// Events valid and invalid, in batches and single calls, some messageIds repeated: what the main thread journals
// from a thread's assessment must read exactly as what it journals parsing the request itself.
const mixedBatch = fc
  .tuple(
    batchEnvelope({ maxEvents: 4, unicode: 'hostile' }),
    fc.array(
      fc.oneof(
        collectionMessage(),
        fc
          .constantFrom('track' as const, 'identify' as const, 'alias' as const)
          .chain((type) => invalidCollectionMessage({ type }).map((invalid) => invalid.value)),
      ),
      { maxLength: 2 },
    ),
  )
  .map(([envelope, extra]) => ({ ...envelope, batch: [...(envelope.batch as unknown[]), ...extra] }));

/** The assessment as an ingest thread hands it to the main thread: plain data, or none when anything is off. */
function handedOver(request: CollectionRequest & { body: Uint8Array }) {
  const portable = portableAssessment(assessRequest(request.route, request.body, request.headers), request.body);
  // A structured clone, as postMessage makes it: nothing but data crosses.
  return portable === undefined ? undefined : receivedAssessment(structuredClone(portable));
}

/** One body sent to both services: by handle alone, and from the assessment a thread would hand over. */
function acceptedByBoth(
  parsed: ReturnType<typeof setup>,
  assessed: ReturnType<typeof setup>,
  body: Record<string, unknown>,
): boolean {
  const route = 'batch' in body ? 'batch' : String(body.type ?? 'track');
  const request = asBytes(jsonRequest(route, JSON.stringify(body), { writeKey: 'wk' }));
  if (parsed.service.handle(request).status !== 200) return false;
  const assessment = handedOver(request);
  const answer =
    assessment === undefined ? assessed.service.handle(request) : assessed.service.handle(request, assessment);
  return answer.status === 200;
}

test('property: a request journaled from an assessment another thread made reads exactly as one journaled by handle alone', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.array(fc.oneof(mixedBatch, collectionMessage()), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (bodies, repeat, listened) => {
          const parsed = setup();
          const assessed = setup();
          // A source whose events a destination takes at once: the main thread then parses the body for them.
          if (listened) for (const side of [parsed, assessed]) side.service.onAccepted(() => {});
          const sent = repeat ? [...bodies, ...bodies] : bodies;
          for (const body of sent) if (!acceptedByBoth(parsed, assessed, body)) return false;
          return sameEntries(parsed.journal, assessed.journal);
        },
      ),
      { numRuns: 120 },
    ),
  );
});

test('the journal indexes what the assessment carries: queries by user, previousId and messageId find the events', (t) => {
  const { journal, service } = setup();
  const batch = {
    batch: [
      { type: 'track', userId: 'u1', event: 'E', messageId: 'm-1', integrations: { Webhooks: false } },
      { type: 'alias', userId: 'u2', previousId: 'anon-1' },
      { type: 'track', userId: 'u1', event: 'E', messageId: 'm-1' },
    ],
  };
  const request = asBytes(jsonRequest('batch', batch, { writeKey: 'wk' }));
  const assessment = handedOver(request);
  t.like(assessment?.events, { messageIds: ['m-1', undefined, 'm-1'], destinations: [2, 3, 3] });
  t.is(service.handle(request, assessment).status, 200);
  t.deepEqual(
    journal.query({ limit: 10 }).events.map((entry) => entry.status),
    ['filtered', 'accepted', 'duplicate'],
  );
  t.is(journal.query({ userId: 'u1' }).total, 2);
  t.deepEqual(journal.writeKeysForUser('anon-1'), ['wk']);
  t.is(journal.query({ messageId: 'm-1' }).total, 2);
});

test("a source whose events a destination takes now is journaled from the thread's verdicts too, not judged again", (t) => {
  const { journal, service } = setup();
  const heard: unknown[] = [];
  service.onAccepted(({ event }) => heard.push(event.event));
  const request = asBytes(
    jsonRequest('batch', {
      batch: [
        { type: 'track', userId: 'u', event: 'Kept' },
        { type: 'track', userId: 'u', event: 'Filtered' },
      ],
    }),
  );
  const assessment = handedOver(request);
  if (assessment === undefined) throw new Error('a valid batch is handed over');
  // The verdicts the main thread gets are the ones it journals by: here, as if the second event's map filtered it.
  const verdicts = { ...assessment, events: { ...assessment.events, destinations: [TO_WEBHOOKS, 0] } };
  t.is(service.handle(request, verdicts).status, 200);
  t.deepEqual(
    journal.query({ limit: 10 }).events.map((entry) => [entry.status, entry.event.event]),
    [
      ['accepted', 'Kept'],
      ['filtered', 'Filtered'],
    ],
  );
  t.deepEqual(heard, ['Kept'], 'the listener gets the accepted event, enriched from the body parsed again');
});

test('an assessment records each failure where it was found; none of them crosses to another thread', (t) => {
  const bytes = (text: string) => Buffer.from(text);
  const json = { 'content-type': 'application/json' };
  const badJson = assessRequest('batch', bytes('{"batch":'), json);
  t.is(badJson.unreadable?.code, 'INVALID_JSON');
  const notObject = assessRequest('batch', bytes('[1]'), json);
  t.is(notObject.unreadable?.code, 'INVALID_BODY');
  const invalid = assessRequest('track', bytes('{"event":"no user"}'), json);
  t.is(invalid.violations?.length, 1);
  const notArray = assessRequest('batch', bytes('{"batch":5}'), json);
  t.is(notArray.malformed?.code, 'INVALID_BODY');
  t.is(assessRequest('nowhere', bytes('{}'), json).kind, undefined);
  const many = JSON.stringify({ batch: Array.from({ length: 2_501 }, () => ({ type: 'identify', userId: 'u' })) });
  const gzipped = assessRequest('batch', bytes('{"batch":[]}'), { ...json, 'content-encoding': 'gzip' });
  t.is(gzipped.unreadable?.code, 'INVALID_GZIP');
  for (const [name, body, headers] of [
    ['bad JSON', '{"batch":', json],
    ['an array', '[1]', json],
    ['an invalid event', '{"event":"no user"}', json],
    ['too many events', many, json],
    ['a long messageId (strict refuses it)', JSON.stringify({ userId: 'u', messageId: 'm'.repeat(100) }), json],
  ] as const) {
    const route = name === 'too many events' ? 'batch' : 'identify';
    const body_ = bytes(body);
    t.is(portableAssessment(assessRequest(route, body_, headers), body_), undefined, name);
  }
  const gzip = gzipSync('{"batch":[]}');
  const encoded = { ...json, 'content-encoding': 'gzip' };
  t.is(portableAssessment(assessRequest('batch', gzip, encoded), gzip), undefined, 'a gzip body');
  t.like(handedOver({ route: 't', headers: json, body: bytes('{"userId":"u","event":"E","writeKey":"in-body"}') }), {
    kind: 'track',
    bodyKey: 'in-body',
    events: { userIds: ['u'], types: ['track'] },
  });
});

test('strict mode and an unknown key are judged on the main thread from an assessment made elsewhere', (t) => {
  const request = asBytes(
    jsonRequest('track', JSON.stringify({ userId: 'u', event: 'E' }), {
      writeKey: 'wk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
  const assessment = handedOver(request);
  if (assessment === undefined) throw new Error('a valid track call is handed over');
  t.like(setup({ strict: true }).service.handle(request, assessment), { status: 415 });
  t.like(setup({ strict: true, sources: [{ writeKey: 'other' }] }).service.handle(request, assessment), {
    status: 415,
  });
  const unknown = setup({ sources: [{ writeKey: 'other' }] });
  t.is(unknown.service.handle(request, assessment).status, 200);
  t.like(unknown.journal.query({}).events[0], { status: 'rejected', event: { event: 'E', userId: 'u' } });
});

test('a missing key is answered from an assessment made elsewhere as handle answers it: 400, nothing journaled', (t) => {
  const { journal, service } = setup();
  const request = asBytes(
    jsonRequest('batch', { batch: [{ type: 'track', userId: 'u', event: 'E' }] }, { writeKey: null }),
  );
  const assessment = handedOver(request);
  t.is(assessment?.bodyKey, undefined);
  t.like(service.handle(request, assessment), { status: 400, body: { code: 'MISSING_WRITE_KEY' } });
  t.is(journal.counts().all, 0);
});

test('a Python SDK batch ("category": null) is assessed valid on an ingest thread, as handle accepts it', (t) => {
  const { journal, service } = setup();
  const body = {
    batch: [{ type: 'page', userId: 'u1', anonymousId: null, category: null, name: null, properties: {}, context: {} }],
    writeKey: 'wk_python',
  };
  const request = asBytes(jsonRequest('batch', body, { writeKey: null }));
  const assessment = handedOver(request);
  t.like(assessment, { bodyKey: 'wk_python', events: { messageIds: [undefined] } });
  t.is(service.handle(request, assessment).status, 200);
  t.like(journal.query().events[0], { status: 'accepted', event: { category: null, name: null } });
});
