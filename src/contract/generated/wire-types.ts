/* eslint-disable */
/**
 * DO NOT EDIT: generated from schemas/ by `npm run generate` (scripts/generate-types.mjs).
 * `npm run check:types-generated` fails when this file is stale.
 */

/**
 * A user, anonymous, group or message identifier: a non-empty string.
 */
export type Id = string;
/**
 * An ISO 8601 / RFC 3339 date-time string.
 */
export type IsoTimestamp = string;
/**
 * An ISO 8601 / RFC 3339 date-time string, or null: kept as the call carried it (docs/decisions.md, "Nulls in optional fields").
 */
export type NullableIsoTimestamp = string | null;
/**
 * An audience (rule 6.2 in docs/rules.md): a name and a membership, given as members or computed by a rule over the journal. The trait key is the name in snake_case.
 */
export type AudienceDefinition = {
  name?: string;
  members?: Id[];
  rule?: AudienceRule;
  /**
   * Only these sources receive the audience's Identify calls; default: every source with the Webhooks destination.
   */
  writeKeys?: string[];
} & (GivenMembers | ComputedMembers);
/**
 * Membership computed from the accepted events in the journal.
 */
export type AudienceRule = PerformedRule | TraitRule;
/**
 * Any one call to the collection API, chosen by its type.
 */
export type CollectionMessage =
  IdentifyMessage | TrackMessage | PageMessage | ScreenMessage | GroupMessage | AliasMessage;
/**
 * An Identify call to the collection API (rule 2.3 in docs/rules.md).
 */
export type IdentifyMessage = {
  [k: string]: unknown | undefined;
} & {
  type: "identify";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  traits?: NullableFreeForm;
  [k: string]: unknown | undefined;
};
/**
 * Free-form key/value pairs, or null: kept as the call carried it (docs/decisions.md, "Nulls in optional fields").
 */
export type NullableFreeForm = {
  [k: string]: unknown | undefined;
} | null;
/**
 * A Track call to the collection API (rule 2.3 in docs/rules.md). Needs an event name.
 */
export type TrackMessage = {
  [k: string]: unknown | undefined;
} & {
  type: "track";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  /**
   * Event name.
   */
  event: string;
  properties?: NullableFreeForm;
  [k: string]: unknown | undefined;
};
/**
 * A Page call to the collection API (rule 2.3 in docs/rules.md). The Go client names the page properties Traits; on the wire they are `properties` (url, title, referrer, path are recognised).
 */
export type PageMessage = {
  [k: string]: unknown | undefined;
} & {
  type: "page";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  /**
   * Name of the page. null is accepted (docs/decisions.md, "Nulls in optional fields").
   */
  name?: string | null;
  /**
   * Category of the page. null is accepted (docs/decisions.md, "Nulls in optional fields").
   */
  category?: string | null;
  properties?: NullableFreeForm;
  [k: string]: unknown | undefined;
};
/**
 * A Screen call to the collection API.
 */
export type ScreenMessage = {
  [k: string]: unknown | undefined;
} & {
  type: "screen";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  /**
   * Name of the screen. null is accepted (docs/decisions.md, "Nulls in optional fields").
   */
  name?: string | null;
  properties?: NullableFreeForm;
  [k: string]: unknown | undefined;
};
/**
 * A Group call to the collection API (rule 2.3 in docs/rules.md). Needs a groupId.
 */
export type GroupMessage = {
  [k: string]: unknown | undefined;
} & {
  type: "group";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  groupId: Id;
  traits?: NullableFreeForm;
  [k: string]: unknown | undefined;
};
/**
 * An ISO 8601 timestamp in UTC with millisecond precision, as webhook payloads carry (rule 2.2 in docs/rules.md).
 */
export type UtcMillisTimestamp = string;
/**
 * One line of the client driver protocol (docs/client-suite.md): JSON lines over stdio between the client suite and a driver. The driver's first line is its ready line (DriverHello); then the suite writes requests (DriverRequest) and the driver answers each (DriverAnswer), matched by id. Drivers may add fields; the suite ignores what it does not know.
 */
