import fc from 'fast-check';
import { identifier } from './message-fields.js';

export interface AudienceDefinitionConstraints {
  /** 'members' (a given list), 'rule' (computed over the journal) or 'either' (default). */
  readonly membership?: 'members' | 'rule' | 'either';
  /** Members of a given list, 0..6 by default. */
  readonly maxMembers?: number;
}

/** An audience (rule 6.2): a name with given members or a rule over the journal. */
export function audienceDefinition(
  constraints: AudienceDefinitionConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  const name = fc.tuple(fc.stringMatching(/^[A-Za-z0-9]$/), fc.string({ maxLength: 20 })).map(([a, b]) => a + b);
  const members = fc.uniqueArray(identifier(), { maxLength: constraints.maxMembers ?? 6 });
  const rule = fc.oneof(
    fc.record(
      { performed: fc.string({ minLength: 1, maxLength: 20 }), atLeast: fc.integer({ min: 1, max: 5 }) },
      { requiredKeys: ['performed'] },
    ),
    fc.record({
      trait: fc.string({ minLength: 1, maxLength: 12 }),
      equals: fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
    }),
  );
  const given = fc.oneof(
    fc.record({ name, members }),
    fc.record({ name, members, writeKeys: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 2 }) }),
  );
  const computed = fc.record({ name, rule });
  const membership = constraints.membership ?? 'either';
  return membership === 'members' ? given : membership === 'rule' ? computed : fc.oneof(given, computed);
}
