// event-harness/client: the spec-derived batching client (rule 2.3-2.5, 4.2-4.3).
export { createClient } from './create-client.js';
export type { Client, ClientStats, FailedMessage, FlushResult } from './client.js';
export type { CreateClientOptions } from './client-options.js';
export { createLineLogger, silentLogger, type ClientLogger } from './client-logger.js';
export type {
  AliasInput,
  CommonInput,
  GroupInput,
  IdentifyInput,
  MessageType,
  PageInput,
  ScreenInput,
  TrackInput,
} from './message-input.js';
// The SPEC limits the client keeps under, by the names this subpath has always used (one definition: contract/spec-limits).
export {
  MAX_BATCH_EVENTS,
  MAX_REQUEST_BYTES as MAX_BATCH_BYTES,
  MAX_EVENT_BYTES as MAX_MESSAGE_BYTES,
} from '../../contract/spec-limits.js';
export { LIBRARY_NAME, LIBRARY_VERSION } from './library-info.js';
export {
  ClientClosedError,
  DeliveryFailedError,
  InvalidClientOptionsError,
  InvalidMessageError,
  QueueFullError,
  RequestTimeoutError,
} from '../../errors/client-errors.js';
export { EventTooLargeError } from '../../errors/collection-errors.js';
