export interface RetryPolicy {
  /** First backoff, before jitter. */
  readonly baseMs: number;
  /** Longest backoff, before jitter. */
  readonly maxMs: number;
  /** Retries stop this long after the first attempt (rule 7: 4 hours). */
  readonly windowMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 1_000, maxMs: 30 * 60_000, windowMs: 4 * 60 * 60_000 };

/** Randomized exponential backoff: base * 2^(n-1), capped, with jitter in [50%, 100%] from the seeded PRNG. */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * When the next walk is due, or undefined when the window is spent. The last retry is clamped to the end
 * of the window, so a delivery that always fails is tried over exactly the whole window, then expires.
 */
export function nextAttemptAt(now: number, firstAttemptAt: number, delayMs: number, policy: RetryPolicy): number | undefined {
  const end = firstAttemptAt + policy.windowMs;
  if (now >= end) return undefined;
  return Math.min(now + delayMs, end);
}
