import test from 'ava';
import fc from 'fast-check';
import * as arb from '../../src/arbitraries/index.js';
import { validate, type SchemaName } from '../../src/contract/index.js';

function assertReported(schema: SchemaName, invalid: fc.Arbitrary<arb.InvalidValue>, seed?: number): void {
  fc.assert(
    fc.property(invalid, ({ value, pointer, rule, description }) => {
      const result = validate(schema, value);
      if (result.ok) throw new Error(`${description}: accepted`);
      // Exactly one rule broken: every violation reported is the expected one (an anyOf may also list its branches).
      if (result.violations.length === 0 || !result.violations.every((v) => v.pointer === pointer && v.rule === rule)) {
        throw new Error(
          `${description}: expected only ${rule} at ${pointer}, got ${JSON.stringify(result.violations.map((v) => [v.pointer, v.rule]))}`,
        );
      }
    }),
    { numRuns: 60, ...(seed !== undefined ? { seed } : {}) },
  );
}

// The seed a CI run found: a free-form context key named `app` kept its string value when the documented `app`
// object was left out, so a message meant to break one rule broke two.
test('context extras never take a documented key (the seed of a CI failure)', (t) => {
  t.notThrows(() => assertReported('screen', arb.invalidCollectionMessage({ type: 'screen' }), -1570458056));
});

for (const type of ['identify', 'track', 'page', 'screen', 'group', 'alias'] as const) {
  test(`invalid ${type} messages fail with the expected pointer and rule`, (t) => {
    t.notThrows(() => assertReported(type, arb.invalidCollectionMessage({ type })));
    t.notThrows(
      () => assertReported('collection-message', arb.invalidCollectionMessage({ type })),
      'the same violation through the union schema',
    );
  });
}

for (const type of ['page', 'screen', 'identify', 'track', 'alias', 'group', 'delete'] as const) {
  test(`invalid webhook ${type} payloads fail with the expected pointer and rule`, (t) => {
    t.notThrows(() => assertReported(`webhook-${type}`, arb.invalidWebhookPayload({ type })));
    t.notThrows(
      () => assertReported('webhook-payload', arb.invalidWebhookPayload({ type })),
      'the same violation through the union schema',
    );
  });
}

test('invalid webhook settings fail with the expected pointer and rule', (t) => {
  t.notThrows(() => assertReported('webhook-settings', arb.invalidWebhookSettings()));
});

test('an unknown type is reported by the collection-message discriminator', (t) => {
  const result = validate('collection-message', { type: 'rocket', userId: 'u' });
  t.false(result.ok);
  t.deepEqual(result.ok ? [] : result.violations.map((v) => [v.pointer, v.rule]), [['/type', 'discriminator']]);
  t.throws(() => arb.invalidVariant(fc.constant({}), []), { instanceOf: RangeError });
});
