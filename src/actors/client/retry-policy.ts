import { MAX_RETRY_AFTER_MS } from './client-limits.js';

/** 5xx, 408 and 429 are worth another try; every other status (400 above all) is final (docs/decisions.md). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * Milliseconds a Retry-After header asks for: delta-seconds or an HTTP date (relative to `now`), capped at
 * MAX_RETRY_AFTER_MS; undefined when absent or unreadable, so backoff applies instead.
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}

export interface BackoffSettings {
  /** Delay before the first retry, before jitter. */
  readonly minMs: number;
  /** Largest delay, before jitter. */
  readonly maxMs: number;
}

/** Exponential backoff with "equal jitter": half the doubled delay is fixed, half random, so retries spread out. */
export function backoffDelay(retry: number, settings: BackoffSettings, random: () => number): number {
  const exponential = Math.min(settings.maxMs, settings.minMs * 2 ** Math.max(0, retry - 1));
  const half = exponential / 2;
  return Math.round(half + half * Math.min(1, Math.max(0, random())));
}
