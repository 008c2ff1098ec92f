import fc from 'fast-check';
import { identifier } from './message-fields.js';

/** An audience (SPEC 6.2): a name with given members or a rule over the journal. */
export function audienceDefinition(): fc.Arbitrary<Record<string, unknown>> {
  const name = fc.tuple(fc.stringMatching(/^[A-Za-z0-9]$/), fc.string({ maxLength: 20 })).map(([a, b]) => a + b);
  const members = fc.uniqueArray(identifier(), { maxLength: 6 });
  const rule = fc.oneof(
    fc.record({ performed: fc.string({ minLength: 1, maxLength: 20 }), atLeast: fc.integer({ min: 1, max: 5 }) }, { requiredKeys: ['performed'] }),
    fc.record({ trait: fc.string({ minLength: 1, maxLength: 12 }), equals: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)) }),
  );
  return fc.oneof(fc.record({ name, members }), fc.record({ name, rule }), fc.record({ name, members, writeKeys: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 2 }) }));
}
