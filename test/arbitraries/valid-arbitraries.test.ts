import test from 'ava';
import fc from 'fast-check';
import * as arb from '../../src/arbitraries/index.js';
import { validate, type SchemaName } from '../../src/contract/index.js';

const RUNS = { numRuns: 60 };

const valid: [SchemaName, string, () => fc.Arbitrary<unknown>][] = [
  ['identify', `identifyMessage({ unicode: 'hostile' })`, () => arb.identifyMessage({ unicode: 'hostile' })],
  [
    'track',
    `trackMessage({ unicode: 'hostile', withOptional: 'always' })`,
    () => arb.trackMessage({ unicode: 'hostile', withOptional: 'always' }),
  ],
  ['page', `pageMessage()`, () => arb.pageMessage()],
  ['screen', `screenMessage({ withOptional: 'never' })`, () => arb.screenMessage({ withOptional: 'never' })],
  ['group', `groupMessage({ unicode: 'hostile' })`, () => arb.groupMessage({ unicode: 'hostile' })],
  ['alias', `aliasMessage({ unicode: 'ascii' })`, () => arb.aliasMessage({ unicode: 'ascii' })],
  [
    'collection-message',
    `collectionMessage({ unicode: 'hostile' })`,
    () => arb.collectionMessage({ unicode: 'hostile' }),
  ],
  ['batch', `batchEnvelope({ maxEvents: 5 })`, () => arb.batchEnvelope({ maxEvents: 5 })],
  ['webhook-page', `webhookPagePayload({ unicode: 'hostile' })`, () => arb.webhookPagePayload({ unicode: 'hostile' })],
  ['webhook-screen', `webhookScreenPayload()`, () => arb.webhookScreenPayload()],
  [
    'webhook-identify',
    `webhookIdentifyPayload({ unicode: 'hostile' })`,
    () => arb.webhookIdentifyPayload({ unicode: 'hostile' }),
  ],
  ['webhook-identify', `audienceIdentifyPayload()`, () => arb.audienceIdentifyPayload()],
  [
    'webhook-track',
    `webhookTrackPayload({ withOptional: 'always', maxDepth: 6 })`,
    () => arb.webhookTrackPayload({ withOptional: 'always', maxDepth: 6 }),
  ],
  ['webhook-alias', `webhookAliasPayload({ fields: 'either' })`, () => arb.webhookAliasPayload({ fields: 'either' })],
  [
    'webhook-group',
    `webhookGroupPayload({ unicode: 'hostile' })`,
    () => arb.webhookGroupPayload({ unicode: 'hostile' }),
  ],
  [
    'webhook-delete',
    `webhookDeletePayload({ unicode: 'hostile' })`,
    () => arb.webhookDeletePayload({ unicode: 'hostile' }),
  ],
  ['webhook-payload', `webhookPayload({ unicode: 'hostile' })`, () => arb.webhookPayload({ unicode: 'hostile' })],
  ['webhook-settings', `webhookSettings()`, () => arb.webhookSettings()],
  [
    'webhook-settings',
    `webhookSettings({ secret: 'always', maxWebhooks: 2 })`,
    () => arb.webhookSettings({ secret: 'always', maxWebhooks: 2 }),
  ],
  ['webhook-settings', `webhookSettings({ secret: 'never' })`, () => arb.webhookSettings({ secret: 'never' })],
  ['client-options', `clientOptions()`, () => arb.clientOptions()],
  ['deletion-request', `deletionRequest()`, () => arb.deletionRequest()],
  ['audience', `audienceDefinition()`, () => arb.audienceDefinition()],
  ['harness-config', `harnessConfig()`, () => arb.harnessConfig()],
];

for (const [schema, name, make] of valid) {
  test(`every value of ${name} passes the ${schema} validator`, (t) => {
    t.notThrows(() =>
      fc.assert(
        fc.property(make(), (value) => {
          const result = validate(schema, value);
          if (!result.ok) throw new Error(result.violations.map((v) => v.message).join('; '));
        }),
        RUNS,
      ),
    );
  });
}

test('webhook payloads survive JSON round trips byte for byte', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(arb.webhookPayload({ unicode: 'hostile', maxDepth: 5 }), (payload) => {
        const body = JSON.stringify(payload);
        return JSON.stringify(JSON.parse(body)) === body;
      }),
      { numRuns: 200 },
    ),
  );
});

test('hostile content shows up: keys with spaces, __proto__ as an own key, lone surrogates, edge numbers', (t) => {
  const samples = fc.sample(arb.freeFormObject({ unicode: 'hostile', maxKeys: 8 }), { numRuns: 400, seed: 1 });
  const text = samples.map((s) => JSON.stringify(s)).join('\n');
  t.true(samples.some((s) => Object.keys(s).some((k) => k.includes(' '))));
  t.true(samples.some((s) => Object.hasOwn(s, '__proto__')));
  t.true(
    samples.every((s) => Object.getPrototypeOf(s) === Object.prototype),
    'own keys, never prototype changes',
  );
  t.true(/\\ud[89ab][0-9a-f]{2}/.test(text), 'a lone surrogate escaped by JSON.stringify');
  t.true(fc.sample(arb.jsonNumber(), { numRuns: 300, seed: 2 }).some((n) => Object.is(n, -0) || n === 1e21));
  t.true(fc.sample(arb.hostileString(), { numRuns: 300, seed: 3 }).some((s) => s.includes('\u2028')));
  t.true(fc.sample(arb.hostileString({ unicode: 'ascii', maxLength: 5 }), { numRuns: 50 }).every((s) => s.length <= 5));
});

test('sized arbitraries hit exact byte counts on both sides of 32,768', (t) => {
  for (const bytes of [32_767, 32_768, 32_769]) {
    const sizes = fc
      .sample(arb.collectionMessage({ targetBytes: { min: bytes, max: bytes } }), { numRuns: 20 })
      .map((v) => Buffer.byteLength(JSON.stringify(v)));
    t.deepEqual([...new Set(sizes)], [bytes]);
  }
  const around = fc
    .sample(arb.webhookPayload({ unicode: 'hostile', targetBytes: { min: 32_764, max: 32_772 } }), { numRuns: 50 })
    .map((v) => Buffer.byteLength(JSON.stringify(v)));
  t.true(around.every((n) => n >= 32_764 && n <= 32_772));
  t.true(around.some((n) => n < 32_768) && around.some((n) => n > 32_768), `both sides: ${around.join(',')}`);
  t.throws(() => arb.padToBytes(fc.constant({}), { min: 5, max: 1 }, 'p'), { instanceOf: RangeError });
  t.throws(
    () =>
      arb.webhookDeletePayload().map((v) => v) && arb.padToBytes(arb.webhookDeletePayload(), { min: 10, max: 5 }, 'x'),
    { instanceOf: RangeError, message: /min <= max/ },
  );
});

test('timestamps: UTC milliseconds for payloads, any RFC 3339 form for clients', (t) => {
  t.true(fc.sample(arb.utcMillisTimestamp(), 50).every((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s)));
  const forms = fc.sample(arb.isoTimestamp(), { numRuns: 200, seed: 4 });
  t.true(forms.every((s) => !Number.isNaN(Date.parse(s))));
  t.true(forms.some((s) => s.endsWith('+02:00')) && forms.some((s) => !s.includes('.')));
});
