import type {
  ActionsWebhookSettings,
  AliasMessage,
  AudienceDefinition,
  BatchEnvelope,
  ClientOptions,
  CollectionMessage,
  DeletionRequest,
  DeliveryRecord,
  DriverProtocolLine,
  ErrorResponse,
  GroupMessage,
  HarnessConfig,
  HttpConfig,
  IdentifyMessage,
  JournalEntry,
  PageMessage,
  RunSettingsUpdate,
  ScreenMessage,
  TrackMessage,
  WebhookAliasPayload,
  WebhookDeletePayload,
  WebhookGroupPayload,
  WebhookIdentifyPayload,
  WebhookPagePayload,
  WebhookPayload,
  WebhookScreenPayload,
  WebhookSettings,
  WebhookTrackPayload,
} from './generated/wire-types.js';
import type { SchemaName } from './generated/schema-documents.js';

/** The TypeScript type each schema describes, so `validate('track', v)` narrows `v` to `TrackMessage`. */
export interface SchemaTypes {
  alias: AliasMessage;
  audience: AudienceDefinition;
  batch: BatchEnvelope;
  'client-options': ClientOptions;
  'collection-message': CollectionMessage;
  common: Record<string, unknown>;
  'deletion-request': DeletionRequest;
  'delivery-record': DeliveryRecord;
  'driver-protocol': DriverProtocolLine;
  'error-response': ErrorResponse;
  group: GroupMessage;
  'harness-config': HarnessConfig;
  'http-config': HttpConfig;
  identify: IdentifyMessage;
  'journal-entry': JournalEntry;
  page: PageMessage;
  'run-settings': RunSettingsUpdate;
  screen: ScreenMessage;
  track: TrackMessage;
  'actions-webhook-settings': ActionsWebhookSettings;
  'webhook-alias': WebhookAliasPayload;
  'webhook-delete': WebhookDeletePayload;
  'webhook-group': WebhookGroupPayload;
  'webhook-identify': WebhookIdentifyPayload;
  'webhook-page': WebhookPagePayload;
  'webhook-payload': WebhookPayload;
  'webhook-screen': WebhookScreenPayload;
  'webhook-settings': WebhookSettings;
  'webhook-track': WebhookTrackPayload;
}

// Fails to compile when a schema is added without a type here (or a type left for a removed schema).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const schemaTypesCoverEverySchema: Exact<keyof SchemaTypes, SchemaName> = true;
