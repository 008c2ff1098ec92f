// A fuzz of the collection routes with valid, invalid and hostile bodies and headers: never a 5xx, never a
// crash, always a JSON answer in the service shape, and every event of a 200 is in the journal.
import test from 'ava';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import {
  batchEnvelope,
  collectionMessage,
  hostileString,
  invalidCollectionMessage,
} from '../../src/arbitraries/index.js';
import { COLLECTION_ROUTES } from '../../src/domain/collection/index.js';
import type { JournalEntry } from '../../src/index.js';
import { startHarness } from '../helpers/harness.js';

/** A JSON value nested `depth` levels, with brackets inside strings on the way (they must not count). */
const nestedValue = (depth: number, leaf: string) => `${'['.repeat(depth)}${JSON.stringify(leaf)}${']'.repeat(depth)}`;
const deepBody = fc
  .tuple(fc.integer({ min: 95, max: 6_000 }), fc.constantFrom('[[{{', ']]}}', 'x'), fc.boolean())
  .map(([depth, leaf, batch]) =>
    batch
      ? `{"batch":[{"type":"track","userId":"u","event":"e","properties":{"p":${nestedValue(depth, leaf)}}}]}`
      : `{"userId":"u","event":"e","properties":{"p":${nestedValue(depth, leaf)}}}`,
  );
// Times at and past the edges of what can be written: the clock-skew correction and enrichment must not throw.
const extremeTime = fc.constantFrom(
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+010000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  'not a date',
  1e308,
  -1e308,
  0,
);
const extremeTimes = fc
  .record({ timestamp: extremeTime, sentAt: extremeTime, originalTimestamp: extremeTime }, { requiredKeys: [] })
  .map((times) =>
    JSON.stringify({
      batch: [{ type: 'track', userId: 'u', event: 'e', ...times }],
      ...('sentAt' in times ? { sentAt: times.sentAt } : {}),
    }),
  );

const body = fc.oneof(
  deepBody,
  extremeTimes,
  batchEnvelope({ maxEvents: 6, unicode: 'hostile' }).map((b) => JSON.stringify(b)),
  collectionMessage({ unicode: 'hostile' }).map((m) => JSON.stringify(m)),
  fc
    .constantFrom('identify', 'track', 'group', 'alias')
    .chain((type) => invalidCollectionMessage({ type: type as 'track' }))
    .map((i) => JSON.stringify(i.value)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  hostileString({ maxLength: 40 }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '{"batch": {}}',
    '{"batch": [null, 1, "x"]}',
    '{"__proto__": {"polluted": true}, "userId": "u", "event": "e"}',
  ),
);

const headers = fc.record(
  {
    authorization: fc.oneof(
      fc.constant(`Basic ${Buffer.from('fuzz:').toString('base64')}`),
      fc.constant('Basic'),
      fc.constant('Bearer x'),
      fc.constant(`Basic ${Buffer.from(':').toString('base64')}`),
      fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    ),
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/json; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      '',
    ),
    'content-encoding': fc.constantFrom('gzip', 'identity', 'br', 'deflate'),
  },
  { requiredKeys: [] },
);

/** Every accepted entry reads back enriched (the journal rebuilds events from the request text on read). */
function assertReadBack(entries: readonly JournalEntry[]): void {
  for (const entry of entries) {
    const event = entry.event;
    if (typeof event.messageId !== 'string' || typeof event.receivedAt !== 'string')
      throw new Error(`entry ${entry.seq} reads back without its enrichment: ${JSON.stringify(entry).slice(0, 120)}`);
    // Whatever times the client sent, the service's own are ISO 8601 with a four-digit year.
    if (entry.status === 'accepted' && !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(String(event.timestamp)))
      throw new Error(`entry ${entry.seq} has timestamp ${String(event.timestamp)}`);
  }
}

/** An error answer in the service's one shape: success false, a code, a message. */
function assertServiceShape(answer: { success: boolean; code?: string; message?: string }, payload: string): void {
  if (
    answer.success !== false ||
    typeof answer.code !== 'string' ||
    typeof answer.message !== 'string' ||
    answer.message.length === 0
  )
    throw new Error(`error without the service shape: ${payload}`);
}

test('property: the collection routes never answer 5xx, always answer JSON, and lose nothing they accepted', async (t) => {
  const harness = await startHarness(t, { listen: false });
  const routes = Object.keys(COLLECTION_ROUTES);
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, headers, fc.boolean(), async (route, text, hdrs, gzipIt) => {
        const cleanHeaders = Object.fromEntries(Object.entries(hdrs).filter(([, v]) => v !== ''));
        const payload =
          gzipIt && cleanHeaders['content-encoding'] === 'gzip'
            ? gzipSync(Buffer.from(text, 'utf8'))
            : Buffer.from(text, 'utf8');
        const before = harness.journal.counts().all;
        const response = await harness.inject({ method: 'POST', url: `/v1/${route}`, headers: cleanHeaders, payload });
        if (response.statusCode >= 500) throw new Error(`${response.statusCode} for ${route} ${text.slice(0, 80)}`);
        const answer = JSON.parse(response.payload) as { success: boolean; code?: string; message?: string };
        if (response.statusCode === 200) {
          if (answer.success !== true) throw new Error('200 without success: true');
          const parsed = JSON.parse(text) as { batch?: unknown[] };
          const expected = route === 'batch' || route === 'import' || route === 'b' ? (parsed.batch?.length ?? 0) : 1;
          if (harness.journal.counts().all - before !== expected)
            throw new Error(`journal grew by ${harness.journal.counts().all - before}, expected ${expected}`);
          assertReadBack(harness.journal.query({ order: 'newest', limit: expected }).events);
        } else assertServiceShape(answer, response.payload);
      }),
      { numRuns: 300 },
    ),
  );
  t.false(Object.hasOwn(Object.prototype, 'polluted'));
});

