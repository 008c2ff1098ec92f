import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type ScreenMessageConstraints = PayloadConstraints;

/** A Screen call: a screen name and properties. */
export function screenMessage(constraints: ScreenMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'screen',
      required: {},
      optional: { name: identifier(constraints), properties: freeForm(constraints) },
      identity: 'either',
      padField: 'properties',
    },
    constraints,
  );
}
