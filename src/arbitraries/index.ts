// event-harness/arbitraries: fast-check arbitraries for every schema, valid and invalid.
export {
  OPTIONAL_FIELDS,
  UNICODE_LEVELS,
  type OptionalFields,
  type PayloadConstraints,
  type TargetBytes,
  type UnicodeLevel,
} from './constraints.js';
export { hostileString, HOSTILE_STRINGS, type HostileStringConstraints } from './hostile-string.js';
export { objectKey } from './object-key.js';
export { jsonNumber, EDGE_NUMBERS } from './json-number.js';
export { freeFormObject, type FreeFormObjectConstraints } from './free-form-object.js';
export { isoTimestamp, utcMillisTimestamp } from './timestamps.js';
export { contextObject } from './context.js';
export { integrationsMap } from './integrations-map.js';
export { padToBytes } from './pad-to-bytes.js';
export { identifyMessage, type IdentifyMessageConstraints } from './identify-message.js';
export { trackMessage, type TrackMessageConstraints } from './track-message.js';
export { pageMessage, type PageMessageConstraints } from './page-message.js';
export { screenMessage, type ScreenMessageConstraints } from './screen-message.js';
export { groupMessage, type GroupMessageConstraints } from './group-message.js';
export { aliasMessage, type AliasMessageConstraints } from './alias-message.js';
export { collectionMessage, type CollectionMessageConstraints } from './collection-message.js';
export { batchEnvelope, type BatchEnvelopeConstraints } from './batch-envelope.js';
export { webhookPagePayload, type WebhookPagePayloadConstraints } from './webhook-page-payload.js';
export { webhookScreenPayload, type WebhookScreenPayloadConstraints } from './webhook-screen-payload.js';
export { webhookIdentifyPayload, type WebhookIdentifyPayloadConstraints } from './webhook-identify-payload.js';
export { webhookTrackPayload, type WebhookTrackPayloadConstraints } from './webhook-track-payload.js';
export { webhookAliasPayload, type WebhookAliasPayloadConstraints } from './webhook-alias-payload.js';
export { webhookGroupPayload, type WebhookGroupPayloadConstraints } from './webhook-group-payload.js';
export { webhookDeletePayload, type WebhookDeletePayloadConstraints } from './webhook-delete-payload.js';
export { audienceIdentifyPayload, type AudienceIdentifyPayloadConstraints } from './audience-identify-payload.js';
export { webhookPayload, type WebhookPayloadConstraints } from './webhook-payload.js';
export { webhookSettings, type WebhookSettingsConstraints } from './webhook-settings.js';
export { clientOptions, type ClientOptionsConstraints } from './client-options.js';
export { deletionRequest, type DeletionRequestConstraints } from './deletion-request.js';
export { audienceDefinition, type AudienceDefinitionConstraints } from './audience-definition.js';
export { harnessConfig, type HarnessConfigConstraints } from './harness-config.js';
export { invalidVariant, type InvalidValue, type Mutation } from './invalid-variant.js';
export {
  invalidCollectionMessage,
  type CollectionMessageType,
  type InvalidCollectionMessageConstraints,
} from './invalid-collection-message.js';
export {
  invalidWebhookPayload,
  type InvalidWebhookPayloadConstraints,
  type WebhookPayloadType,
} from './invalid-webhook-payload.js';
export { invalidWebhookSettings } from './invalid-webhook-settings.js';
