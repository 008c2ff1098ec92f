import { DELIVERY_TIMEOUT_MS, WEBHOOKS_USER_AGENT, type Clock } from '../../src/index.js';

/** The receiver under test, as the destination would be configured for it (rule 2.1). */
export interface ReceiverTarget {
  /** Full http(s) URL. */
  readonly url: string;
  /** The shared secret; when set, deliveries are signed and the 5.1 clauses run. */
  readonly secret?: string;
  /** Static headers sent with every delivery (at most 5). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra PEM certificates to trust (a receiver with a private CA). */
  readonly ca?: readonly string[];
}

/** Features a receiver may declare it does not handle: their clauses are skipped, not failed. */
export interface ReceiverSupports {
  /** Delete notifications (rule 2.2, 6.1). Default true. */
  readonly delete?: boolean;
  /** Audience membership Identify calls (rule 6.2). Default true. */
  readonly audiences?: boolean;
  /** Redelivery of the same messageId (retries, rule 7). Default true. */
  readonly redelivery?: boolean;
  /** Several deliveries at once. Default true. */
  readonly concurrency?: boolean;
}

export interface ReceiverSettings {
  /** The answer deadline of rule 4.1 and 8; default 5000 ms. */
  readonly timeoutMs?: number;
  /**
   * Deliveries in flight at once, as the service sends them (default 100, at most 1024): every clause whose
   * deliveries do not depend on each other sends up to this many together, and 4.1.concurrent sends exactly
   * this many at the same time. 1 sends one delivery at a time (and skips 4.1.concurrent).
   */
  readonly concurrency?: number;
  /** Default 'Segment.io/1.0'. */
  readonly userAgent?: string;
  /** Webhooks (Actions) with batching: the mapping's batch size (1 to 4,000); runs 2.2.actions-batch. */
  readonly batchSize?: number;
  /** Clock for waits; default the system clock. */
  readonly clock?: Clock;
}

/** The service's own answer deadline (rule 4.1) and User-Agent: the suite delivers as the service does. */
export const DEFAULT_TIMEOUT_MS = DELIVERY_TIMEOUT_MS;
export const DEFAULT_CONCURRENCY = 100;
export const MAX_CONCURRENCY = 1_024;
export const DEFAULT_USER_AGENT = WEBHOOKS_USER_AGENT;
