export { WebhookDispatcher, type DeliveryListener, type DeliveryTarget, type DeliveryView, type DispatchPayloadInput, type WebhookDispatcherOptions } from './webhook-dispatcher.js';
