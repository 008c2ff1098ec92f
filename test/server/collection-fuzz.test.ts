// A fuzz of the collection routes with valid, invalid and hostile bodies and headers: never a 5xx, never a
// crash, always a JSON answer in the service shape, and every event of a 200 is in the journal.
import test from 'ava';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { batchEnvelope, collectionMessage, hostileString, invalidCollectionMessage } from '../../src/arbitraries/index.js';
import { COLLECTION_ROUTES } from '../../src/collection/index.js';
import { startHarness } from '../helpers/harness.js';

const body = fc.oneof(
  batchEnvelope({ maxEvents: 6, unicode: 'hostile' }).map((b) => JSON.stringify(b)),
  collectionMessage({ unicode: 'hostile' }).map((m) => JSON.stringify(m)),
  fc.constantFrom('identify', 'track', 'group', 'alias').chain((type) => invalidCollectionMessage({ type: type as 'track' })).map((i) => JSON.stringify(i.value)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  hostileString({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom('', '{', '[]', 'null', '{"batch": {}}', '{"batch": [null, 1, "x"]}', '{"__proto__": {"polluted": true}, "userId": "u", "event": "e"}'),
);

const headers = fc.record(
  {
    authorization: fc.oneof(fc.constant(`Basic ${Buffer.from('fuzz:').toString('base64')}`), fc.constant('Basic'), fc.constant('Bearer x'), fc.constant(`Basic ${Buffer.from(':').toString('base64')}`), fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))),
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data', ''),
    'content-encoding': fc.constantFrom('gzip', 'identity', 'br', 'deflate'),
  },
  { requiredKeys: [] },
);

test('property: the collection routes never answer 5xx, always answer JSON, and lose nothing they accepted', async (t) => {
  const harness = await startHarness(t, { listen: false });
  const routes = Object.keys(COLLECTION_ROUTES);
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, headers, fc.boolean(), async (route, text, hdrs, gzipIt) => {
        const cleanHeaders = Object.fromEntries(Object.entries(hdrs).filter(([, v]) => v !== ''));
        const payload = gzipIt && cleanHeaders['content-encoding'] === 'gzip' ? gzipSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
        const before = harness.journal.counts().all;
        const response = await harness.inject({ method: 'POST', url: `/v1/${route}`, headers: cleanHeaders, payload });
        if (response.statusCode >= 500) throw new Error(`${response.statusCode} for ${route} ${text.slice(0, 80)}`);
        const answer = JSON.parse(response.payload) as { success: boolean; code?: string; message?: string };
        if (response.statusCode === 200) {
          if (answer.success !== true) throw new Error('200 without success: true');
          const parsed = JSON.parse(gzipIt && cleanHeaders['content-encoding'] === 'gzip' ? text : text) as { batch?: unknown[] };
          const expected = route === 'batch' || route === 'import' || route === 'b' ? (parsed.batch?.length ?? 0) : 1;
          if (harness.journal.counts().all - before !== expected) throw new Error(`journal grew by ${harness.journal.counts().all - before}, expected ${expected}`);
          // Every one of them reads back (the journal rebuilds events from the request text on read).
          for (const entry of harness.journal.query({ order: 'newest', limit: expected }).events) {
            const event = entry.event;
            if (typeof event.messageId !== 'string' || typeof event.receivedAt !== 'string') throw new Error(`entry ${entry.seq} reads back without its enrichment: ${JSON.stringify(entry).slice(0, 120)}`);
          }
        } else if (answer.success !== false || typeof answer.code !== 'string' || typeof answer.message !== 'string' || answer.message.length === 0) {
          throw new Error(`error without the service shape: ${response.payload}`);
        }
      }),
      { numRuns: 300 },
    ),
  );
  t.false(Object.hasOwn(Object.prototype, 'polluted'));
});
