export { buildEventPayload, type AliasFields } from './build-payload.js';
export {
  classifyOutcome,
  isRetryable,
  SELF_SIGNED_CODES,
  type AttemptOutcome,
  type Verdict,
} from './classify-outcome.js';
export {
  createHttpTransport,
  type HttpTransportOptions,
  type OutgoingRequest,
  type WebhookTransport,
} from './http-transport.js';
export { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './retry-schedule.js';
export { webhookHeaders, WEBHOOKS_USER_AGENT } from './webhook-headers.js';
export { classifyActionsOutcome } from './classify-outcome.js';
export {
  ACTIONS_DEFAULT_BATCH_SIZE,
  ACTIONS_MAX_BATCH_SIZE,
  ACTIONS_TIMEOUT_MS,
  ACTIONS_USER_AGENT,
  actionsData,
  actionsHeaders,
  actionsSignature,
} from './actions-request.js';
export { addForwardedFields, channelOf, UNKNOWN_LIBRARY } from './forwarded-fields.js';
export type { DispatchPayloadInput, PayloadSender } from './payload-sender.js';
