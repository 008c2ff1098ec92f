// The errors event-harness throws, by family (one file each); docs/errors.md lists every code with its status.
export { HarnessError, isHarnessError } from './harness-error.js';
export {
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
} from './collection-errors.js';
export {
  ServerStartError,
  ServerStoppingError,
  HostNotAllowedError,
  CrossOriginRefusedError,
  RouteNotFoundError,
  InspectorAssetsMissingError,
} from './server-errors.js';
export {
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
} from './admin-errors.js';
export {
  ClockNotFakeError,
  ClockOutOfRangeError,
  RunBudgetExceededError,
  JournalWaitTimeoutError,
  AbortError,
  type UnfinishedMove,
} from './clock-errors.js';
export {
  StoreError,
  StoreUnavailableError,
  StoreUnreachableError,
  StoreWriteError,
  StoreConnectionLimitError,
} from './store-errors.js';
export {
  InvalidClientOptionsError,
  InvalidMessageError,
  QueueFullError,
  ClientClosedError,
  DeliveryFailedError,
  RequestTimeoutError,
  ClientCallRefusedError,
  ServerUnreachableError,
  AdminApiError,
} from './client-errors.js';
export {
  ConfigError,
  UsageError,
  ImportFileError,
  ContractViolationError,
  UnknownSchemaError,
  TargetNotAllowedError,
} from './config-errors.js';
export type { SchemaViolation } from './schema-violation.js';
