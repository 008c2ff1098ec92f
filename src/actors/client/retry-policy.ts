import type { Clock } from '../../clock/clock.js';
import { backoffMs } from '../../contract/backoff.js';
import { parseRetryAfter } from '../../contract/retry-after.js';
import type { PostOutcome } from './post-batch.js';

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

/**
 * The wait before the next attempt of a batch: the server's Retry-After when it answered with a readable one,
 * else jittered exponential backoff.
 */
export function retryDelayMs(
  outcome: PostOutcome,
  attempt: number,
  clock: Clock,
  backoff: BackoffSettings,
  random: () => number,
): number {
  return (
    (outcome.kind === 'answer' ? clientRetryAfterMs(outcome.retryAfter, clock.now()) : undefined) ??
    backoffMs(attempt, { baseMs: backoff.minMs, maxMs: backoff.maxMs }, random)
  );
}
