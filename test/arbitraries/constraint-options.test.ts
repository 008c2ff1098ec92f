import test from 'ava';
import fc from 'fast-check';
import * as arb from '../../src/arbitraries/index.js';
import { validate, type SchemaName } from '../../src/contract/index.js';

const RUNS = { numRuns: 40 };

const cases: [SchemaName, string, fc.Arbitrary<unknown>][] = [
  ['client-options', `clientOptions({ withOptional: 'always' })`, arb.clientOptions({ withOptional: 'always' })],
  ['client-options', `clientOptions({ withOptional: 'never' })`, arb.clientOptions({ withOptional: 'never' })],
  [
    'deletion-request',
    `deletionRequest({ unicode: 'hostile', maxUserIds: 2 })`,
    arb.deletionRequest({ unicode: 'hostile', maxUserIds: 2 }),
  ],
  [
    'audience',
    `audienceDefinition({ membership: 'members', maxMembers: 2 })`,
    arb.audienceDefinition({ membership: 'members', maxMembers: 2 }),
  ],
  ['audience', `audienceDefinition({ membership: 'rule' })`, arb.audienceDefinition({ membership: 'rule' })],
  [
    'harness-config',
    `harnessConfig({ withOptional: 'always', maxSources: 1 })`,
    arb.harnessConfig({ withOptional: 'always', maxSources: 1 }),
  ],
  ['harness-config', `harnessConfig({ withOptional: 'never' })`, arb.harnessConfig({ withOptional: 'never' })],
];

for (const [schema, name, arbitrary] of cases) {
  test(`every value of ${name} passes the ${schema} validator`, (t) => {
    t.notThrows(() =>
      fc.assert(
        fc.property(arbitrary, (value) => {
          const result = validate(schema, value);
          if (!result.ok) throw new Error(result.violations.map((v) => v.message).join('; '));
        }),
        RUNS,
      ),
    );
  });
}

test('constraints shape the values: optional fields, list sizes, membership kind', (t) => {
  t.true(fc.sample(arb.clientOptions({ withOptional: 'always' }), 20).every((o) => Object.keys(o).length === 6));
  t.true(fc.sample(arb.clientOptions({ withOptional: 'never' }), 5).every((o) => Object.keys(o).length === 0));
  t.true(fc.sample(arb.deletionRequest({ maxUserIds: 2 }), 30).every((d) => (d.userIds as unknown[]).length <= 2));
  t.true(fc.sample(arb.audienceDefinition({ membership: 'rule' }), 20).every((a) => 'rule' in a && !('members' in a)));
  t.true(
    fc
      .sample(arb.audienceDefinition({ membership: 'members', maxMembers: 2 }), 20)
      .every((a) => (a.members as unknown[]).length <= 2),
  );
  t.true(
    fc
      .sample(arb.harnessConfig({ withOptional: 'always', maxSources: 1 }), 20)
      .every((c) => (c.sources as unknown[]).length <= 1 && 'tls' in c && 'strict' in c),
  );
  t.deepEqual(fc.sample(arb.harnessConfig({ withOptional: 'never' }), 3), [{}, {}, {}]);
});

test('withOptional always/never on messages: optional fields all present or all absent', (t) => {
  const always = fc.sample(arb.trackMessage({ withOptional: 'always' }), 30);
  t.true(always.every((m) => ['messageId', 'timestamp', 'context', 'integrations', 'properties'].every((k) => k in m)));
  const never = fc.sample(arb.trackMessage({ withOptional: 'never' }), 30);
  t.true(
    never.every((m) => ['messageId', 'timestamp', 'context', 'integrations', 'properties'].every((k) => !(k in m))),
  );
  t.true(never.every((m) => m.type === 'track' && typeof m.event === 'string'));
});

