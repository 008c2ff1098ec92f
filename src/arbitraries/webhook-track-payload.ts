import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type WebhookTrackPayloadConstraints = PayloadConstraints;

/** The track delivery (rule 2.2). */
export function webhookTrackPayload(
  constraints: WebhookTrackPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'track',
      required: { event: identifier(constraints) },
      optional: { properties: freeForm(constraints) },
      identity: 'either',
      padField: 'properties',
      webhook: true,
    },
    constraints,
  );
}
