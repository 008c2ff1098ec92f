import fc from 'fast-check';
import type { PayloadConstraints } from './constraints.js';
import { freeForm, identifier, messageArbitrary } from './message-fields.js';

export type WebhookPagePayloadConstraints = PayloadConstraints;

/** The page delivery (rule 2.2): properties with the recognised path, referrer, title, url and custom keys. */
export function webhookPagePayload(
  constraints: WebhookPagePayloadConstraints = {},
): fc.Arbitrary<Record<string, unknown>> {
  const text = identifier(constraints);
  const properties = fc
    .tuple(
      fc.record({ path: text, referrer: fc.webUrl(), title: text, url: fc.webUrl() }, { requiredKeys: [] }),
      freeForm(constraints),
    )
    .map(([recognised, custom]) => ({ ...custom, ...recognised }));
  return messageArbitrary(
    {
      type: 'page',
      required: {},
      optional: { name: text, properties },
      identity: 'either',
      padField: 'properties',
      webhook: true,
    },
    constraints,
  );
}
