import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type TrackMessageConstraints = PayloadConstraints;

/** A Track call (rule 2.3): an event name, userId or anonymousId, free-form properties. */
export function trackMessage(constraints: TrackMessageConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'track',
      required: { event: identifier(constraints) },
      optional: { properties: freeForm(constraints) },
      identity: 'either',
      padField: 'properties',
    },
    constraints,
  );
}
