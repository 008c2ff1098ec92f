// The root entry point (package "."): the mock in process (createHarness and the types of what it hands you), the
// clocks you pass it, the wire contract (validators, the generated types, the service's limits and header rule, the
// collection routes, signing) and the errors you catch. It exports no value of the layers below: the journal,
// dispatcher, runs and faults are reached through a harness, and only their types are named here. The client,
// arbitraries, msw handlers and suites have their own subpaths (package.json "exports"); test/helpers/public-exports.ts
// pins every entry point's values.

// The mock in process, and the types of what a harness hands you.
export {
  createHarness,
  SAMPLE_SECRET,
  type Harness,
  type HarnessOptions,
} from './harness/create-harness.js';
export {
  createRemoteHarness,
  type RemoteHarness,
  type RemoteHarnessOptions,
} from './harness/remote/remote-harness.js';
export type { RemoteClock, RemoteFakeClock } from './harness/remote/remote-clock.js';
export type { RemoteJournal } from './harness/remote/remote-journal.js';
export type { RemoteRequestLog } from './harness/remote/remote-requests.js';
export type { RemoteDeliveries } from './harness/remote/remote-deliveries.js';
export type { RemoteFaults, PendingFault } from './harness/remote/remote-faults.js';
export type {
  HarnessHttpServer,
  HarnessServedRequest,
  HarnessInjectRequest,
  HarnessInjectResponse,
} from './harness/harness-server.js';
export type { ServiceCore, ServiceCoreOptions, ClockChoice } from './core/service-core.js';
export type { CapturedPage, CapturedRequest } from './core/collection/request-capture.js';
export type {
  CollectionRequestLog,
  CollectionRequestRecord,
  RequestLogListener,
  ServedCollectionRequest,
} from './core/collection/request-log.js';
export type {
  EventJournal,
  JournalEntry,
  JournalMatchQuery,
  JournalQuery,
  JournalPage,
  JournalStatus,
  JournalSubscribeOptions,
} from './domain/journal/index.js';
export type { SourceRegistry } from './domain/sources/index.js';
export type { FaultPlan, Fault, FaultRule } from './core/faults/index.js';
export type {
  WebhookDispatcher,
  DeliveryView,
  DestinationKind,
  WebhookDispatcherOptions,
} from './actors/dispatcher/index.js';
export type { AttemptOutcome, OutgoingRequest, WebhookTransport } from './domain/delivery/index.js';
export type { DeletionService } from './domain/deletions/index.js';
export type { AudienceService } from './domain/audiences/index.js';
export type {
  RunRegistry,
  Run,
  CreateRunInput,
  RunCoreFactory,
  RunCoreOptions,
  RunRegistryOptions,
  RunDirectory,
  RunDirectoryAddResult,
  RunRecord,
} from './core/runs/index.js';

// The clocks a harness, a client or a suite runs on.
export type { Clock, ClockHold, FakeClock, MoveOptions, TimerHandle, FakeClockOptions } from './clock/index.js';
export { createFakeClock, createSystemClock, isFakeClock, DEFAULT_FAKE_EPOCH } from './clock/index.js';

// The wire contract: the schemas' validators and types, the service's limits, the headers a delivery may carry, the
// collection routes, and the signatures of both destination kinds. The suites in event-harness/conformance judge by
// these same definitions.
export {
  validate,
  assertValid,
  validatorFor,
  redactUrlPasswords,
  type ValidationResult,
  type SchemaViolation,
  type SchemaName,
} from './contract/index.js';
export { isObject } from './contract/is-object.js';
export {
  MAX_EVENT_BYTES,
  MAX_REQUEST_BYTES,
  MAX_BATCH_EVENTS,
  MAX_MESSAGE_ID_LENGTH,
  DELIVERY_TIMEOUT_MS,
  RETRY_WINDOW_MS,
} from './contract/spec-limits.js';
export { RESERVED_OUTGOING_HEADERS, outgoingHeaderProblem } from './contract/outgoing-headers.js';
export { COLLECTION_ROUTES, routeKind, type RouteKind } from './domain/collection/collection-routes.js';
export { signPayload, serializePayload, verifySignature } from './domain/signing/index.js';
export {
  WEBHOOKS_USER_AGENT,
  SELF_SIGNED_CODES,
  ACTIONS_MAX_BATCH_SIZE,
  ACTIONS_TIMEOUT_MS,
  ACTIONS_USER_AGENT,
  actionsData,
  actionsSignature,
} from './domain/delivery/index.js';
// The wire types generated from schemas/, for users who type their own payloads (the journal's entry type is
// the richer JournalEntry above, so the schema's one is exported as WireJournalEntry).
export type {
  Context,
  Integrations,
  CollectionMessage,
  IdentifyMessage,
  TrackMessage,
  PageMessage,
  ScreenMessage,
  GroupMessage,
  AliasMessage,
  BatchEnvelope,
  WebhookPayload,
  WebhookPagePayload,
  WebhookScreenPayload,
  WebhookIdentifyPayload,
  WebhookTrackPayload,
  WebhookAliasPayload,
  WebhookGroupPayload,
  WebhookDeletePayload,
  WebhookSettings,
  ActionsWebhookSettings,
  WebhookEntry,
  ClientOptions,
  DeletionRequest,
  AudienceDefinition,
  HarnessConfig,
  HttpConfig,
  RunSettingsUpdate,
  SourceConfig,
  DeliveryRecord,
  DeliveryAttempt,
  ErrorResponse,
  JournalEntry as WireJournalEntry,
  DriverProtocolLine,
  DriverHello,
  DriverRequest,
  DriverInitConfig,
  DriverAnswer,
} from './contract/index.js';

// The errors you catch: every class (for `instanceof` and `Class.code`) and isHarnessError(), which holds across
// copies of the package; docs/errors.md lists their codes.
export {
  HarnessError,
  isHarnessError,
  CollectionApiError,
  InvalidJsonError,
  InvalidBodyError,
  InvalidGzipError,
  UnsupportedMediaTypeError,
  JsonTooDeepError,
  RequestTooLargeError,
  EventTooLargeError,
  BatchTooLongError,
  InvalidEventsError,
  MissingWriteKeyError,
  UnknownWriteKeyError,
  DeliveryBacklogFullError,
  AnalyticsNextMissingError,
  ServerStartError,
  ServerStoppingError,
  HostNotAllowedError,
  CrossOriginRefusedError,
  RouteNotFoundError,
  InspectorAssetsMissingError,
  AdminRequestError,
  InvalidRequestError,
  InvalidJournalQueryError,
  InvalidWebhookSettingsError,
  UnknownSourceError,
  DeliveryNotFoundError,
  AudienceNotFoundError,
  RunNotFoundError,
  WriteKeyTakenError,
  RunWriteKeyMismatchError,
  DefaultRunUndeletableError,
  RunLimitReachedError,
  RunMemoryBudgetError,
  ClockNotFakeError,
  ClockOutOfRangeError,
  RunBudgetExceededError,
  JournalWaitTimeoutError,
  AbortError,
  type UnfinishedMove,
  StoreError,
  StoreUnavailableError,
  StoreUnreachableError,
  StoreWriteError,
  StoreConnectionLimitError,
  InvalidClientOptionsError,
  InvalidMessageError,
  QueueFullError,
  ClientClosedError,
  DeliveryFailedError,
  RequestTimeoutError,
  ClientCallRefusedError,
  ServerUnreachableError,
  AdminApiError,
  ConfigError,
  UsageError,
  ImportFileError,
  ContractViolationError,
  UnknownSchemaError,
  TargetNotAllowedError,
} from './errors/index.js';
