import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, messageArbitrary } from './message-fields.js';

export type IdentifyMessageConstraints = PayloadConstraints;

/** An Identify call (rule 2.3): userId or anonymousId, free-form traits. */
export function identifyMessage(constraints: IdentifyMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'identify',
      required: {},
      optional: { traits: freeForm(constraints) },
      identity: 'either',
      padField: 'traits',
    },
    constraints,
  );
}