const ADMIN_ROUTES: readonly (readonly [string, string])[] = [
  ['GET', '/__harness/health'],
  ['GET', '/__harness/events'],
  ['GET', '/__harness/sources'],
  ['GET', '/__harness/clock'],
  ['GET', '/__harness/deliveries'],
  ['POST', '/__harness/clock/advance'],
  ['POST', '/__harness/clock/next'],
  ['POST', '/__harness/clock/next-retry'],
  ['POST', '/__harness/clock/run-until-idle'],
  ['POST', '/__harness/faults'],
  ['DELETE', '/__harness/faults'],
  ['POST', '/__harness/deletions'],
  ['PUT', '/__harness/audiences/fuzz'],
  ['POST', '/__harness/audiences/fuzz/sync'],
  ['POST', '/__harness/deliveries/d_1/redeliver'],
  ['POST', '/__harness/reset'],
  ['GET', '/__harness/deliveries/nope'],
];
const extremeNumber = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  8.64e15,
  251_698_233_599_999,
  2 ** 31,
  -0,
  0.5,
  86_400_001,
);
const adminBody = fc.oneof(
  fc
    .record(
      {
        ms: fc.oneof(extremeNumber, fc.double()),
        settle: fc.boolean(),
        budgetMs: fc.oneof(extremeNumber, fc.constant(50)),
      },
      { requiredKeys: ['ms'] },
    )
    .map((b) => JSON.stringify(b)),
  fc
    .record(
      {
        count: fc.oneof(extremeNumber, fc.integer()),
        status: fc.oneof(fc.integer({ min: 100, max: 700 }), extremeNumber),
        delayMs: extremeNumber,
        retryAfter: extremeNumber,
        share: fc.double(),
      },
      { requiredKeys: [] },
    )
    .map((b) => JSON.stringify(b)),
  fc
    .record(
      {
        userIds: fc.array(hostileString({ maxLength: 20 }), { maxLength: 4 }),
        writeKeys: fc.array(fc.string(), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((b) => JSON.stringify(b)),
  fc
    .record(
      { members: fc.array(fc.string(), { maxLength: 4 }), rule: fc.jsonValue({ maxDepth: 3 }) },
      { requiredKeys: [] },
    )
    .map((b) => JSON.stringify(b)),
  fc.integer({ min: 90, max: 6_000 }).map((depth) => `{"userIds":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    'null',
    '{"__proto__":{"x":1},"count":1,"status":503}',
    '{"constructor":{"prototype":{"x":1}}}',
  ),
);

test('property: the admin routes never answer 5xx, always answer JSON in the service shape, whatever the body and clock extremes', async (t) => {
  const harness = await startHarness(t, { listen: false, clock: 'fake' });
  await t.notThrowsAsync(
    fc.assert(
      fc.asyncProperty(fc.constantFrom(...ADMIN_ROUTES), adminBody, async ([method, url], text) => {
        const response = await harness.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: text,
        });
        if (response.statusCode >= 500 && !(response.statusCode === 504 && url.includes('run-until-idle')))
          throw new Error(
            `${response.statusCode} for ${method} ${url} ${text.slice(0, 120)}: ${response.payload.slice(0, 200)}`,
          );
        const answer = JSON.parse(response.payload) as { success?: boolean; code?: string; message?: string };
        if (
          response.statusCode >= 400 &&
          (answer.success !== false || typeof answer.code !== 'string' || typeof answer.message !== 'string')
        )
          throw new Error(`error without the service shape: ${response.payload}`);
        // The clock can always be read and written after it, and the collection API still answers.
        const clock = JSON.parse((await harness.inject('/__harness/clock')).payload) as { now: string };
        if (Number.isNaN(Date.parse(clock.now))) throw new Error(`the clock reads ${clock.now}`);
        const track = await harness.inject({
          method: 'POST',
          url: '/v1/track',
          headers: {
            'content-type': 'application/json',
            authorization: `Basic ${Buffer.from('fuzz:').toString('base64')}`,
          },
          payload: '{"userId":"u","event":"e"}',
        });
        if (
          track.statusCode !== 200 &&
          track.statusCode !== 503 &&
          track.statusCode !== 429 &&
          !(track.statusCode >= 300 && track.statusCode < 500)
        )
          throw new Error(`collection answered ${track.statusCode} after ${method} ${url} ${text.slice(0, 80)}`);
        if ((await harness.inject('/__harness/events?limit=1&order=newest')).statusCode !== 200)
          throw new Error('the journal cannot be read');
      }),
      { numRuns: 200 },
    ),
  );
  t.false(Object.hasOwn(Object.prototype, 'x'));
});
