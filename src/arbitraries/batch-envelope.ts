import fc from 'fast-check';
import { collectionMessage } from './collection-message.js';
import type { PayloadConstraints } from './constraints.js';
import { contextObject } from './context.js';
import { integrationsMap } from './integrations-map.js';
import { isoTimestamp } from './timestamps.js';

export interface BatchEnvelopeConstraints extends Omit<PayloadConstraints, 'targetBytes'> {
  /** Events in the batch. Default 0..20. */
  readonly minEvents?: number;
  readonly maxEvents?: number;
}

/** The body of POST /v1/batch: events plus envelope context, integrations, sentAt and writeKey. */
export function batchEnvelope(constraints: BatchEnvelopeConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  const { minEvents = 0, maxEvents = 20, ...message } = constraints;
  return fc
    .tuple(
      fc.array(collectionMessage(message), { minLength: minEvents, maxLength: maxEvents }),
      fc.record(
        {
          context: contextObject(message),
          integrations: integrationsMap(),
          sentAt: isoTimestamp(),
          writeKey: fc.string({ minLength: 1, maxLength: 20 }),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([batch, envelope]) => ({ ...envelope, batch }));
}
