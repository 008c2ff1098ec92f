import type fc from 'fast-check';
import { invalidVariant, without, withValue, type InvalidValue, type Mutation } from './invalid-variant.js';
import { webhookAliasPayload } from './webhook-alias-payload.js';
import { webhookDeletePayload } from './webhook-delete-payload.js';
import { webhookGroupPayload } from './webhook-group-payload.js';
import { webhookIdentifyPayload } from './webhook-identify-payload.js';
import { webhookPagePayload } from './webhook-page-payload.js';
import { webhookScreenPayload } from './webhook-screen-payload.js';
import { webhookTrackPayload } from './webhook-track-payload.js';

export type WebhookPayloadType = 'page' | 'screen' | 'identify' | 'track' | 'alias' | 'group' | 'delete';

export interface InvalidWebhookPayloadConstraints {
  /** Which payload to break; its schema is schemas/webhook-<type>.schema.json. */
  readonly type: WebhookPayloadType;
}

const versioned: readonly Mutation[] = [
  without('version'),
  withValue('version', 3, 'enum'),
  withValue('timestamp', '2024-01-01T00:00:00Z', 'pattern'),
  without('timestamp'),
];
const noIdentity: Mutation = {
  pointer: '/userId',
  rule: 'anyOf',
  description: 'both userId and anonymousId removed',
  apply: (v) => {
    delete v.userId;
    delete v.anonymousId;
    return v;
  },
};

const BY_TYPE: Readonly<
  Record<WebhookPayloadType, { valid: () => fc.Arbitrary<Record<string, unknown>>; mutations: readonly Mutation[] }>
> = {
  page: { valid: webhookPagePayload, mutations: [...versioned, noIdentity, withValue('properties', 'x', 'type')] },
  screen: { valid: webhookScreenPayload, mutations: [...versioned, noIdentity, withValue('name', 1, 'type')] },
  identify: { valid: webhookIdentifyPayload, mutations: [...versioned, noIdentity, withValue('traits', [], 'type')] },
  track: { valid: webhookTrackPayload, mutations: [...versioned, noIdentity, without('event')] },
  alias: { valid: () => webhookAliasPayload(), mutations: [...versioned, without('previousId', 'anyOf')] },
  group: { valid: webhookGroupPayload, mutations: [...versioned, noIdentity, without('groupId')] },
  delete: {
    valid: webhookDeletePayload,
    mutations: [
      without('userId'),
      without('timestamp'),
      withValue('version', 1, 'additionalProperties'),
      withValue('timestamp', 'Mon, 01 Jan 2024 00:00:00 GMT', 'pattern'),
    ],
  },
};

/** Webhook payloads that break exactly one rule of rule 2.2, with the expected violation. */
export function invalidWebhookPayload(constraints: InvalidWebhookPayloadConstraints): fc.Arbitrary<InvalidValue> {
  const entry = BY_TYPE[constraints.type];
  return invalidVariant(entry.valid(), entry.mutations);
}
