// The root entry point: the wire contract, clocks and errors. Adapters (server, msw, CLI) and the
// client have their own subpaths; see package.json "exports".
export type { Clock, ClockHold, FakeClock, MoveOptions, TimerHandle, FakeClockOptions } from './clock/index.js';
export { createFakeClock, createSystemClock, isFakeClock, DEFAULT_FAKE_EPOCH } from './clock/index.js';
// Every error class (for `instanceof` and `Class.code`) and isHarnessError(); docs/errors.md lists their codes.
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
export { MAX_CLOCK_TIME, MIN_CLOCK_TIME } from './clock/index.js';
export {
  validate,
  assertValid,
  validatorFor,
  redactUrlPasswords,
  type ValidationResult,
  type SchemaViolation,
  type SchemaName,
} from './contract/index.js';
// The wire types generated from schemas/, for users who type their own payloads (the journal's entry type is
// the richer JournalEntry below, so the schema's one is exported as WireJournalEntry).
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
export { signPayload, serializePayload, verifySignature } from './domain/signing/index.js';
export { isDestinationEnabled, WEBHOOKS_DESTINATION } from './domain/routing/index.js';
export { createHarness, SAMPLE_SECRET, type Harness, type HarnessOptions } from './harness/create-harness.js';
export {
  createRemoteHarness,
  type RemoteHarness,
  type RemoteHarnessOptions,
} from './harness/remote/remote-harness.js';
export type { RemoteClock, RemoteFakeClock } from './harness/remote/remote-clock.js';
export { RemoteJournal } from './harness/remote/remote-journal.js';
export { RemoteRequestLog } from './harness/remote/remote-requests.js';
export type { CapturedPage, CapturedRequest } from './core/collection/request-capture.js';
export { RemoteDeliveries } from './harness/remote/remote-deliveries.js';
export { RemoteFaults, type PendingFault } from './harness/remote/remote-faults.js';
export type {
  HarnessHttpServer,
  HarnessServedRequest,
  HarnessInjectRequest,
  HarnessInjectResponse,
} from './harness/harness-server.js';
export { createServiceCore, type ServiceCore, type ServiceCoreOptions, type ClockChoice } from './core/service-core.js';
export {
  CollectionRequestLog,
  type CollectionRequestRecord,
  type RequestLogListener,
  type ServedCollectionRequest,
} from './core/collection/request-log.js';
export {
  CollectionService,
  MAX_BATCH_EVENTS,
  MAX_EVENT_BYTES,
  MAX_REQUEST_BYTES,
  type AcceptedEvent,
  type CollectionRequest,
  type CollectionResponse,
} from './domain/collection/index.js';
export {
  EventJournal,
  type JournalEntry,
  type JournalMatchQuery,
  type JournalQuery,
  type JournalPage,
  type JournalStatus,
  type JournalSubscribeOptions,
} from './domain/journal/index.js';
export { SourceRegistry } from './domain/sources/index.js';
export { FaultPlan, parseFaultRule, type Fault, type FaultRule } from './core/faults/index.js';
export {
  ActionsDestination,
  WebhookDispatcher,
  type DeliveryView,
  type DestinationKind,
  type WebhookDispatcherOptions,
} from './actors/dispatcher/index.js';
export {
  buildEventPayload,
  classifyOutcome,
  SELF_SIGNED_CODES,
  classifyActionsOutcome,
  isRetryable,
  createHttpTransport,
  ACTIONS_TIMEOUT_MS,
  ACTIONS_USER_AGENT,
  actionsSignature,
  actionsData,
  ACTIONS_MAX_BATCH_SIZE,
  type AttemptOutcome,
  type OutgoingRequest,
  type WebhookTransport,
} from './domain/delivery/index.js';
export { DeletionService } from './domain/deletions/index.js';
export { AudienceService, audienceTraitKey } from './domain/audiences/index.js';
export { loadConfigFile, parseConfig } from './core/config/index.js';
export {
  RunRegistry,
  MemoryRunDirectory,
  DEFAULT_RUN_ID,
  DEFAULT_MAX_RUNS,
  DEFAULT_RUN_IDLE_MS,
  RUN_HEADER,
  type Run,
  type CreateRunInput,
  type RunCoreFactory,
  type RunCoreOptions,
  type RunRegistryOptions,
  type RunDirectory,
  type RunDirectoryAddResult,
  type RunRecord,
} from './core/runs/index.js';
