import fc from 'fast-check';
import { audienceIdentifyPayload } from './audience-identify-payload.js';
import type { PayloadConstraints } from './constraints.js';
import { webhookAliasPayload } from './webhook-alias-payload.js';
import { webhookDeletePayload } from './webhook-delete-payload.js';
import { webhookGroupPayload } from './webhook-group-payload.js';
import { webhookIdentifyPayload } from './webhook-identify-payload.js';
import { webhookPagePayload } from './webhook-page-payload.js';
import { webhookScreenPayload } from './webhook-screen-payload.js';
import { webhookTrackPayload } from './webhook-track-payload.js';

export type WebhookPayloadConstraints = PayloadConstraints;

/** Any webhook delivery body of rule 2.2 and 6: the seven types and audience Identify calls. */
export function webhookPayload(constraints: WebhookPayloadConstraints = {}): fc.Arbitrary<Record<string, unknown>> {
  // delete and audience payloads have no free-form field to pad, so they are left out when an exact size is asked for.
  const sized = constraints.targetBytes !== undefined;
  return fc.oneof(
    webhookPagePayload(constraints),
    webhookScreenPayload(constraints),
    webhookIdentifyPayload(constraints),
    webhookTrackPayload(constraints),
    webhookAliasPayload(constraints),
    webhookGroupPayload(constraints),
    ...(sized ? [] : [webhookDeletePayload(constraints), audienceIdentifyPayload(constraints)]),
  );
}
