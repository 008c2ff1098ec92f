import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { identifier, messageArbitrary } from './message-fields.js';

export type AliasMessageConstraints = PayloadConstraints;

/** An Alias call (rule 2.3): the new userId and the previousId. */
export function aliasMessage(constraints: AliasMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'alias',
      required: { userId: identifier(constraints), previousId: identifier(constraints) },
      optional: {},
      identity: 'none',
      padField: 'context',
    },
    constraints,
  );
}
