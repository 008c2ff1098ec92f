export interface BackoffRange {
  /** The first delay, before jitter. */
  readonly baseMs: number;
  /** The longest delay, before jitter. */
  readonly maxMs: number;
}

/**
 * Randomized exponential backoff, for the client and for webhook delivery alike: base * 2^(n-1) for the
 * n-th retry, capped at maxMs, with "equal jitter" (half fixed, half random: within [50%, 100%]) so retries
 * of many senders spread out. `random` is seeded by the caller, so a run replays.
 */
export function backoffMs(retry: number, range: BackoffRange, random: () => number): number {
  const exponential = Math.min(range.maxMs, range.baseMs * 2 ** Math.max(0, retry - 1));
  const half = exponential / 2;
  return Math.round(half + half * Math.min(1, Math.max(0, random())));
}
