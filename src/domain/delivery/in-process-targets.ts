import type { WebhookTransport } from './http-transport.js';

/**
 * Webhook targets served by this same process (the built-in sample receiver): a delivery to one of them is
 * handed over in process, with the bytes and headers it would have been sent with, instead of over a socket.
 */
export interface InProcessTargets {
  /** Whether `url` is one of this process's own targets. */
  accepts(url: string): boolean;
  /** Delivers one request as the HTTP transport would (same outcome shape). */
  readonly send: WebhookTransport;
}