test('hostile strings can be very long when maxLength allows, and respect the bounds', (t) => {
  const long = fc.sample(arb.hostileString({ unicode: 'hostile', minLength: 3, maxLength: 4096 }), {
    numRuns: 200,
    seed: 7,
  });
  t.true(long.every((s) => s.length >= 3 && s.length <= 4096));
  t.true(
    long.some((s) => s.length >= 2048),
    `longest ${Math.max(...long.map((s) => s.length))}`,
  );
  const short = fc.sample(arb.hostileString({ unicode: 'hostile', maxLength: 24 }), { numRuns: 200, seed: 8 });
  t.true(short.every((s) => s.length <= 24 || arb.HOSTILE_STRINGS.some((h) => s.startsWith(h))));
});

test('webhook payloads with very long hostile text still validate and round-trip', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(
        arb.webhookPayload({ unicode: 'hostile', withOptional: 'always', maxDepth: 4, maxKeys: 8 }),
        (payload) => {
          const body = JSON.stringify(payload);
          const result = validate('webhook-payload', payload);
          return result.ok && JSON.stringify(JSON.parse(body)) === body;
        },
      ),
      { numRuns: 60 },
    ),
  );
});

test('audience identify payloads carry a snake_case trait and context.personas', (t) => {
  const values = fc.sample(arb.audienceIdentifyPayload({ audience: 'High Value Users' }), 20);
  for (const v of values) {
    const traits = v.traits as Record<string, unknown>;
    t.deepEqual(Object.keys(traits), ['high_value_users']);
    t.is(typeof traits.high_value_users, 'boolean');
    t.deepEqual((v.context as Record<string, unknown>).personas, {
      computation_class: 'audience',
      computation_key: 'high_value_users',
    });
  }
});

test('sized alias payloads hit the exact size in both spellings, and sized unions include alias', (t) => {
  for (const fields of ['standard', 'documented', 'either'] as const) {
    const values = fc.sample(
      arb.webhookAliasPayload({ fields, unicode: 'hostile', targetBytes: { min: 32_768, max: 32_768 } }),
      15,
    );
    t.deepEqual([...new Set(values.map((v) => Buffer.byteLength(JSON.stringify(v))))], [32_768], fields);
    t.true(
      values.every((v) => validate('webhook-alias', v).ok),
      fields,
    );
  }
  const messages = fc.sample(arb.aliasMessage({ targetBytes: { min: 1_000, max: 1_000 } }), 15);
  t.true(messages.every((m) => Buffer.byteLength(JSON.stringify(m)) === 1_000 && validate('alias', m).ok));
  const union = fc.sample(arb.collectionMessage({ targetBytes: { min: 2_000, max: 2_000 } }), {
    numRuns: 120,
    seed: 9,
  });
  t.true(union.some((m) => m.type === 'alias'));
});

test('isoTimestamp: every fraction length and offset form is a valid date-time', (t) => {
  const values = fc.sample(arb.isoTimestamp(), { numRuns: 400, seed: 11 });
  t.true(
    values.every((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/.test(s)),
    'RFC 3339 shape',
  );
  t.true(values.every((s) => validate('track', { type: 'track', userId: 'u', event: 'e', timestamp: s }).ok));
  t.true(values.some((s) => /\.\d{1,2}[Z+-]/.test(s)) && values.some((s) => /\.\d{9}/.test(s)));
  t.true(values.some((s) => /[+-](0[13-9]|1\d):(15|45)$/.test(s)));
});

test('unknown constraint choices are refused with a RangeError naming what was received', (t) => {
  t.throws(() => arb.trackMessage({ unicode: 'emoji' as never }), {
    instanceOf: RangeError,
    message: 'unicode must be one of "ascii", "unicode", "hostile"; received "emoji"',
  });
  t.throws(() => arb.identifyMessage({ withOptional: 'often' as never }), {
    instanceOf: RangeError,
    message: /withOptional must be one of "never", "sometimes", "always"; received "often"/,
  });
  t.deepEqual([...arb.UNICODE_LEVELS], ['ascii', 'unicode', 'hostile']);
  t.deepEqual([...arb.OPTIONAL_FIELDS], ['never', 'sometimes', 'always']);
});