export type DriverProtocolLine = DriverHello | DriverRequest | DriverAnswer;
/**
 * The alias delivery (rule 2.2 in docs/rules.md). By default previousId and userId; the documented sample's "Previous ID" / "User ID" is an opt-in setting.
 */
export type WebhookAliasPayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "alias";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  previousId?: Id;
  "Previous ID"?: Id;
  "User ID"?: Id;
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};
/**
 * The group delivery (rule 2.2 in docs/rules.md); group traits are free-form and keys may contain spaces.
 */
export type WebhookGroupPayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "group";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  groupId: Id;
  traits?: FreeForm;
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};
/**
 * The identify delivery (rule 2.2 in docs/rules.md), also used for audience membership (rule 6.2 in docs/rules.md).
 */
export type WebhookIdentifyPayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "identify";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  traits?: FreeForm;
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};
/**
 * The page delivery (rule 2.2 in docs/rules.md).
 */
export type WebhookPagePayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "page";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  name?: string | null;
  category?: string | null;
  properties?: {
    path?: string;
    referrer?: string;
    title?: string;
    url?: string;
    [k: string]: unknown | undefined;
  };
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};
/**
 * Any one webhook delivery body, chosen by its type.
 */
export type WebhookPayload =
  | WebhookPagePayload
  | WebhookScreenPayload
  | WebhookIdentifyPayload
  | WebhookTrackPayload
  | WebhookAliasPayload
  | WebhookGroupPayload
  | WebhookDeletePayload;
/**
 * The screen delivery (rule 2.2 in docs/rules.md), with the documented context.
 */
export type WebhookScreenPayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "screen";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  name?: string | null;
  properties?: FreeForm;
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};
/**
 * The track delivery (rule 2.2 in docs/rules.md).
 */
export type WebhookTrackPayload = {
  [k: string]: unknown | undefined;
} & {
  /**
   * Payload version: 1, as the documented payloads carry (the default), or 2, as observed deliveries carry (the payloadVersion setting; docs/decisions.md).
   */
  version: 1 | 2;
  type: "track";
  userId?: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp: UtcMillisTimestamp;
  context?: Context;
  integrations?: Integrations;
  event: string;
  properties?: FreeForm;
  /**
   * The id of the source the event came from (stable per source; the projectId setting).
   */
  projectId?: string;
  /**
   * The source's write key.
   */
  writeKey?: string;
  [k: string]: unknown | undefined;
};

export interface WireContract {
  "actions-webhook-settings"?: ActionsWebhookSettings;
  alias?: AliasMessage;
  audience?: AudienceDefinition;
  batch?: BatchEnvelope;
  "client-options"?: ClientOptions;
  "collection-message"?: CollectionMessage;
  common_Id?: Id;
  common_IsoTimestamp?: IsoTimestamp;
  common_NullableIsoTimestamp?: NullableIsoTimestamp;
  common_UtcMillisTimestamp?: UtcMillisTimestamp;
  common_FreeForm?: FreeForm;
  common_NullableFreeForm?: NullableFreeForm;
  common_Integrations?: Integrations;
  common_Context?: Context;
  "deletion-request"?: DeletionRequest;
  "delivery-record"?: DeliveryRecord;
  "driver-protocol"?: DriverProtocolLine;
  "error-response"?: ErrorResponse;
  group?: GroupMessage;
  "harness-config"?: HarnessConfig;
  "http-config"?: HttpConfig2;
  identify?: IdentifyMessage;
  "journal-entry"?: JournalEntry;
  page?: PageMessage;
  "run-settings"?: RunSettingsUpdate;
  screen?: ScreenMessage;
  track?: TrackMessage;
  "webhook-alias"?: WebhookAliasPayload;
  "webhook-delete"?: WebhookDeletePayload;
  "webhook-group"?: WebhookGroupPayload;
  "webhook-identify"?: WebhookIdentifyPayload;
  "webhook-page"?: WebhookPagePayload;
  "webhook-payload"?: WebhookPayload;
  "webhook-screen"?: WebhookScreenPayload;
  "webhook-settings"?: WebhookSettings;
  "webhook-track"?: WebhookTrackPayload;
}
/**
 * Settings of the Webhooks (Actions) destination (integrations key "Webhooks (Actions)"): up to 5 mappings, each sending the events it subscribes to with POST, PUT or PATCH to its URL with its headers, one event per request or batched as a JSON array; a shared secret signs each request (X-Signature: hex HMAC-SHA1 of the first event's JSON, as the public action-destinations source computes it).
 */
