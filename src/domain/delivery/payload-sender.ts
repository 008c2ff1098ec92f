import type { WebhookSettings } from '../../contract/generated/wire-types.js';

export interface DispatchPayloadInput {
  readonly writeKey: string;
  readonly settings: WebhookSettings;
  readonly payload: Record<string, unknown>;
  readonly messageId?: string;
}

/**
 * The port through which domain services (deletions, audiences) send a ready-made payload to a source's
 * Webhooks destination. The dispatcher implements it; the domain never imports the dispatcher, so a store
 * backed by a database or a queue can stand in for it.
 */
export interface PayloadSender {
  /** Serializes, signs and queues `payload`; answers the delivery's id. Throws DeliveryBacklogFullError when full. */
  dispatchPayload(input: DispatchPayloadInput): { readonly id: string };
}
