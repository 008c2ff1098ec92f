export {
  WebhookDispatcher,
  type DeliveryListener,
  type DeliveryTarget,
  type DeliveryView,
  type DestinationKind,
  type DispatchPayloadInput,
  type DispatchRequestInput,
  type WebhookDispatcherOptions,
} from './webhook-dispatcher.js';
export { ActionsDestination, DEFAULT_BATCH_WINDOW_MS } from './actions-destination.js';