export interface ActionsWebhookSettings {
  /**
   * When set, every request carries X-Signature: hex HMAC-SHA1 over JSON.stringify of the event (of the first event of a batch).
   */
  sharedSecret?: string;
  enabled?: boolean;
  /**
   * The receiver must answer within this (the actions request client's 10 s). At most 1 hour.
   */
  timeoutMs?: number;
  /**
   * A batching mapping sends a partial batch this long (harness clock) after its first event; a full batch goes at once.
   */
  batchWindowMs?: number;
  /**
   * @minItems 1
   * @maxItems 5
   */
  mappings: ActionsWebhookMapping[];
}
export interface ActionsWebhookMapping {
  name?: string;
  /**
   * Event types this mapping sends (the trigger); default all of them.
   *
   * @minItems 1
   */
  subscribe?: ("track" | "page" | "screen" | "identify" | "group" | "alias")[];
  url: string;
  method?: "POST" | "PUT" | "PATCH";
  /**
   * HTTP headers sent with each request (ASCII only). They may not set Content-Type, Content-Length, X-Signature or Host, nor Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect, in any letter case.
   */
  headers?: {
    [k: string]: string | undefined;
  };
  enableBatching?: boolean;
  /**
   * Events per batch: default 1,000, at most 4,000 (the destination's documented limits).
   */
  batchSize?: number;
}
/**
 * An Alias call to the collection API (rule 2.3 in docs/rules.md): both the new userId and the previousId are required.
 */
export interface AliasMessage {
  type: "alias";
  userId: Id;
  anonymousId?: Id;
  messageId?: Id;
  timestamp?: IsoTimestamp;
  originalTimestamp?: NullableIsoTimestamp;
  sentAt?: NullableIsoTimestamp;
  receivedAt?: IsoTimestamp;
  context?: Context;
  integrations?: Integrations;
  previousId: Id;
  [k: string]: unknown | undefined;
}
/**
 * Device, IP and similar information attached to calls (rule 2.2 in docs/rules.md).
 */
