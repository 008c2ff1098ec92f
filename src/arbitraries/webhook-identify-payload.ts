import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, messageArbitrary } from './message-fields.js';

export type WebhookIdentifyPayloadConstraints = PayloadConstraints;

/** The identify delivery (rule 2.2). */
export function webhookIdentifyPayload(
  constraints: WebhookIdentifyPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'identify',
      required: {},
      optional: { traits: freeForm(constraints) },
      identity: 'either',
      padField: 'traits',
      webhook: true,
    },
    constraints,
  );
}
