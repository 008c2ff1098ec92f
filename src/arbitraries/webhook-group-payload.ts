import type fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type WebhookGroupPayloadConstraints = PayloadConstraints;

/** The group delivery (rule 2.2): groupId and traits whose keys may contain spaces. */
export function webhookGroupPayload(
  constraints: WebhookGroupPayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  return messageArbitrary(
    {
      type: 'group',
      required: { groupId: identifier(constraints) },
      optional: { traits: freeForm(constraints) },
      identity: 'either',
      padField: 'traits',
      webhook: true,
    },
    constraints,
  );
}