export interface Context {
  ip?: string;
  device?: {
    model?: string;
    type?: string;
    [k: string]: unknown | undefined;
  };
  os?: {
    name?: string;
    version?: string;
    [k: string]: unknown | undefined;
  };
  app?: {
    build?: string;
    name?: string;
    version?: string;
    [k: string]: unknown | undefined;
  };
  library?: {
    name?: string;
    version?: string;
    [k: string]: unknown | undefined;
  };
  personas?: {
    computation_class?: string;
    computation_key?: string;
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
/**
 * Destination name to enabled flag (rule 2.4 in docs/rules.md). Keys are case sensitive; All=false disables every destination not named true. An object value counts as enabled (destination options), as the real service accepts.
 */
export interface Integrations {
  [k: string]:
    | boolean
    | {
        [k: string]: unknown | undefined;
      }
    | undefined;
}
export interface PerformedRule {
  /**
   * Track event name.
   */
  performed: string;
  atLeast?: number;
}
export interface TraitRule {
  trait: string;
  equals: string | number | boolean | null;
}
export interface GivenMembers {
  [k: string]: unknown | undefined;
}
export interface ComputedMembers {
  [k: string]: unknown | undefined;
}
/**
 * The body of POST /v1/batch and /v1/import: at most 2,500 events; envelope context and integrations are merged into each event (the event's own keys win). Each event is validated on its own, so one bad event does not sink the batch.
 */
export interface BatchEnvelope {
  /**
   * @maxItems 2500
   */
  batch: {
    type?: string;
    [k: string]: unknown | undefined;
  }[];
  context?: Context;
  integrations?: Integrations;
  sentAt?: NullableIsoTimestamp;
  writeKey?: string;
  [k: string]: unknown | undefined;
}
/**
 * Options of the batching client (rule 2.5 in docs/rules.md). size and flushAt are one setting (messages queued before a flush, 1 turns batching off); flushAfter is in milliseconds.
 */
export interface ClientOptions {
  size?: number;
  flushAt?: number;
  /**
   * Milliseconds since the last flush before the queue is flushed.
   */
  flushAfter?: number;
  /**
   * Base URL of the collection API.
   */
  endpoint?: string;
  /**
   * Per-request timeout in milliseconds.
   */
  timeout?: number;
  /**
   * Retries per batch after the first attempt.
   */
  retries?: number;
  /**
   * Messages held before calls are refused.
   */
  maxQueueSize?: number;
  [k: string]: unknown | undefined;
}
/**
 * Free-form key/value pairs; keys may contain spaces.
 */
export interface FreeForm {
  [k: string]: unknown | undefined;
}
/**
 * A request to delete users: each affected source with the Webhooks destination enabled gets one delete notification per user.
 */
export interface DeletionRequest {
  /**
   * @minItems 1
   * @maxItems 5000
   */
  userIds: Id[];
  /**
   * Sources named as affected in addition to those holding events of the users.
   */
  writeKeys?: string[];
}
/**
 * One webhook delivery with every attempt: GET /__harness/deliveries.
 */
export interface DeliveryRecord {
  id: string;
  messageId: string;
  type: string;
  writeKey: string;
  state: "pending" | "delivered" | "failed" | "expired";
  /**
   * When the next retry is due (ISO 8601), while pending.
   */
  nextAttemptAt?: string;
  /**
   * With a shared store: walks of this delivery resumed after the process walking them died mid-walk (its lease ran out). Each may have sent the receiver a request no attempt records: the receiver got at most attempts + takeovers requests. Absent when none.
   */
  takeovers?: number;
  attempts: DeliveryAttempt[];
  [k: string]: unknown | undefined;
}
export interface DeliveryAttempt {
  url: string;
  at: string;
  status?: number;
  error?: string;
  /**
   * On the harness clock: 0 on the fake clock unless time was moved during the attempt.
   */
  durationMs: number;
  /**
   * Wall-clock milliseconds the attempt took, whatever the harness clock.
   */
  realDurationMs?: number;
  /**
   * How the service judges the attempt: permanent failures (3xx, 4xx other than 408 and 429, a self-signed certificate) are not retried.
   */
  verdict?: "success" | "retryable" | "permanent";
  /**
   * The start (at most 1,024 bytes) of the receiver's body when it answered with a failure status.
   */
  answer?: string;
  [k: string]: unknown | undefined;
}
/**
 * The driver's first line on stdout, once it can take requests.
 */
export interface DriverHello {
  ready: true;
  /**
   * The client under test, as reports name it.
   */
  name: string;
  /**
   * What the rules leave optional (screen) and the knobs the client takes from init (flushAt, flushAfter). Older names (retry, maxEventSize, ...) are accepted and change nothing.
   */
  capabilities: string[];
  [k: string]: unknown | undefined;
}
/**
 * A line the suite writes to the driver's stdin: init (close the current client, flushing it, and start a new one), one call of the client, flush or close (answered once every queued call is settled).
 */
export interface DriverRequest {
  /**
   * Increasing; the answer carries it back.
   */
  id: number;
  op: "init" | "identify" | "track" | "page" | "screen" | "group" | "alias" | "flush" | "close";
  config?: DriverInitConfig;
  /**
   * The call's message (identify, track, page, screen, group, alias), passed to the client as given: possibly invalid on purpose, for the client to refuse.
   */
  message?: {
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
/**
 * The config of an init request. The suite always sends flushAt and flushAfterMs; a driver whose client cannot take one is tested at the rules' default (it does not list the knob). The shipped driver also takes retries, timeout and maxQueueSize.
 */
export interface DriverInitConfig {
  flushAt: number;
  flushAfterMs: number;
  retries?: number;
  timeout?: number;
  maxQueueSize?: number;
  [k: string]: unknown | undefined;
}
/**
 * The driver's answer to one request: ok true once the call is queued (or init, flush, close done), ok false with the error the client gave when it refused. flush and close may add what they settled (delivered, failed).
 */
export interface DriverAnswer {
  /**
   * The request's id; null for a line that was not a request.
   */
  id: number | null;
  ok: boolean;
  /**
   * With ok false: why the client refused (expected; an answer without it is shown whole).
   */
  error?: string;
  delivered?: number;
  /**
   * messageIds that failed for good.
   */
  failed?: string[];
  [k: string]: unknown | undefined;
}
/**
 * The body of every 4xx answer of the collection and admin APIs.
 */
export interface ErrorResponse {
  success: false;
  code: string;
  message: string;
  errors?: ErrorDetail[];
  [k: string]: unknown | undefined;
}
export interface ErrorDetail {
  pointer?: string;
  rule?: string;
  message?: string;
  received?: unknown;
  [k: string]: unknown | undefined;
}
/**
 * The config file of `event-harness serve --config FILE`.
 */
export interface HarnessConfig {
  $schema?: string;
  sources?: SourceConfig[];
  tls?: {
    /**
     * PEM files (paths relative to the config file) trusted in addition to the system store.
     */
    ca?: string[];
  };
  /**
   * Answer 400 listing every violation instead of journaling events as rejected.
   */
  strict?: boolean;
  httpConfig?: HttpConfig1;
  delivery?: {
    userAgent?: string;
    /**
     * standard: previousId/userId; documented: "Previous ID"/"User ID" as in the documented sample.
     */
    aliasFields?: "standard" | "documented";
    /**
     * At most 1 hour: a longer wait is no timeout a receiver can be tested against.
     */
    timeoutMs?: number;
    /**
     * At most 7 days: retries are at most 30 minutes apart, so a longer window would fire unboundedly many timers when the fake clock is advanced.
     */
    retryWindowMs?: number;
    /**
     * At most 1,024 requests at once (the server's own connection cap).
     */
    concurrency?: number;
    /**
     * Delivery records held. Past it the oldest finished one is dropped; when all are unfinished the collection API answers 429 DELIVERY_BACKLOG_FULL.
     */
    capacity?: number;
    /**
     * Finished deliveries (delivered, failed, expired) are dropped this long after they finished (harness clock, ms); a pending delivery is never dropped by age. Unset: no age bound.
     */
    maxAgeMs?: number;
    /**
     * Refuse webhook targets whose address, after DNS resolution, is private, link-local, loopback or otherwise not public (for shared deployments); the attempt fails with TARGET_ADDRESS_REFUSED and is not retried.
     */
    blockPrivateTargets?: boolean;
    /**
     * The version field of webhook payloads: 1, as the documented payloads carry, or 2, as observed deliveries carry (docs/decisions.md). A source's payloadVersion wins.
     */
    payloadVersion?: 1 | 2;
  };
  journal?: {
    /**
     * Entries kept; counts stay exact past it.
     */
    capacity?: number;
    /**
     * Characters of event text held at most (256 Mi by default); past it the oldest entries go, counts stay exact.
     */
    maxBytes?: number;
    /**
     * Entries recorded longer ago than this (harness clock) are no longer held; counts stay exact. Unset: no age bound.
     */
    maxAgeMs?: number;
  };
  /**
   * Answer 429 with Retry-After and X-RateLimit-Reset to collection requests beyond this rate (per second of the harness clock, the whole service), as the real API may past its limit.
   */
  rateLimit?: {
    requestsPerSecond: number;
  };
}
export interface SourceConfig {
  writeKey: string;
  name?: string;
  destinations?: {
    Webhooks?: WebhookSettings;
    "Webhooks (Actions)"?: ActionsWebhookSettings;
  };
  /**
   * The source id delivered events carry as projectId. Default: 22 letters and digits derived from the write key, the same on every start and every node.
   */
  projectId?: string;
  /**
   * The version field of this source's webhook payloads; default delivery.payloadVersion (1).
   */
  payloadVersion?: 1 | 2;
  httpConfig?: HttpConfig;
}
/**
 * Settings of the Webhooks destination (rule 2.1 in docs/rules.md): up to 5 webhooks, each an absolute http(s) URL with up to 5 static headers (which may not replace Content-Type, Content-Length, X-Signature or Host, nor set Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade or Expect), and an optional shared secret for signing.
 */
export interface WebhookSettings {
  /**
   * When set, every request carries X-Signature (rule 5.1 in docs/rules.md).
   */
  sharedSecret?: string;
  /**
   * Whether the destination is enabled (rule 2.1 in docs/rules.md).
   */
  enabled?: boolean;
  /**
   * @minItems 1
   * @maxItems 5
   */
  webhooks: WebhookEntry[];
}
export interface WebhookEntry {
  /**
   * Full URL including the http or https protocol.
   */
  url: string;
  /**
   * Static headers added to requests to this URL. They may not set what the service writes itself (Content-Type, Content-Length, X-Signature, Host) nor what frames the request or controls the connection (Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, TE, Trailer, Upgrade, Expect), in any letter case.
   */
  headers?: {
    /**
     * A value Node.js can write on one line: tab, visible ASCII and Latin-1, never CR, LF or NUL
     */
    [k: string]: string | undefined;
  };
}
/**
 * integrations["Segment.io"].httpConfig in the browser settings of this source; default the top-level httpConfig.
 */
export interface HttpConfig {
  /**
   * 429 answers.
   */
  rateLimitConfig?: {
    enabled?: boolean;
    /**
     * Retries of a rate-limited event (SDK default 10).
     */
    maxRetryCount?: number;
    /**
     * Longest Retry-After honoured, seconds (SDK default 300).
     */
    maxRetryInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxRateLimitDuration?: number;
    [k: string]: unknown | undefined;
  };
  /**
   * Other error answers.
   */
  backoffConfig?: {
    enabled?: boolean;
    /**
     * SDK default 10.
     */
    maxRetryCount?: number;
    /**
     * Seconds (SDK default 0.5).
     */
    baseBackoffInterval?: number;
    /**
     * Seconds (SDK default 60).
     */
    maxBackoffInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxTotalBackoffDuration?: number;
    /**
     * SDK default 10.
     */
    jitterPercent?: number;
    /**
     * SDK default drop.
     */
    default4xxBehavior?: "drop" | "retry";
    /**
     * SDK default retry.
     */
    default5xxBehavior?: "drop" | "retry";
    /**
     * Per status code (its three digits as the key): drop or retry.
     */
    statusCodeOverrides?: {
      [k: string]: "drop" | "retry" | undefined;
    };
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
/**
 * integrations["Segment.io"].httpConfig in the browser settings of every source (a source's own httpConfig wins): how analytics.js answers 429 and other errors.
 */
export interface HttpConfig1 {
  /**
   * 429 answers.
   */
  rateLimitConfig?: {
    enabled?: boolean;
    /**
     * Retries of a rate-limited event (SDK default 10).
     */
    maxRetryCount?: number;
    /**
     * Longest Retry-After honoured, seconds (SDK default 300).
     */
    maxRetryInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxRateLimitDuration?: number;
    [k: string]: unknown | undefined;
  };
  /**
   * Other error answers.
   */
  backoffConfig?: {
    enabled?: boolean;
    /**
     * SDK default 10.
     */
    maxRetryCount?: number;
    /**
     * Seconds (SDK default 0.5).
     */
    baseBackoffInterval?: number;
    /**
     * Seconds (SDK default 60).
     */
    maxBackoffInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxTotalBackoffDuration?: number;
    /**
     * SDK default 10.
     */
    jitterPercent?: number;
    /**
     * SDK default drop.
     */
    default4xxBehavior?: "drop" | "retry";
    /**
     * SDK default retry.
     */
    default5xxBehavior?: "drop" | "retry";
    /**
     * Per status code (its three digits as the key): drop or retry.
     */
    statusCodeOverrides?: {
      [k: string]: "drop" | "retry" | undefined;
    };
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
/**
 * How the SDKs answer the collection API's errors, as @segment/analytics-next (1.84.0 and later) reads it from the settings' integrations["Segment.io"].httpConfig, where it wins over the init options (packages/browser/src/plugins/segmentio/shared-dispatcher.ts, resolveHttpConfig). Served as given; the SDK clamps each number to its own range. Keys the SDKs do not read are passed through.
 */
export interface HttpConfig2 {
  /**
   * 429 answers.
   */
  rateLimitConfig?: {
    enabled?: boolean;
    /**
     * Retries of a rate-limited event (SDK default 10).
     */
    maxRetryCount?: number;
    /**
     * Longest Retry-After honoured, seconds (SDK default 300).
     */
    maxRetryInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxRateLimitDuration?: number;
    [k: string]: unknown | undefined;
  };
  /**
   * Other error answers.
   */
  backoffConfig?: {
    enabled?: boolean;
    /**
     * SDK default 10.
     */
    maxRetryCount?: number;
    /**
     * Seconds (SDK default 0.5).
     */
    baseBackoffInterval?: number;
    /**
     * Seconds (SDK default 60).
     */
    maxBackoffInterval?: number;
    /**
     * Seconds (SDK default 43200).
     */
    maxTotalBackoffDuration?: number;
    /**
     * SDK default 10.
     */
    jitterPercent?: number;
    /**
     * SDK default drop.
     */
    default4xxBehavior?: "drop" | "retry";
    /**
     * SDK default retry.
     */
    default5xxBehavior?: "drop" | "retry";
    /**
     * Per status code (its three digits as the key): drop or retry.
     */
    statusCodeOverrides?: {
      [k: string]: "drop" | "retry" | undefined;
    };
    [k: string]: unknown | undefined;
  };
  [k: string]: unknown | undefined;
}
/**
 * One event as the admin API shows it: GET /__harness/events.
 */
export interface JournalEntry {
  /**
   * Arrival order, from 1.
   */
  seq?: number;
  status: "accepted" | "rejected" | "duplicate" | "filtered";
  reason?: string;
  writeKey: string;
  event: {
    [k: string]: unknown | undefined;
  };
}
/**
 * The body of PUT /__harness/settings (and /__harness/runs/{id}/settings): the run's payload version and browser httpConfig, or with writeKey those of one source. A field left out stays as it is; null goes back to the default (the run's for a source, 1 and none for the run).
 */
export interface RunSettingsUpdate {
  /**
   * The source to change; without it, the run.
   */
  writeKey?: string;
  /**
   * The version field of webhook payloads: 1 (documented) or 2 (observed deliveries).
   */
  payloadVersion?: (1 | 2) | null;
  /**
   * integrations["Segment.io"].httpConfig of the browser settings.
   */
  httpConfig?: HttpConfig2 | null;
}
/**
 * The delete notification (rules 2.2, 6.1 in docs/rules.md): only type, userId and timestamp; no version.
 */
export interface WebhookDeletePayload {
  type: "delete";
  userId: Id;
  timestamp: UtcMillisTimestamp;
}
