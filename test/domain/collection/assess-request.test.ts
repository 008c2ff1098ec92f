import test from 'ava';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { batchEnvelope, collectionMessage, invalidCollectionMessage } from '../../../src/arbitraries/index.js';
import { createFakeClock } from '../../../src/clock/index.js';
import type { SourceConfig } from '../../../src/contract/index.js';
import { assessRequest } from '../../../src/domain/collection/assess-request.js';
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

test('property: a request journaled from its assessment reads exactly as the same request journaled by handle', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        fc.array(fc.oneof(mixedBatch, collectionMessage()), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (bodies, repeat) => {
          const parsed = setup();
          const assessed = setup();
          const sent = repeat ? [...bodies, ...bodies] : bodies;
          for (const body of sent) {
            const route = 'batch' in body ? 'batch' : String(body.type ?? 'track');
            const request = asBytes(jsonRequest(route, JSON.stringify(body), { writeKey: 'wk' }));
            if (parsed.service.handle(request).status !== 200) return false;
            const assessment = assessRequest(route, request.body, request.headers);
            const answer =
              assessment === undefined
                ? assessed.service.handle(request)
                : assessed.service.handleAssessed(request, assessment);
            if (answer?.status !== 200) return false;
          }
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
  const assessment = assessRequest('batch', request.body, request.headers);
  t.like(assessment, { kind: 'batch', messageIds: ['m-1', undefined, 'm-1'], destinations: [2, 3, 3] });
  t.is(service.handleAssessed(request, assessment as NonNullable<typeof assessment>)?.status, 200);
  t.deepEqual(
    journal.query({ limit: 10 }).events.map((entry) => entry.status),
    ['filtered', 'accepted', 'duplicate'],
  );
  t.is(journal.query({ userId: 'u1' }).total, 2);
  t.deepEqual(journal.writeKeysForUser('anon-1'), ['wk']);
  t.is(journal.query({ messageId: 'm-1' }).total, 2);
});

test('no assessment for what the service must refuse or name: bad JSON, gzip, an invalid event, too many events', (t) => {
  const bytes = (text: string) => Buffer.from(text);
  const json = { 'content-type': 'application/json' };
  t.is(assessRequest('batch', bytes('{"batch":'), json), undefined);
  t.is(assessRequest('batch', bytes('{"batch":[]}'), { ...json, 'content-encoding': 'gzip' }), undefined);
  t.is(assessRequest('track', bytes('{"event":"no user"}'), json), undefined);
  t.is(assessRequest('batch', bytes('[1]'), json), undefined);
  t.is(assessRequest('nowhere', bytes('{}'), json), undefined);
  const many = JSON.stringify({ batch: Array.from({ length: 2_501 }, () => ({ type: 'identify', userId: 'u' })) });
  t.is(assessRequest('batch', bytes(many), json), undefined);
  t.like(assessRequest('t', bytes('{"userId":"u","event":"E","writeKey":"in-body"}'), json), {
    kind: 'track',
    bodyKey: 'in-body',
    userIds: ['u'],
    types: ['track'],
  });
});

test('handleAssessed declines where handle must answer: strict mode, an unknown key, a source whose events are read now', (t) => {
  const body = JSON.stringify({ userId: 'u', event: 'E' });
  const request = asBytes(jsonRequest('track', body, { writeKey: 'wk' }));
  const assessment = assessRequest('track', request.body, request.headers);
  if (assessment === undefined) throw new Error('a valid track call is assessed');
  t.is(setup({ strict: true }).service.handleAssessed(request, assessment), undefined);
  t.is(setup({ sources: [{ writeKey: 'other' }] }).service.handleAssessed(request, assessment), undefined);
  const listened = setup();
  listened.service.onAccepted(() => {});
  t.is(listened.service.handleAssessed(request, assessment), undefined);
  t.is(listened.journal.query({}).total, 0, 'nothing journaled when it declines');
});

test('the ingest-thread path answers a missing key as handle does: the assessment names no key, handleAssessed declines, handle says 400', (t) => {
  const { journal, service } = setup();
  const request = asBytes(
    jsonRequest('batch', { batch: [{ type: 'track', userId: 'u', event: 'E' }] }, { writeKey: null }),
  );
  const assessment = assessRequest('batch', request.body, request.headers);
  t.is(assessment?.bodyKey, undefined);
  t.is(service.handleAssessed(request, assessment as NonNullable<typeof assessment>), undefined);
  t.like(service.handle(request), { status: 400, body: { code: 'MISSING_WRITE_KEY' } });
  t.is(journal.counts().all, 0);
});

test('a Python SDK batch ("category": null) is assessed valid on an ingest thread, as handle accepts it', (t) => {
  const { journal, service } = setup();
  const body = {
    batch: [{ type: 'page', userId: 'u1', anonymousId: null, category: null, name: null, properties: {}, context: {} }],
    writeKey: 'wk_python',
  };
  const request = asBytes(jsonRequest('batch', body, { writeKey: null }));
  const assessment = assessRequest('batch', request.body, request.headers);
  t.like(assessment, { bodyKey: 'wk_python', messageIds: [undefined] });
  t.is(service.handleAssessed(request, assessment as NonNullable<typeof assessment>)?.status, 200);
  t.like(journal.query().events[0], { status: 'accepted', event: { category: null, name: null } });
});
