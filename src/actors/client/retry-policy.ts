import { parseRetryAfter } from '../../contract/retry-after.js';

/** A Retry-After longer than this is cut to it, so a confused server cannot stall close() for hours. */
export const MAX_RETRY_AFTER_MS = 60_000;

export interface BackoffSettings {
  /** Delay before the first retry, before jitter. */
  readonly minMs: number;
  /** Largest delay, before jitter. */
  readonly maxMs: number;
}

/**
 * Milliseconds the client waits for a Retry-After header (contract/retry-after), capped at MAX_RETRY_AFTER_MS;
 * undefined when absent or unreadable, so backoff applies instead.
 */
export function clientRetryAfterMs(header: string | undefined, now: number): number | undefined {
  const ms = parseRetryAfter(header, now);
  return ms === undefined ? undefined : Math.min(MAX_RETRY_AFTER_MS, ms);
}
