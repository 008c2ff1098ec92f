import type { BackoffRange } from '../../contract/backoff.js';
import { RETRY_WINDOW_MS } from '../../contract/spec-limits.js';

/** Backoff (contract/backoff) and the retry window of webhook delivery. */
export interface RetryPolicy extends BackoffRange {
  /** Retries stop this long after the first attempt (rule 7: 4 hours). */
  readonly windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 1_000, maxMs: 30 * 60_000, windowMs: RETRY_WINDOW_MS };

/**
 * When the next walk is due, or undefined when the window is spent. The last retry is clamped to the end
 * of the window, so a delivery that always fails is tried over exactly the whole window, then expires.
 */
export function nextAttemptAt(
  now: number,
  firstAttemptAt: number,
  delayMs: number,
  policy: RetryPolicy,
): number | undefined {
  const end = firstAttemptAt + policy.windowMs;
  if (now >= end) return undefined;
  return Math.min(now + delayMs, end);
}
