import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';
import { contextObject } from './context.js';

export type WebhookScreenPayloadConstraints = PayloadConstraints;

/** The screen delivery (rule 2.2) with the documented context. */
export function webhookScreenPayload(
  constraints: WebhookScreenPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'screen',
      required: { context: contextObject(constraints) },
      optional: { name: identifier(constraints), properties: freeForm(constraints) },
      identity: 'either',
      padField: 'properties',
      webhook: true,
    },
    constraints,
  );
}
